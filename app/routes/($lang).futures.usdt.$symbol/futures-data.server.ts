import type { AppLoadContext } from "@remix-run/node";
import type { FuturesContract } from "~/lib/futures/contract";
import { FUTURES_CHART, MIX, PRODUCT_TYPE } from "~/lib/futures/api";
import type { FundingRate, FuturesPageData } from "~/lib/futures/page-data";
import { futuresPath } from "~/lib/futures/paths";
import { MAX_TRADES, type PublicTrade } from "~/lib/trade/market-data";
import { LOCAL_PREF_DEFAULTS } from "~/lib/prefs/local-prefs";
import { MAX_CANDLES } from "~/lib/trade/candles";
import { cachedListing, gatewayReader, listingOf } from "~/utils/market-page.server";

/**
 * The first paint of the futures screen: the contract, its ticker (last, mark, index), funding,
 * open interest, book, trades and candles, all public and of the live market (docs/decisions/701).
 * An unlisted contract is a real 404; another casing of a listed one is a 301 to its address
 * (`pathOf`: the phone's swap screen has the same first paint, docs/decisions/723).
 */
export async function futuresPageData(
  context: Pick<AppLoadContext, "gatewayUrl" | "gatewayForward">,
  request: Request,
  symbolParam: string,
  pathOf: (symbol: string) => string = futuresPath,
): Promise<FuturesPageData> {
  const get = gatewayReader(context, request, { productType: PRODUCT_TYPE });
  const { found, list } = listingOf(
    request,
    await cachedListing(MIX.contracts, () => get<FuturesContract[]>(MIX.contracts)),
    symbolParam,
    pathOf,
  );
  const symbol = found.symbol;
  const interval = LOCAL_PREF_DEFAULTS.klineInterval;
  const [ticker, funding, interest, book, trades, candles] = await Promise.all([
    get<unknown[]>(MIX.ticker, { symbol }),
    get<FundingRate[]>(MIX.currentFundRate, { symbol }),
    get<{ openInterestList: Array<{ symbol: string; size: string }> }>(MIX.openInterest, { symbol }),
    get<{ asks: unknown; bids: unknown }>(MIX.mergeDepth, { symbol, limit: "max" }),
    get<PublicTrade[]>(MIX.fills, { symbol, limit: String(MAX_TRADES) }),
    get<string[][]>(MIX.candles, { symbol, granularity: FUTURES_CHART.granularity(interval), limit: String(MAX_CANDLES) }),
  ]);
  return {
    symbol: { symbol },
    contract: found,
    contracts: list.map((c) => c.symbol),
    ticker: ticker.ok && Array.isArray(ticker.data) ? (ticker.data[0] ?? null) : null,
    funding: funding.ok && Array.isArray(funding.data) ? (funding.data[0] ?? null) : null,
    openInterest: interest.ok ? (interest.data.openInterestList?.find((r) => r.symbol === symbol)?.size ?? null) : null,
    book: book.ok ? { asks: levels(book.data.asks), bids: levels(book.data.bids) } : null,
    trades: trades.ok ? trades.data : null,
    candles: { interval, rows: candles.ok ? candles.data : null },
    now: Date.now(),
  };
}

/** `merge-depth` sends its levels as JSON numbers (as Bitget does); the book reads decimal text. */
function levels(rows: unknown): string[][] {
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((r) => {
    if (!Array.isArray(r)) return [];
    const [price, size] = r.map((v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : v));
    return typeof price === "string" && typeof size === "string" ? [[price, size]] : [];
  });
}
