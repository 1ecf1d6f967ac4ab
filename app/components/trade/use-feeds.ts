import { useEffect, useState } from "react";
import { V2 } from "../../../protocol/bitget";
import type { SpotAsset } from "~/lib/assets/valuation";
import { browserHttp } from "~/lib/http/browser-client";
import type { Fill, OpenOrder, PastOrder } from "~/lib/trade/account-data";
import { AccountFeed, type AccountApi } from "~/lib/trade/account-feed";
import { candlesFromRows } from "~/lib/trade/candles";
import type { KlineInterval } from "~/lib/trade/intervals";
import { mergeTrades, tickerOf } from "~/lib/trade/market-data";
import { BOOK_FEED_DEPTH, bookFeed, candleFeed, tickerFeed, tradesFeed } from "~/lib/trade/market-feed";
import type { PlanOrder } from "~/lib/trade/order-events";
import { useFrameStore, type FrameStore } from "~/lib/ws/frame-store";
import { privateStream, publicStream } from "~/lib/ws/streams";
import type { SpotPageData } from "~/lib/trade/spot-page-data";
import { SPOT_CHART, type ChartPageData, type ChartSource } from "~/lib/trade/chart/source";

/** Feeds a page made once from its first paint, each following the public stream while the page is open. */
export function useMarketFeeds<F extends Record<string, { start(stream: ReturnType<typeof publicStream>): () => void }>>(make: () => F): F {
  const [feeds] = useState(make);
  useEffect(() => {
    const stream = publicStream();
    const offs = Object.values(feeds).map((f) => f.start(stream));
    return () => offs.forEach((off) => off());
  }, [feeds]);
  return feeds;
}

/** What a trading page shows of its book, trades and ticker feeds now; each new frame renders the page again. */
export function useMarketViews<B, T, K>(feeds: {
  book: { store: FrameStore<B> };
  trades: { store: FrameStore<T> };
  ticker: { store: FrameStore<K> };
}) {
  return { book: useFrameStore(feeds.book.store), trades: useFrameStore(feeds.trades.store), ticker: useFrameStore(feeds.ticker.store) };
}

/** The book, trades and ticker of a pair: the server's first paint, then the public stream. */
export function usePublicFeeds(data: SpotPageData) {
  const symbol = data.symbol.symbol;
  return useMarketFeeds(() => ({
    // Deeper than the rows shown, so a coarser grouping still fills them.
    book: bookFeed(symbol, data.book ?? { asks: [], bids: [] }, BOOK_FEED_DEPTH),
    trades: tradesFeed(symbol, mergeTrades([], data.trades ?? [])),
    ticker: tickerFeed(symbol, tickerOf(data.tickers.find((t) => t.symbol === symbol))),
  }));
}

/** Candles of the chosen interval; while another interval loads, the previous candles stay, marked not ready. */
export function useCandleFeed(data: ChartPageData, interval: KlineInterval, source: ChartSource = SPOT_CHART) {
  const symbol = data.symbol.symbol;
  const [current, setCurrent] = useState(() => ({
    interval,
    feed: candleFeed(
      symbol,
      interval,
      { interval: data.candles.interval, candles: candlesFromRows(data.candles.rows), ready: data.candles.rows !== null },
      undefined,
      source.instType,
    ),
  }));
  let feed = current.feed;
  if (current.interval !== interval) {
    // A new interval starts from what is on screen now (React's "adjust state while rendering").
    feed = candleFeed(symbol, interval, current.feed.store.get(), undefined, source.instType);
    setCurrent({ interval, feed });
  }
  useEffect(() => feed.start(publicStream()), [feed]);
  return feed;
}

const restApi: AccountApi = {
  assets: () => browserHttp().get<SpotAsset[]>(V2.assets),
  openOrders: (symbol) => browserHttp().get<OpenOrder[]>(V2.unfilled, { symbol }),
  history: (symbol) => browserHttp().get<PastOrder[]>(V2.historyOrders, { symbol, limit: 50 }),
  fills: (symbol) => browserHttp().get<Fill[]>(V2.tradeFills, { symbol, limit: 50 }),
  plans: (symbol) =>
    browserHttp()
      .get<{ orderList: PlanOrder[] }>(V2.currentPlan, { symbol, limit: 100 })
      .then((page) => page.orderList),
};

/** The private stream, created only in the browser (the feed is also rendered on the server). */
export const lazyPrivate = {
  subscribe: (...a: Parameters<ReturnType<typeof privateStream>["subscribe"]>) => privateStream().subscribe(...a),
  onReady: (l: () => void) => privateStream().onReady(l),
  onStatus: (l: () => void) => privateStream().onStatus(l),
  status: () => (typeof window === "undefined" ? "idle" : privateStream().status()),
};

/** A logged-in user's balances and orders for the pair; undefined for a guest. */
export function useAccountFeed(symbol: string, loggedIn: boolean): AccountFeed | undefined {
  const [feed] = useState(() => (loggedIn ? new AccountFeed(symbol, lazyPrivate, restApi) : undefined));
  useEffect(() => feed?.start(), [feed]);
  return feed;
}
