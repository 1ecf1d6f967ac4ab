import { describe, expect, it } from "vitest";
import { atr, kdj, obv, parabolicSar, smaOf, stochRsi, trueRange, vwap, type Bar } from "./indicators";

const r = (s: Array<number | null>) => s.map((v) => (v === null ? null : Math.round(v * 1e6) / 1e6));
const DAY = 86_400_000;
/** Bars from [high, low, close, volume?], one minute apart from midnight UTC. */
const bars = (rows: Array<[number, number, number, number?]>, from = 0): Bar[] =>
  rows.map(([high, low, close, volume = 1], i) => ({ ts: from + i * 60_000, high, low, close, volume }));

describe("the studies of issue 29, against values worked by hand", () => {
  it("SMA over a series with leading nulls starts its window at the first value", () => {
    expect(smaOf([null, null, 1, 2, 3, 4], 2)).toEqual([null, null, null, 1.5, 2.5, 3.5]);
  });

  it("VWAP weighs the typical price by volume from each UTC day's first candle, with σ bands", () => {
    // day 0: tp 10 × 1 and tp 12 × 3 → 46 / 4 = 11.5; Σv·tp² / Σv = 532 / 4 = 133, − 11.5² = 0.75, σ = 0.866025
    // the next day starts again: tp 20 × 2 → 20, σ 0
    const day0 = bars([
      [12, 8, 10, 1],
      [14, 10, 12, 3],
    ]);
    const w = vwap([...day0, ...bars([[21, 19, 20, 2]], DAY)], 2);
    expect(r(w.vwap)).toEqual([10, 11.5, 20]);
    expect(r(w.upper)).toEqual([10, 13.232051, 20]);
    expect(r(w.lower)).toEqual([10, 9.767949, 20]);
    // No volume yet in the session: nothing to average.
    expect(vwap(bars([[2, 1, 1.5, 0]])).vwap).toEqual([null]);
  });

  it("ATR is Wilder's average of the true range (gaps from the previous close count)", () => {
    const b = bars([
      [10, 8, 9],
      [11, 9, 10],
      [12, 9, 9],
      [10, 7, 8],
    ]);
    // TR: 2; max(2, |11−9|, |9−9|) = 2; max(3, 2, 1) = 3; max(3, 1, 2) = 3
    expect(trueRange(b)).toEqual([2, 2, 3, 3]);
    // first: (2 + 2) / 2 = 2; then (2 + 3) / 2 = 2.5; (2.5 + 3) / 2 = 2.75
    expect(atr(b, 2)).toEqual([null, 2, 2.5, 2.75]);
  });

  it("KDJ smooths the RSV from 50 with 1/m weights, J = 3K − 2D", () => {
    const b = bars([
      [10, 8, 9],
      [11, 9, 10],
      [12, 9, 9],
    ]);
    // RSV(2): (10 − 8) / (11 − 8) = 66.67; then (9 − 9) / (12 − 9) = 0
    // K = (2·50 + 66.67) / 3 = 55.56, D = (2·50 + 55.56) / 3 = 51.85, J = 62.96; K = 37.04, D = 46.91, J = 17.28
    const k = kdj(b, 2, 3, 3);
    expect(r(k.k)).toEqual([null, 55.555556, 37.037037]);
    expect(r(k.d)).toEqual([null, 51.851852, 46.91358]);
    expect(r(k.j)).toEqual([null, 62.962963, 17.283951]);
    // A flat window reads 50, so K and D stay at 50.
    expect(
      kdj(
        bars([
          [5, 5, 5],
          [5, 5, 5],
        ]),
        2,
      ).k,
    ).toEqual([null, 50]);
  });

  it("Stochastic RSI places RSI within its window's range, then smooths %K and %D", () => {
    // RSI(2) of 1,2,1,2,3,2: –, –, 50, 75, 87.5, 43.75 (the last: gain 0.4375, loss 0.5625)
    const closes = [1, 2, 1, 2, 3, 2];
    const raw = stochRsi(closes, 2, 2, 1, 1);
    // window [50, 75] → 100; [75, 87.5] → 100; [87.5, 43.75] → 0
    expect(raw.k).toEqual([null, null, null, 100, 100, 0]);
    const smooth = stochRsi(closes, 2, 2, 2, 2);
    expect(smooth.k).toEqual([null, null, null, null, 100, 50]);
    expect(smooth.d).toEqual([null, null, null, null, null, 75]);
  });

  it("Parabolic SAR trails the trend, accelerates on new extremes and flips at the old extreme", () => {
    const b = bars([
      [10, 9, 9.5],
      [11, 10, 10.5], // up: SAR = first low 9, EP 11
      [12, 10.5, 11.5], // 9 + 0.02·2 = 9.04, held below the last two lows → 9; EP 12, af 0.04
      [13, 11, 12], // 9 + 0.04·3 = 9.12; EP 13, af 0.06
      [12, 8, 8.5], // 9.12 + 0.06·3.88 = 9.3528; the low 8 breaks it → down at the old EP 13, EP 8
      [9, 7, 7.5], // 13 + 0.02·(8 − 13) = 12.9, held above the last two highs → 13; EP 7
    ]);
    expect(r(parabolicSar(b, 0.02, 0.02, 0.2))).toEqual([null, 9, 9, 9.12, 13, 13]);
    expect(parabolicSar(b.slice(0, 1))).toEqual([null]);
  });

  it("OBV adds an up close's volume, takes a down close's and ignores an unchanged one", () => {
    const b = [10, 11, 11, 9, 12].map((close, i) => ({ ts: i, high: close, low: close, close, volume: i + 1 }));
    expect(obv(b)).toEqual([0, 2, 2, -2, 3]);
  });
});
