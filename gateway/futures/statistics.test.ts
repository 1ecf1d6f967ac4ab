import { afterEach, describe, expect, it } from "vitest";
import type { PublicTrade } from "../exchange/market/tape.ts";
import type { Futures } from "./futures.ts";
import type { Position } from "./ledger.ts";
import { FuturesStatistics, ratio, share } from "./statistics.ts";

const MIN5 = 300_000;
const T0 = 1_800_000_000_000; // a 5-minute boundary

function fakeFutures() {
  const tradeListeners = new Set<(env: "live" | "paper", symbol: string, t: PublicTrade) => void>();
  const bySymbol = new Map<string, Set<Position>>();
  const fx = { market: { tradeListeners }, svc: { bySymbol } } as unknown as Futures;
  const hold = (userId: string, holdSide: "long" | "short", size: number) => {
    const set = bySymbol.get("live:BTCUSDT") ?? new Set<Position>();
    bySymbol.set("live:BTCUSDT", set);
    const p = { userId, holdSide, size } as Position;
    set.add(p);
    return p;
  };
  const trade = (ts: number, side: "buy" | "sell", size: number) =>
    tradeListeners.forEach((l) => l("live", "BTCUSDT", { tradeId: String(ts), price: 1, size, side, ts }));
  return { fx, hold, trade, tradeListeners, bySymbol };
}

let stats: FuturesStatistics | undefined;
afterEach(() => stats?.close());

describe("futures market statistics", () => {
  it("counts open size by side and accounts by their net direction", () => {
    const f = fakeFutures();
    f.hold("a", "long", 3);
    f.hold("b", "short", 1);
    f.hold("c", "long", 1);
    f.hold("c", "short", 2); // net short
    stats = new FuturesStatistics(f.fx, T0);
    expect(stats.holdings("live", "BTCUSDT")).toEqual({ long: 4, short: 3, longAccounts: 1, shortAccounts: 2 });
    expect(stats.holdings("paper", "BTCUSDT")).toEqual({ long: 0, short: 0, longAccounts: 0, shortAccounts: 0 });
  });

  it("answers each period bucket with the last holdings seen in it, the current one live", () => {
    const f = fakeFutures();
    stats = new FuturesStatistics(f.fx, T0 + 10_000);
    const p = f.hold("a", "long", 2);
    stats.sample(T0 + MIN5 + 1);
    p.size = 5;
    stats.sample(T0 + 2 * MIN5 + 1);
    f.hold("b", "short", 5);
    const rows = stats.holdingRows("live", "BTCUSDT", MIN5, T0 + 3 * MIN5 + 1);
    expect(rows.map((r) => [r.ts - T0, r.value.long, r.value.short])).toEqual([
      [0, 0, 0],
      [MIN5, 2, 0],
      [2 * MIN5, 5, 0],
      [3 * MIN5, 5, 5],
    ]);
    // a longer period: one bucket, its last sample
    const hour = stats.holdingRows("live", "BTCUSDT", 3_600_000, T0 + 3 * MIN5 + 2);
    expect(hour.at(-1)!.value).toMatchObject({ long: 5, short: 5 });
  });

  it("sums taker volumes per bucket from the first bucket seen whole, never a partial one", () => {
    const f = fakeFutures();
    stats = new FuturesStatistics(f.fx, T0 + 10_000);
    f.trade(T0 + 20_000, "buy", 7); // in the bucket the gateway started in: partial
    f.trade(T0 + MIN5 + 1, "buy", 2);
    f.trade(T0 + MIN5 + 2, "sell", 3);
    f.trade(T0 + 2 * MIN5, "buy", 4);
    expect(stats.takerRows("live", "BTCUSDT", MIN5).map((r) => [r.ts - T0, r.value])).toEqual([
      [MIN5, { buy: 2, sell: 3 }],
      [2 * MIN5, { buy: 4, sell: 0 }],
    ]);
    stats.close();
    f.trade(T0 + 3 * MIN5, "buy", 1);
    expect(stats.takerRows("live", "BTCUSDT", MIN5)).toHaveLength(2);
  });

  it("formats shares and ratios, zero over an empty side", () => {
    expect(share(3, 1)).toBe("0.75");
    expect(share(0, 0)).toBe("0");
    expect(ratio(2, 3)).toBe("0.6667");
    expect(ratio(2, 0)).toBe("0");
  });
});
