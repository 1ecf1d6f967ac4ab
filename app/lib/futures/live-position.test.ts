import { describe, expect, it } from "vitest";
import { positionOf } from "./api";
import { liquidationWarnings, livePosition } from "./live-position";

const position = (o: Record<string, string> = {}) =>
  positionOf({
    symbol: "BTCUSDT",
    holdSide: "long",
    marginMode: "isolated",
    total: "0.1",
    openPriceAvg: "50000",
    leverage: "10",
    marginSize: "500",
    keepMarginRate: "0.004",
    markPrice: "50500",
    ...o,
  })!;

describe("a position at the live mark price", () => {
  it("follows the page's mark price, and the position's own without one", () => {
    const live = livePosition(position(), 51_000);
    expect(live.pnl).toBeCloseTo(100);
    expect(live.roe).toBeCloseTo(0.2);
    expect(livePosition(position(), undefined).pnl).toBeCloseTo(50);
  });

  it("loses on a rise when short, and its margin ratio climbs toward liquidation", () => {
    const short = livePosition(position({ holdSide: "short" }), 54_000);
    expect(short.pnl).toBeCloseTo(-400);
    expect(short.roe).toBeCloseTo(-0.8);
    // maintenance 54000 × 0.1 × 0.004 = 21.6 over equity 100.
    expect(short.ratio).toBeCloseTo(0.216);
    expect(livePosition(position({ holdSide: "short" }), 56_000).ratio).toBe(1);
  });

  it("derives the margin from leverage when the gateway does not say it", () => {
    const live = livePosition(position({ marginSize: "" }), 50_000);
    expect(live.ratio).toBeCloseTo((50_000 * 0.1 * 0.004) / 500);
  });
});

describe("warnings near liquidation", () => {
  const at = (mark: number) => livePosition(position({ holdSide: "short" }), mark);
  it("warns once as the ratio reaches 80 %, again only after it recovers below 60 %, and forgets a closed position", () => {
    const warned = new Set<string>();
    expect(liquidationWarnings([at(50_000)], warned)).toEqual([]);
    // Equity 500 − 0.1 × (54_700 − 50_000) = 30; maintenance ≈ 21.9: about 73 %.
    expect(liquidationWarnings([at(54_700)], warned)).toEqual([]);
    expect(liquidationWarnings([at(54_800)], warned).map((p) => p.holdSide)).toEqual(["short"]);
    expect(liquidationWarnings([at(54_850)], warned)).toEqual([]);
    expect(liquidationWarnings([at(54_700)], warned)).toEqual([]);
    expect(liquidationWarnings([at(54_800)], warned)).toEqual([]);
    liquidationWarnings([at(50_000)], warned);
    expect(liquidationWarnings([at(54_800)], warned)).toHaveLength(1);
    liquidationWarnings([], warned);
    expect(warned.size).toBe(0);
  });
});
