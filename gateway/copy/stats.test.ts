/** The public lead statistics (docs/decisions/357), on hand-computed cases. */
import { describe, expect, it } from "vitest";
import {
  DAY_MS,
  maxDrawdownPpm,
  periodStats,
  pnlCurve,
  POSITION_DELAY_MS,
  rank,
  visiblePositions,
  type ClosedTrack,
  type RankRow,
} from "./stats.ts";

const U = 100_000_000n; // 1 USDT in ledger units
const NOW = 1_000 * DAY_MS;
/** A track closed `daysAgo` before NOW with realised PnL `pnl` USDT, fees 1 + 1 USDT, 1,000 USDT entry at 10x. */
const t = (daysAgo: number, pnl: number): ClosedTrack => ({
  closeTime: NOW - daysAgo * DAY_MS,
  realised: BigInt(pnl) * U,
  openFee: U,
  closeFee: U,
  openValue: 1_000n * U,
  leverage: 10,
});

describe("period statistics", () => {
  // nets: +98 (1 d), −52 (3 d), +18 (10 d), −102 (40 d), +198 (100 d: outside every window)
  const tracks = [t(1, 100), t(3, -50), t(10, 20), t(40, -100), t(100, 200)];
  const equity = 1_000n * U;

  it("7 days: two tracks, PnL 46, ROI 46/954, one win in two, drawdown 52/954", () => {
    const s = periodStats(tracks, equity, NOW, 7);
    expect(s).toMatchObject({ days: 7, pnl: 46n * U, trades: 2, wins: 1, winRatePpm: 500_000 });
    // base = 1000 − 46 = 954; ROI = 46 / 954 = 0.048218…
    expect(s.roiPpm).toBe(48_218);
    // in close order: −52 (3 d ago) then +98: E = 954 → 902 → 1000; peak 954, fall 52 → 52/954
    expect(s.maxDrawdownPpm).toBe(54_507);
  });

  it("30 days: three tracks, PnL 64, two of three won", () => {
    const s = periodStats(tracks, equity, NOW, 30);
    expect(s).toMatchObject({ pnl: 64n * U, trades: 3, wins: 2, winRatePpm: 666_666 });
    // base 936: E = 936 → 954 → 902 → 1000; peak 954, fall 52 → 52/954
    expect(s.roiPpm).toBe(68_376);
    expect(s.maxDrawdownPpm).toBe(54_507);
  });

  it("90 days: the −102 before everything: base 1038, E = 1038 → 936 → 954 → 902 → 1000, drawdown 136/1038", () => {
    const s = periodStats(tracks, equity, NOW, 90);
    expect(s.pnl).toBe(-38n * U);
    expect(s.roiPpm).toBe(-36_608);
    expect(s.maxDrawdownPpm).toBe(131_021);
    expect(s.winRatePpm).toBe(500_000);
  });

  it("no track: zeros; a base that is not positive falls back to the tracks' margin", () => {
    expect(periodStats([], 500n * U, NOW, 7)).toEqual({
      days: 7,
      pnl: 0n,
      roiPpm: 0,
      trades: 0,
      wins: 0,
      winRatePpm: 0,
      maxDrawdownPpm: 0,
    });
    // equity 50 after +98: base 50 − 98 < 0 → margin 1000/10 = 100; ROI 98 %
    expect(periodStats([t(1, 100)], 50n * U, NOW, 7).roiPpm).toBe(980_000);
  });

  it("a window's edge: a track closed exactly N days ago is outside, one a moment later inside", () => {
    const edge = { ...t(7, 100) };
    expect(periodStats([edge], 1_000n * U, NOW, 7).trades).toBe(0);
    expect(periodStats([{ ...edge, closeTime: edge.closeTime + 1 }], 1_000n * U, NOW, 7).trades).toBe(1);
  });
});

describe("max drawdown", () => {
  it("is the deepest fall from a running peak, not from the start", () => {
    // 100 → 150 → 90 → 200 → 160: falls 60/150 = 0.4 and 40/200 = 0.2
    expect(maxDrawdownPpm(100n, [50n, -60n, 110n, -40n])).toBe(400_000);
    expect(maxDrawdownPpm(100n, [10n, 10n])).toBe(0);
    // never above 100 %
    expect(maxDrawdownPpm(100n, [-300n])).toBe(1_000_000);
  });
});

describe("PnL curve", () => {
  it("the running net in close order, inside the window only", () => {
    expect(pnlCurve([t(10, 20), t(1, 100), t(100, 5)], NOW, 30)).toEqual([
      [NOW - 10 * DAY_MS, 18n * U],
      [NOW - DAY_MS, 116n * U],
    ]);
  });
});

describe("position visibility", () => {
  const open = [{ openTime: NOW - POSITION_DELAY_MS - 1 }, { openTime: NOW - POSITION_DELAY_MS }, { openTime: NOW - 1 }];
  it("show: all; delay: those opened at least the delay ago; hide: none", () => {
    expect(visiblePositions(open, "show", NOW)).toHaveLength(3);
    expect(visiblePositions(open, "delay", NOW)).toEqual(open.slice(0, 2));
    expect(visiblePositions(open, "hide", NOW)).toEqual([]);
  });
});

describe("ranking", () => {
  const row = (traderId: string, roiPpm: number, pnl: bigint, followers: number, winRatePpm: number, aum: bigint): RankRow => ({
    traderId,
    stats: { days: 30, pnl, roiPpm, trades: 1, wins: 1, winRatePpm, maxDrawdownPpm: 0 },
    followers,
    aum,
  });
  const rows = [row("a", 10, 5n, 3, 100, 7n), row("b", 30, 1n, 1, 900, 9n), row("c", 20, 9n, 2, 500, 1n), row("d", 10, 5n, 0, 0, 0n)];
  it("sorts each key highest first, ties by PnL then id", () => {
    const ids = (k: Parameters<typeof rank>[1]) => rank(rows, k).map((r) => r.traderId);
    expect(ids("roi")).toEqual(["b", "c", "a", "d"]);
    expect(ids("pnl")).toEqual(["c", "a", "d", "b"]);
    expect(ids("followers")).toEqual(["a", "c", "b", "d"]);
    expect(ids("winRate")).toEqual(["b", "c", "a", "d"]);
    expect(ids("aum")).toEqual(["b", "a", "c", "d"]);
  });
});
