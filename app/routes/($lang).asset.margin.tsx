import { MarginAssets } from "~/components/assets/asset-lists";
import { assetLinks, assetRoute } from "~/components/assets/asset-shell";
import { privateMeta } from "~/lib/i18n/meta";
import { requireUserLoader } from "~/utils/user.server";

export const links = assetLinks;
export const meta = privateMeta("title.margin", "assets");
export const loader = requireUserLoader;

/** `/asset/margin`: the cross and isolated margin accounts coin by coin (docs/decisions/711; on the simulation allow-list: in demo mode the demo accounts). */
export default assetRoute("margin", MarginAssets);
