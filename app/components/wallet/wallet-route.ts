/** The stylesheets of the three wallet routes, and of the asset pages' demo deposit panel (docs/decisions/710). */
import type { LinksFunction } from "@remix-run/node";
import tradeCss from "~/styles/trade.css?url";
import walletCss from "~/styles/wallet.css?url";

export const walletLinks: LinksFunction = () => [
  { rel: "stylesheet", href: tradeCss },
  { rel: "stylesheet", href: walletCss },
];
