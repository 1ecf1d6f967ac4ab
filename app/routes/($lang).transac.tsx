import { RecordsPage } from "~/components/wallet/records-page";
import { walletLinks } from "~/components/wallet/wallet-route";
import { privateMeta } from "~/lib/i18n/meta";
import { requireUserLoader } from "~/utils/user.server";

export const links = walletLinks;
export const meta = privateMeta("title.transac", "wallet");
export const loader = requireUserLoader;

/** Deposit, withdrawal and transfer records with filters, paging and CSV (docs/decisions/710). */
export default function Route() {
  return <RecordsPage />;
}
