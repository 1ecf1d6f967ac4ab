import type { LinksFunction } from "@remix-run/node";
import { assetLinks } from "~/components/assets/asset-shell";
import { PhoneAssetsPage } from "~/components/phone/phone-assets";
import { privateMeta } from "~/lib/i18n/meta";
import phoneCss from "~/styles/phone.css?url";
import { requireUserLoader } from "~/utils/user.server";

export const links: LinksFunction = () => [...assetLinks(), { rel: "stylesheet", href: phoneCss }];
export const meta = privateMeta("title.overview", "assets");
export const loader = requireUserLoader;

/** The trader's assets on a phone (docs/decisions/723; on the simulation allow-list: in demo mode the demo accounts). */
export default function TradeAsset() {
  return <PhoneAssetsPage />;
}
