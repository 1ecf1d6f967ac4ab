import type { LinksFunction, MetaDescriptor } from "@remix-run/node";
import { BRAND } from "~/lib/i18n/meta";
import wikiCss from "~/styles/wiki.css?url";

/** The wiki pages' stylesheet. */
export const wikiLinks: LinksFunction = () => [{ rel: "stylesheet", href: wikiCss }];

/** Title, description and keywords from the gateway's TDK texts; the translated page name if they are missing. */
export function wikiMeta(tdk: { title: string; description: string; keywords: string } | null | undefined, fallbackTitle: string): MetaDescriptor[] {
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
