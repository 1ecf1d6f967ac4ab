import type { LoaderFunctionArgs } from "@remix-run/node";
import { allSitemapEntries, sitemapUnavailable, xmlResponse } from "~/utils/sitemap-pages.server";
import { sitemapIndexXml, sitemapParts, urlsetXml } from "~/utils/sitemap.server";

/**
 * The public pages in every locale, with absolute addresses from the public origin (never the Host
 * header). Past SITEMAP_URL_LIMIT entries it is an index of /sitemap/{n}.xml parts (docs/decisions/605).
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const entries = await allSitemapEntries(context, request);
  if (!entries) return sitemapUnavailable();
  const parts = sitemapParts(entries.length, context.sitemapUrlLimit);
  return xmlResponse(parts === 1 ? urlsetXml(entries) : sitemapIndexXml(context.publicOrigin, parts));
}
