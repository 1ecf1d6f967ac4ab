import type { LoaderFunctionArgs } from "@remix-run/node";
import { allSitemapEntries, sitemapUnavailable, xmlResponse } from "~/utils/sitemap-pages.server";
import { sitemapParts, urlsetXml } from "~/utils/sitemap.server";

/** /sitemap/{n}.xml: part n of a split sitemap; a part that does not exist (or a sitemap that is not split) is a 404. */
export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const m = /^([1-9]\d{0,5})\.xml$/.exec(params.part ?? "");
  if (!m) return new Response(null, { status: 404 });
  const entries = await allSitemapEntries(context, request);
  if (!entries) return sitemapUnavailable();
  const limit = context.sitemapUrlLimit;
  const parts = sitemapParts(entries.length, limit);
  const n = Number(m[1]);
  if (parts === 1 || n > parts) return new Response(null, { status: 404 });
  return xmlResponse(urlsetXml(entries.slice((n - 1) * limit, n * limit)));
}
