import type { LinksFunction } from "@remix-run/node";
import { DepositPage } from "~/components/wallet/deposit-page";
import { privateMeta } from "~/lib/i18n/meta";
import tradeCss from "~/styles/trade.css?url";
import walletCss from "~/styles/wallet.css?url";
import { requireUserLoader } from "~/utils/user.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tradeCss },
  { rel: "stylesheet", href: walletCss },
];
export const meta = privateMeta("title.recharge", "wallet");
export const loader = requireUserLoader;

/** Deposit addresses, simulated deposits and their confirmations (docs/decisions/710; on the simulation allow-list). */
export default function Route() {
  return <DepositPage />;
}
