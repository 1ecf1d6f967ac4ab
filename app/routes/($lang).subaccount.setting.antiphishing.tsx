import { privateMeta } from "~/lib/i18n/meta";
import { AntiPhishingForm } from "~/components/security/anti-phishing-form";
import { securitySectionPage } from "~/components/security/security-page";
import { requireUserLoader } from "~/utils/user.server";

export const meta = privateMeta("security.antiPhishingTitle");
export const loader = requireUserLoader;
export default securitySectionPage(AntiPhishingForm);
