import { describe, expect, it } from "vitest";
import { candlesFromRows, MAX_CANDLES, mergeCandles } from "./candles";

const row = (ts: number, o: string, h: string, l: string, c: string) => [String(ts), o, h, l, c, "1.5", "100", "100"];

describe("candles", () => {
  it("reads rows oldest first, one per time, and drops anything that is not a candle", () => {
    const list = candlesFromRows([
      row(3000, "3", "4", "2", "3.5"),
      row(1000, "1", "2", "0.5", "1.5"),
      ["x"],
      [1000, "1", "1", "1", "1", "1"],
      row(2000, "1.5", "abc", "1", "2"),
      "nope",
    ]);
    expect(list.map((c) => c.ts)).toEqual([1000, 3000]);
    expect(candlesFromRows("nope")).toEqual([]);
  });

  it("replaces the current candle as it grows and appends the next, keeping the newest", () => {
    const start = candlesFromRows([row(1000, "1", "2", "0.5", "1.5"), row(2000, "1.5", "2", "1", "1.8")]);
    const grown = mergeCandles(start, candlesFromRows([row(2000, "1.5", "2.5", "1", "2.4")]));
    expect(grown.map((c) => [c.ts, c.close])).toEqual([
      [1000, "1.5"],
      [2000, "2.4"],
    ]);
    const next = mergeCandles(grown, candlesFromRows([row(3000, "2.4", "2.4", "2.4", "2.4")]), 2);
    expect(next.map((c) => c.ts)).toEqual([2000, 3000]);
  });

  it("keeps the newest 120 unless told how many (an older page of the chart is 200)", () => {
    const rows = Array.from({ length: 150 }, (_, i) => row(1000 * (i + 1), "1", "1", "1", "1"));
    expect(candlesFromRows(rows)).toHaveLength(MAX_CANDLES);
    expect(candlesFromRows(rows)[0]!.ts).toBe(31_000);
    expect(candlesFromRows(rows, 200)).toHaveLength(150);
  });
});
