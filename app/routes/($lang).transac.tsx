import type { LinksFunction } from "@remix-run/node";
import { RecordsPage } from "~/components/wallet/records-page";
import { privateMeta } from "~/lib/i18n/meta";
import tradeCss from "~/styles/trade.css?url";
import walletCss from "~/styles/wallet.css?url";
import { requireUserLoader } from "~/utils/user.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tradeCss },
  { rel: "stylesheet", href: walletCss },
];
export const meta = privateMeta("title.transac", "wallet");
export const loader = requireUserLoader;

/** Deposit, withdrawal and transfer records with filters, paging and CSV (docs/decisions/710; on the simulation allow-list). */
export default function Route() {
  return <RecordsPage />;
}
