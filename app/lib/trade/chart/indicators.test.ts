import { describe, expect, it } from "vitest";
import { bollinger, ema, macd, rsi, sma } from "./indicators";

/** Rounds for comparison with the hand-worked values below. */
const r = (s: Array<number | null>) => s.map((v) => (v === null ? null : Math.round(v * 1e6) / 1e6));

describe("chart studies, against values worked by hand", () => {
  it("SMA is null until the window is full, then the window's mean", () => {
    expect(sma([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    expect(sma([10, 20], 3)).toEqual([null, null]);
    expect(sma([], 3)).toEqual([]);
  });

  it("EMA starts from the SMA of the first n values, then weighs each close by 2/(n+1)", () => {
    // k = 0.5: seed (1+2+3)/3 = 2; 4·0.5 + 2·0.5 = 3; 5·0.5 + 3·0.5 = 4
    expect(ema([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    // k = 0.5: seed (1+3+2)/3 = 2; 5/2 + 1 = 3.5; 4/2 + 1.75 = 3.75; 6/2 + 1.875 = 4.875
    expect(ema([1, 3, 2, 5, 4, 6], 3)).toEqual([null, null, 2, 3.5, 3.75, 4.875]);
  });

  it("Bollinger bands are the SMA ± mult population standard deviations", () => {
    // window [1,2,3]: mean 2, variance 2/3, sd 0.816497; window [2,3,7]: mean 4, variance 14/3, sd 2.160247
    const b = bollinger([1, 2, 3, 7], 3, 2);
    expect(r(b.mid)).toEqual([null, null, 2, 4]);
    expect(r(b.upper)).toEqual([null, null, 3.632993, 8.320494]);
    expect(r(b.lower)).toEqual([null, null, 0.367007, -0.320494]);
  });

  it("RSI uses Wilder's smoothing after a plain first average", () => {
    // changes +1 −1 +1 +1; n = 2: first avg gain 0.5 / loss 0.5 → 50; then 0.75/0.25 → 75; 0.875/0.125 → 87.5
    expect(rsi([1, 2, 1, 2, 3], 2)).toEqual([null, null, 50, 75, 87.5]);
    expect(rsi([1, 2, 3], 2)).toEqual([null, null, 100]);
    expect(rsi([5, 5, 5], 2)).toEqual([null, null, 50]);
    expect(rsi([3, 2, 1], 2)).toEqual([null, null, 0]);
  });

  it("MACD is EMA(fast) − EMA(slow), with an EMA signal line and their difference", () => {
    // EMA2 of [1,3,2,5,4,6]: –, 2, 2, 4, 4, 16/3; EMA3: –, –, 2, 3.5, 3.75, 4.875
    // MACD: –, –, 0, 0.5, 0.25, 0.458333; signal (n=2, seeded at the 2nd MACD value): 0.25, 0.25, 0.388889
    const m = macd([1, 3, 2, 5, 4, 6], 2, 3, 2);
    expect(r(m.macd)).toEqual([null, null, 0, 0.5, 0.25, 0.458333]);
    expect(r(m.signal)).toEqual([null, null, null, 0.25, 0.25, 0.388889]);
    expect(r(m.histogram)).toEqual([null, null, null, 0.25, 0, 0.069444]);
  });
});
