import type { AppLoadContext } from "@remix-run/node";
import { WIKI_PATHS, type WikiEntry } from "../../protocol/wiki";
import { EVENT_PATHS, type EventSummary } from "../../protocol/events";
import { COPY_PUBLIC_PATHS } from "../../protocol/copy";
import { SPOT_COPY_PUBLIC_PATHS } from "../../protocol/spot-copy";
import { ABOUT_PAGES } from "~/lib/links/about-pages";
import { listPagePath, WIKI_PAGE_SIZE } from "~/lib/wiki/list-query";
import { callGateway } from "./gateway.server";
import { sitemapEntries } from "./sitemap.server";

/**
 * Every `<url>` of the sitemap: the home page, the public pages about the exchange (fees, VIP
 * levels, proof of reserves, the protection fund, the apps), every wiki page (the list's pages and
 * each article), the events site (the list and each event) and copy trading (the futures and spot
 * rankings, each live lead's profile) in every public locale, or null when the gateway cannot list them.
 */
export async function allSitemapEntries(
  context: Pick<AppLoadContext, "gatewayUrl" | "gatewayForward" | "publicOrigin">,
  request: Request,
): Promise<string[] | null> {
  const [wiki, events, leads, spotLeads] = await Promise.all([
    callGateway<{ list: WikiEntry[] }>(context, request, WIKI_PATHS.list, { body: {} }),
    callGateway<{ list: EventSummary[] }>(context, request, EVENT_PATHS.list, { body: {} }),
    copyLeadIds(context, request, COPY_PUBLIC_PATHS.traders),
    copyLeadIds(context, request, SPOT_COPY_PUBLIC_PATHS.traders),
  ]);
  if (!wiki.ok || !events.ok || !leads || !spotLeads) return null;
  const pages = Math.max(1, Math.ceil(wiki.data.list.length / WIKI_PAGE_SIZE));
  const paths = [
    "/",
    // the public pages with their own content, indexed like the wiki (the private ones are `noindex`)
    ...ABOUT_PAGES.map((p) => p.to),
    ...Array.from({ length: pages }, (_, i) => listPagePath(i + 1)),
    ...wiki.data.list.map((e) => `/wiki/${e.article}`),
    "/events",
    ...events.data.list.map((e) => `/events/${e.slug}`),
    // copy trading: the ranking and every live lead's profile (docs/decisions/357)
    "/copy-trading",
    ...leads.map((id) => `/copy-trading/trader/${encodeURIComponent(id)}`),
    // spot copy trading: its ranking and every live spot lead's profile, pages of their own (docs/decisions/362)
    "/copy-trading?product=spot",
    ...spotLeads.map((id) => `/copy-trading/trader/${encodeURIComponent(id)}?product=spot`),
  ];
  return sitemapEntries(context.publicOrigin, paths);
}

/** Every live lead trader's id of a product (its public ranking `traders`), by the ranking's pages (at most 200 pages of 50), or null when it cannot be read. */
async function copyLeadIds(
  context: Pick<AppLoadContext, "gatewayUrl" | "gatewayForward">,
  request: Request,
  traders: string,
): Promise<string[] | null> {
  const ids: string[] = [];
  for (let page = 1; page <= 200; page++) {
    const r = await callGateway<{ total: string; list: Array<{ traderId: string }> }>(
      context,
      request,
      `${traders}?sortBy=followers&period=90&pageSize=50&pageNo=${page}`,
      { method: "GET" },
    );
    if (!r.ok) return null;
    ids.push(...r.data.list.map((l) => l.traderId));
    if (ids.length >= Number(r.data.total) || r.data.list.length === 0) break;
  }
  return ids;
}

export const xmlResponse = (body: string) =>
  new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });

export const sitemapUnavailable = () => new Response(null, { status: 503, headers: { "Retry-After": "60" } });
