import { privateMeta } from "~/lib/i18n/meta";
import { DevicesTable } from "~/components/security/devices-table";
import { securitySectionPage } from "~/components/security/security-page";
import { requireUserLoader } from "~/utils/user.server";

export const meta = privateMeta("security.devicesTitle");
export const loader = requireUserLoader;
export default securitySectionPage(DevicesTable);
