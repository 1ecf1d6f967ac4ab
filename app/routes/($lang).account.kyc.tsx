import { KycPage } from "~/components/kyc/kyc-page";
import { privateMeta } from "~/lib/i18n/meta";
import { requireUserLoader } from "~/utils/user.server";

export const meta = privateMeta("title", "kyc");
export const loader = requireUserLoader;

/** Identity verification, levels 1 and 2 (docs/decisions/352). */
export default function Route() {
  return <KycPage />;
}
