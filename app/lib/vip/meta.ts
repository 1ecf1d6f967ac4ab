import type { MetaFunction } from "@remix-run/node";
import { BRAND, metaT } from "~/lib/i18n/meta";

/** A public VIP or fee page's title and description from the vip texts. */
export function vipPublicMeta(titleKey: string, descriptionKey: string): MetaFunction {
  return ({ matches }) => {
    const title = `${metaT(matches, titleKey, "vip")} | ${BRAND}`;
    const description = metaT(matches, descriptionKey, "vip");
    return [
      { title },
      { name: "description", content: description },
      { property: "og:title", content: title },
      { property: "og:description", content: description },
    ];
  };
}
