import type { AppLoadContext } from "@remix-run/node";
import { MARGIN_CURRENCIES, marginListingsOf } from "~/lib/margin/api";
import type { MarginPageData } from "~/lib/margin/page-data";
import { marginPath } from "~/lib/margin/paths";
import { cachedListing, gatewayReader } from "~/utils/market-page.server";
import { spotPageData } from "~/routes/($lang).spot.$symbol/spot-data.server";

/**
 * The first paint of the margin screen (docs/decisions/707): the spot page's, with its addresses
 * under /margin/. A pair that `margin/currencies` does not list as borrowable is a 404, as an
 * unlisted pair is; should the gateway not answer that list, every spot pair is offered.
 */
export async function marginPageData(
  context: Pick<AppLoadContext, "gatewayUrl" | "gatewayForward">,
  request: Request,
  symbolParam: string,
  pathOf: (symbol: string) => string = marginPath,
): Promise<MarginPageData> {
  const get = gatewayReader(context, request);
  const listed = await cachedListing(MARGIN_CURRENCIES, () => get<unknown[]>(MARGIN_CURRENCIES));
  const listings = listed.ok ? marginListingsOf(listed.data).filter((l) => l.isBorrowable) : undefined;
  const wanted = symbolParam.toUpperCase();
  if (listings && !listings.some((l) => l.symbol === wanted)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const spot = await spotPageData(context, request, symbolParam, pathOf);
  const margin = listings ? new Set(listings.map((l) => l.symbol)) : undefined;
  return {
    ...spot,
    pairs: margin ? spot.pairs.filter((p) => margin.has(p.symbol)) : spot.pairs,
    listing: listings?.find((l) => l.symbol === spot.symbol.symbol) ?? null,
  };
}
