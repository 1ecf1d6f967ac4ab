import { describe, expect, it } from "vitest";
import { candlesFromRows } from "./candles";
import { chartLayout } from "./chart-layout";

const box = { width: 400, height: 220, labelWidth: 80, padding: 10 };
const candles = candlesFromRows([
  ["1000", "100", "110", "90", "105", "1"],
  ["2000", "105", "120", "100", "101", "1"],
]);

describe("chartLayout", () => {
  it("spreads candles over the plot, highest price at the top, and colours by direction", () => {
    const layout = chartLayout(candles, box, 2)!;
    expect(layout.bars).toHaveLength(2);
    expect(layout.bars[0]).toMatchObject({ up: true, wickBottom: 210 });
    expect(layout.bars[1]).toMatchObject({ up: false, wickTop: 10 });
    expect(layout.bars[1]!.x).toBeGreaterThan(layout.bars[0]!.x);
    expect(layout.bars[1]!.x + layout.bars[1]!.width).toBeLessThanOrEqual(box.width - box.labelWidth);
  });

  it("labels the price axis with exact decimals", () => {
    expect(chartLayout(candles, box, 2)!.ticks.map((t) => t.price)).toEqual(["120.00", "112.50", "105.00", "97.50", "90.00"]);
  });

  it("places a price inside the range, or pins it to the edge it is beyond", () => {
    const layout = chartLayout(candles, box, 2)!;
    expect(layout.place("105")).toEqual({ y: 110 });
    expect(layout.place("500")).toEqual({ y: 10, beyond: "above" });
    expect(layout.place("1")).toEqual({ y: 210, beyond: "below" });
    expect(chartLayout([], box, 2)).toBeUndefined();
  });
});
