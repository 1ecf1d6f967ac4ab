import type { AppLoadContext } from "@remix-run/node";
import { V2 } from "../../../protocol/bitget";
import type { SpotSymbol } from "~/lib/trade/market";
import { MAX_TRADES, type PublicTrade } from "~/lib/trade/market-data";
import type { MarketTickerRow, SpotPageData } from "~/lib/trade/spot-page-data";
import { INTERVALS } from "~/lib/trade/intervals";
import { LOCAL_PREF_DEFAULTS } from "~/lib/prefs/local-prefs";
import { MAX_CANDLES } from "~/lib/trade/candles";
import { spotPath } from "~/lib/trade/paths";
import { BOOK_FEED_DEPTH } from "~/lib/trade/market-feed";
import { cachedListing, gatewayReader, listingOf } from "~/utils/market-page.server";

/**
 * The first paint of a spot page: the pair, every pair's ticker (for the switcher), the book,
 * the latest trades and candles of the default interval, all public and of the live market (the
 * server cannot know about simulation mode, docs/decisions/701). An unlisted pair is a real 404;
 * another casing of a listed one is a 301 to its canonical address (`pathOf`: the margin screen's
 * first paint is this one, docs/decisions/707).
 */
export async function spotPageData(
  context: Pick<AppLoadContext, "gatewayUrl" | "gatewayForward">,
  request: Request,
  symbolParam: string,
  pathOf: (symbol: string) => string = spotPath,
): Promise<SpotPageData> {
  const get = gatewayReader(context, request);
  const { found, list } = listingOf(request, await cachedListing(V2.symbols, () => get<SpotSymbol[]>(V2.symbols)), symbolParam, pathOf);
  const symbol = found.symbol;
  const interval = LOCAL_PREF_DEFAULTS.klineInterval;
  const [tickers, book, trades, candles] = await Promise.all([
    get<MarketTickerRow[]>(V2.tickers),
    get<{ asks: string[][]; bids: string[][] }>(V2.orderbook, { symbol, limit: String(BOOK_FEED_DEPTH) }),
    get<PublicTrade[]>(V2.marketFills, { symbol, limit: String(MAX_TRADES) }),
    get<string[][]>(V2.candles, { symbol, granularity: INTERVALS[interval].granularity, limit: String(MAX_CANDLES) }),
  ]);
  return {
    symbol: found,
    pairs: list.map((s) => ({ symbol: s.symbol, baseCoin: s.baseCoin, quoteCoin: s.quoteCoin })),
    tickers: tickers.ok ? tickers.data : [],
    book: book.ok ? { asks: book.data.asks, bids: book.data.bids } : null,
    trades: trades.ok ? trades.data : null,
    candles: { interval, rows: candles.ok ? candles.data : null },
  };
}
