import { privateMeta } from "~/lib/i18n/meta";
import { LoginHistoryTable } from "~/components/security/login-history-table";
import { securitySectionPage } from "~/components/security/security-page";
import { requireUserLoader } from "~/utils/user.server";

export const meta = privateMeta("security.historyTitle");
export const loader = requireUserLoader;
export default securitySectionPage(LoginHistoryTable);
