import type { MetaDescriptor } from "@remix-run/node";
import { BRAND } from "~/lib/i18n/meta";

/** The page texts (title, description, keywords) the gateway keeps per wiki page. */
export interface TdkText {
  title: string;
  description: string;
  keywords: string;
}

export interface WikiHead {
  /** The gateway's texts for the page, or null (then `fallbackTitle` alone). */
  tdk: TdkText | null | undefined;
  fallbackTitle: string;
  /** Appended to the title (a page number), so every list page has its own title. */
  titleSuffix?: string;
  /** The public origin (absolute URLs always, docs/decisions/605) and the page's path without its query. */
  origin: string;
  path: string;
  /** The share image's path on this site and its description. */
  image: string;
  imageAlt: string;
  /** The page's BCP 47 tag (`ar-AE`), written as Open Graph's `ar_AE`. */
  lang: string;
  type: "website" | "article";
  /** Search results and re-sorted lists: crawl their links, do not index them. */
  noindex?: boolean;
}

/** Title, description, keywords, Open Graph and Twitter cards, from the gateway's TDK texts. */
export function wikiMeta(head: WikiHead): MetaDescriptor[] {
  const title = head.tdk ? head.tdk.title : `${head.fallbackTitle} | ${BRAND}`;
  const fullTitle = head.titleSuffix ? `${head.titleSuffix} · ${title}` : title;
  const image = head.origin + head.image;
  const out: MetaDescriptor[] = [
    { title: fullTitle },
    { property: "og:title", content: fullTitle },
    { property: "og:type", content: head.type },
    { property: "og:url", content: head.origin + head.path },
    { property: "og:site_name", content: BRAND },
    { property: "og:locale", content: head.lang.replace("-", "_") },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: head.imageAlt },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: head.imageAlt },
  ];
  if (head.tdk) {
    out.push(
      { name: "description", content: head.tdk.description },
      { name: "keywords", content: head.tdk.keywords },
      { property: "og:description", content: head.tdk.description },
      { name: "twitter:description", content: head.tdk.description },
    );
  }
  if (head.noindex) out.push({ name: "robots", content: "noindex, follow" });
  return out;
}
