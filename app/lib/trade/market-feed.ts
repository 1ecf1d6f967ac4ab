import { FrameStore, nextFrame, type FrameScheduler } from "~/lib/ws/frame-store";
import { OrderBook, type BookLevel, type BookPush } from "~/lib/ws/order-book";
import type { StreamClient } from "~/lib/ws/stream-client";
import type { InstType, StreamArg, StreamPush } from "~/lib/ws/stream-types";
import { candlesFromRows, mergeCandles, type Candle } from "./candles";
import type { KlineInterval } from "./intervals";
import { INTERVALS } from "./intervals";
import { mergeTrades, tickerOf, type PublicTrade, type Ticker } from "./market-data";

type FeedStream = Pick<StreamClient, "subscribe" | "resnapshot">;

/**
 * One public channel's state for the page: the server-rendered value first, then every push
 * folded in by `reduce`, republished once per animation frame.
 */
export class ChannelFeed<T> {
  readonly store: FrameStore<T>;
  private state: T;

  constructor(
    readonly arg: StreamArg,
    initial: T,
    private readonly reduce: (state: T, push: StreamPush, stream: FeedStream) => T,
    schedule: FrameScheduler = nextFrame,
  ) {
    this.state = initial;
    this.store = new FrameStore(() => this.state, schedule);
  }

  start(stream: FeedStream): () => void {
    return stream.subscribe(this.arg, (push) => {
      this.state = this.reduce(this.state, push, stream);
      this.store.invalidate();
    });
  }
}

const arg = (channel: string, symbol: string, instType: InstType = "SPOT"): StreamArg => ({ instType, channel, instId: symbol });

export interface BookView {
  asks: BookLevel[];
  bids: BookLevel[];
  /** False until the stream's snapshot, and while a gap is being repaired (the last good levels stay shown). */
  live: boolean;
}

/** Book levels shown per side. */
export const BOOK_DEPTH = 12;
/** Book levels the spot page keeps per side: enough for its coarsest price grouping to fill the rows. */
export const BOOK_FEED_DEPTH = 150;

const levelsOf = (rows: string[][], n: number): BookLevel[] =>
  rows.slice(0, n).flatMap(([price, size]) => (price && size ? [{ price, size }] : []));

/** The exact book (snapshot, then updates checked by seq and checksum); any doubt asks for a new snapshot. */
export function bookFeed(
  symbol: string,
  initial: { asks: string[][]; bids: string[][] },
  depth = BOOK_DEPTH,
  schedule?: FrameScheduler,
  instType?: InstType,
) {
  const book = new OrderBook();
  const start: BookView = { asks: levelsOf(initial.asks, depth), bids: levelsOf(initial.bids, depth), live: false };
  return new ChannelFeed<BookView>(
    arg("books", symbol, instType),
    start,
    (view, push, stream) => {
      const data = push.data[0] as BookPush | undefined;
      if (!data || !Array.isArray(data.asks) || !Array.isArray(data.bids)) return view;
      const result = push.action === "snapshot" ? book.snapshot(data) : book.update(data);
      if (result !== "ok") {
        stream.resnapshot(push.arg);
        return { ...view, live: false };
      }
      return { asks: book.levels("asks", depth), bids: book.levels("bids", depth), live: true };
    },
    schedule,
  );
}

export function tradesFeed(symbol: string, initial: PublicTrade[], schedule?: FrameScheduler, instType?: InstType) {
  return new ChannelFeed<PublicTrade[]>(
    arg("trade", symbol, instType),
    initial,
    (list, push) => mergeTrades(push.action === "snapshot" ? [] : list, push.data),
    schedule,
  );
}

export function tickerFeed(symbol: string, initial: Ticker | undefined, schedule?: FrameScheduler) {
  return new ChannelFeed<Ticker | undefined>(arg("ticker", symbol), initial, (t, push) => tickerOf(push.data[0]) ?? t, schedule);
}

/** A ticker of another product line, read by its own `read` (the futures ticker carries mark, index and funding). */
export function productTickerFeed<T>(
  instType: InstType,
  symbol: string,
  initial: T,
  read: (v: unknown, previous: T) => T,
  schedule?: FrameScheduler,
) {
  return new ChannelFeed<T>(arg("ticker", symbol, instType), initial, (t, push) => read(push.data[0], t), schedule);
}

export interface CandleView {
  interval: KlineInterval;
  candles: Candle[];
  /** The candles are the interval's own (not the previous interval's, while switching). */
  ready: boolean;
}

/** Candles of one interval: the stream's snapshot replaces them, updates grow the current one. */
export function candleFeed(symbol: string, interval: KlineInterval, initial: CandleView, schedule?: FrameScheduler, instType?: InstType) {
  const start = initial.interval === interval ? initial : { ...initial, interval, ready: false };
  return new ChannelFeed<CandleView>(
    arg(INTERVALS[interval].channel, symbol, instType),
    start,
    (view, push) => ({
      interval,
      candles: mergeCandles(push.action === "snapshot" ? [] : view.candles, candlesFromRows(push.data)),
      ready: true,
    }),
    schedule,
  );
}
