import { AssetOverview } from "~/components/assets/asset-overview";
import { assetLinks, assetRoute } from "~/components/assets/asset-shell";
import { privateMeta } from "~/lib/i18n/meta";
import { requireUserLoader } from "~/utils/user.server";

export const links = assetLinks;
export const meta = privateMeta("title.overview", "assets");
export const loader = requireUserLoader;

/** `/asset`: what the trader owns, in their unit, with its allocation and history (docs/decisions/711; on the simulation allow-list: in demo mode the demo accounts). */
export default assetRoute("overview", AssetOverview);
