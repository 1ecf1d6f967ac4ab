/** What the three wallet routes share: their stylesheets and the login they need (docs/decisions/710). */
import type { LinksFunction } from "@remix-run/node";
import tradeCss from "~/styles/trade.css?url";
import walletCss from "~/styles/wallet.css?url";

export const walletLinks: LinksFunction = () => [
  { rel: "stylesheet", href: tradeCss },
  { rel: "stylesheet", href: walletCss },
];
