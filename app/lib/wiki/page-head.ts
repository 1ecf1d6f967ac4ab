import type { LinksFunction, MetaDescriptor, MetaFunction } from "@remix-run/node";
import { BRAND, metaT } from "~/lib/i18n/meta";
import wikiCss from "~/styles/wiki.css?url";

/** The page texts (title, description, keywords) the gateway keeps per wiki page. */
export interface TdkText {
  title: string;
  description: string;
  keywords: string;
}

/** The wiki pages' stylesheet. */
export const wikiLinks: LinksFunction = () => [{ rel: "stylesheet", href: wikiCss }];

/** Title, description and keywords from the gateway's TDK texts; the translated page name if they are missing. */
export function wikiMeta(tdk: TdkText | null | undefined, fallbackTitle: string): MetaDescriptor[] {
  if (!tdk) return [{ title: `${fallbackTitle} | ${BRAND}` }];
  return [
    { title: tdk.title },
    { name: "description", content: tdk.description },
    { name: "keywords", content: tdk.keywords },
    { property: "og:title", content: tdk.title },
    { property: "og:description", content: tdk.description },
    { property: "og:type", content: "article" },
  ];
}

/** The `meta` of a coin list page (/wiki, /wiki/page): its TDK texts, or its translated title (wiki namespace). */
export function wikiListMeta(titleKey: string): MetaFunction<() => Promise<{ tdk: TdkText | null }>> {
  return ({ data, matches }) => wikiMeta(data?.tdk, metaT(matches, titleKey, "wiki"));
}
