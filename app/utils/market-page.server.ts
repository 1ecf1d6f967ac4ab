import { redirect, type AppLoadContext } from "@remix-run/node";
import { localizePath, splitLocalePath } from "~/lib/i18n/locale-path";
import { callGateway, type GatewayResult } from "~/utils/gateway.server";
import { prefsFromRequest } from "~/utils/prefs.server";
import { cacheKey, TtlCache } from "~/utils/ttl-cache.server";

type Context = Pick<AppLoadContext, "gatewayUrl" | "gatewayForward">;

/** Public GETs of the gateway for a page's first paint, in the reader's language, each with `defaults` in its query. */
export function gatewayReader(context: Context, request: Request, defaults: Record<string, string> = {}) {
  const locale = prefsFromRequest(request).language;
  return <T>(path: string, query: Record<string, string> = {}) => {
    const qs = new URLSearchParams({ ...defaults, ...query }).toString();
    return callGateway<T>(context, request, qs ? `${path}?${qs}` : path, { method: "GET", locale });
  };
}

/**
 * The gateway's list of pairs or contracts, kept ten seconds (docs/decisions/606): every trading
 * page reads it first, it changes with a listing, and a burst of pages must not spend the web host's
 * share of the gateway's per-address limit on it. A refusal is not kept.
 */
const LISTINGS = new TtlCache<GatewayResult<unknown[]>>({ ttlMs: 10_000, maxEntries: 8 });
export const cachedListing = <L>(path: string, load: () => Promise<GatewayResult<L[]>>): Promise<GatewayResult<L[]>> =>
  LISTINGS.get(cacheKey(path), load as () => Promise<GatewayResult<unknown[]>>, (r) => r.ok && Array.isArray(r.data)) as Promise<
    GatewayResult<L[]>
  >;

/**
 * The listing a trading page's address names (docs/decisions/704): the gateway's list unreadable is
 * a 503, an unlisted symbol a real 404, another casing of a listed one a 301 to its own address.
 */
export function listingOf<L extends { symbol: string }>(
  request: Request,
  listed: GatewayResult<L[]>,
  symbolParam: string,
  pathOf: (symbol: string) => string,
): { found: L; list: L[] } {
  if (!listed.ok || !Array.isArray(listed.data)) throw new Response(null, { status: 503, statusText: "Service Unavailable" });
  const found = listed.data.find((l) => l.symbol === symbolParam.toUpperCase());
  if (!found) throw new Response(null, { status: 404, statusText: "Not Found" });
  if (found.symbol !== symbolParam) {
    const url = new URL(request.url);
    throw redirect(localizePath(pathOf(found.symbol), splitLocalePath(url.pathname).prefix) + url.search, 301);
  }
  return { found, list: listed.data };
}
