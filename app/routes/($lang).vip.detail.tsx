import type { LinksFunction } from "@remix-run/node";
import { VipDetailPage } from "~/components/vip/vip-detail-page";
import { privateMeta } from "~/lib/i18n/meta";
import vipCss from "~/styles/vip.css?url";
import { requireUserLoader } from "~/utils/user.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: vipCss }];
export const meta = privateMeta("meta.detailTitle", "vip");
export const loader = requireUserLoader;

/** The trader's VIP level and progress (login; on the simulation allow-list, docs/product.md). */
export default function VipDetail() {
  return <VipDetailPage />;
}
