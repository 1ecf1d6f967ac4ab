import type { LoaderFunctionArgs } from "@remix-run/node";
import { WIKI_PATHS, type WikiEntry } from "../../protocol/wiki";
import { callGateway } from "~/utils/gateway.server";
import { sitemapXml } from "~/utils/sitemap.server";

/**
 * The public pages in every locale. A sitemap needs absolute addresses: they come from the public
 * origin the server hands in (PUBLIC_ORIGIN, or where it listens; never the Host header), and
 * without one there is none.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  if (!context.publicOrigin) return new Response("No sitemap: PUBLIC_ORIGIN is not configured.\n", { status: 404 });
  const wiki = await callGateway<{ list: WikiEntry[] }>(context, request, WIKI_PATHS.list, { body: {} });
  if (!wiki.ok) return new Response(null, { status: 503, headers: { "Retry-After": "60" } });
  const paths = ["/", "/wiki", "/wiki/page", ...wiki.data.list.map((e) => `/wiki/${e.article}`)];
  return new Response(sitemapXml(context.publicOrigin, paths), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
