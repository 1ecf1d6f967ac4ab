import type { LinksFunction } from "@remix-run/node";
import { VipIntroducePage } from "~/components/vip/vip-introduce-page";
import { vipPublicMeta } from "~/lib/vip/meta";
import vipCss from "~/styles/vip.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: vipCss }];
export const meta = vipPublicMeta("meta.introduceTitle", "meta.introduceDescription");

/** The VIP levels: thresholds and rates (public; on the simulation allow-list, docs/product.md). */
export default function VipIntroduce() {
  return <VipIntroducePage />;
}
