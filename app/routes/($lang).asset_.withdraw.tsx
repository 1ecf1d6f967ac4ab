import { WithdrawPage } from "~/components/wallet/withdraw-page";
import { walletLinks } from "~/components/wallet/wallet-route";
import { privateMeta } from "~/lib/i18n/meta";
import { requireUserLoader } from "~/utils/user.server";

export const links = walletLinks;
export const meta = privateMeta("title.withdraw", "wallet");
export const loader = requireUserLoader;

/** Withdrawals with the second factor, their status and cancel, and the address book (docs/decisions/710). */
export default function Route() {
  return <WithdrawPage />;
}
