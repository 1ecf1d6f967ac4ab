import { SpotAssets } from "~/components/assets/asset-lists";
import { assetLinks, assetRoute } from "~/components/assets/asset-shell";
import { privateMeta } from "~/lib/i18n/meta";
import { requireUserLoader } from "~/utils/user.server";

export const links = assetLinks;
export const meta = privateMeta("title.spot", "assets");
export const loader = requireUserLoader;

/** `/asset/spot`: the spot account coin by coin (docs/decisions/711; on the simulation allow-list: in demo mode the demo accounts). */
export default assetRoute("spot", SpotAssets);
