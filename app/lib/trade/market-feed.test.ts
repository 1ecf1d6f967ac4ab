import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { StreamArg, StreamPush } from "~/lib/ws/stream-types";
import { bookFeed, candleFeed, tradesFeed } from "./market-feed";

function fakeStream() {
  const listeners = new Map<string, (p: StreamPush) => void>();
  const resnapshots: StreamArg[] = [];
  return {
    resnapshots,
    subscribe: (a: StreamArg, l: (p: StreamPush) => void) => (listeners.set(a.channel, l), () => listeners.delete(a.channel)),
    resnapshot: (a: StreamArg) => void resnapshots.push(a),
    push: (channel: string, action: StreamPush["action"], data: unknown[]) =>
      listeners.get(channel)!({ action, arg: { instType: "SPOT", channel, instId: "BTCUSDT" }, data }),
  };
}
const sync = (cb: () => void) => cb();
const checksum = (bids: string[][], asks: string[][]) => {
  const parts: string[] = [];
  for (let i = 0; i < 25; i++) {
    if (bids[i]) parts.push(...bids[i]!);
    if (asks[i]) parts.push(...asks[i]!);
  }
  return crc32(parts.join(":")) | 0;
};

describe("bookFeed", () => {
  it("shows the server's levels, then the stream's, and asks for a new snapshot on a gap while keeping the last good levels", () => {
    const stream = fakeStream();
    const feed = bookFeed("BTCUSDT", { asks: [["101.00", "1"]], bids: [["99.00", "2"]] }, 2, sync);
    expect(feed.store.get()).toEqual({ asks: [{ price: "101.00", size: "1" }], bids: [{ price: "99.00", size: "2" }], live: false });
    const stop = feed.start(stream);
    const asks = [
      ["100.50", "1.5"],
      ["100.60", "1"],
      ["100.70", "3"],
    ];
    const bids = [["100.00", "2"]];
    stream.push("books", "snapshot", [{ asks, bids, seq: 10, checksum: checksum(bids, asks) }]);
    expect(feed.store.get()).toEqual({
      asks: [
        { price: "100.50", size: "1.5" },
        { price: "100.60", size: "1" },
      ],
      bids: [{ price: "100.00", size: "2" }],
      live: true,
    });
    stream.push("books", "update", [{ asks: [["100.50", "0"]], bids: [], seq: 14, pseq: 12, checksum: 0 }]);
    expect(stream.resnapshots).toEqual([{ instType: "SPOT", channel: "books", instId: "BTCUSDT" }]);
    expect(feed.store.get()).toMatchObject({ asks: [{ price: "100.50" }, { price: "100.60" }], live: false });
    stop();
  });
});

describe("tradesFeed and candleFeed", () => {
  it("fold pushes in: trades newest first, candles replaced by a snapshot and grown by updates", () => {
    const stream = fakeStream();
    const trades = tradesFeed("BTCUSDT", [], sync);
    trades.start(stream);
    stream.push("trade", "snapshot", [{ tradeId: "1", price: "1", size: "1", side: "buy", ts: "1" }]);
    stream.push("trade", "update", [{ tradeId: "2", price: "2", size: "1", side: "sell", ts: "2" }]);
    expect(trades.store.get().map((t) => t.tradeId)).toEqual(["2", "1"]);

    const candles = candleFeed("BTCUSDT", "5", { interval: "1", candles: [], ready: true }, sync);
    expect(candles.arg.channel).toBe("candle5m");
    expect(candles.store.get().ready).toBe(false);
    candles.start(stream);
    stream.push("candle5m", "snapshot", [
      ["1000", "1", "2", "0.5", "1.5", "3"],
      ["2000", "1.5", "2", "1", "1.8", "1"],
    ]);
    stream.push("candle5m", "update", [["2000", "1.5", "2.5", "1", "2.4", "2"]]);
    expect(candles.store.get()).toMatchObject({ interval: "5", ready: true, candles: [{ ts: 1000 }, { ts: 2000, close: "2.4" }] });
  });
});
