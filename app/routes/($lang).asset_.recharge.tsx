import { DepositPage } from "~/components/wallet/deposit-page";
import { walletLinks } from "~/components/wallet/wallet-route";
import { privateMeta } from "~/lib/i18n/meta";
import { requireUserLoader } from "~/utils/user.server";

export const links = walletLinks;
export const meta = privateMeta("title.recharge", "wallet");
export const loader = requireUserLoader;

/** Deposit addresses, simulated deposits and their confirmations (docs/decisions/710). */
export default function Route() {
  return <DepositPage />;
}
