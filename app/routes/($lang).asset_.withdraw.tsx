import type { LinksFunction } from "@remix-run/node";
import { WithdrawPage } from "~/components/wallet/withdraw-page";
import { privateMeta } from "~/lib/i18n/meta";
import tradeCss from "~/styles/trade.css?url";
import walletCss from "~/styles/wallet.css?url";
import { requireUserLoader } from "~/utils/user.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tradeCss },
  { rel: "stylesheet", href: walletCss },
];
export const meta = privateMeta("title.withdraw", "wallet");
export const loader = requireUserLoader;

/** Withdrawals with the second factor, their status and cancel, and the address book (docs/decisions/710; on the simulation allow-list). */
export default function Route() {
  return <WithdrawPage />;
}
