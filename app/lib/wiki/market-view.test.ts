import { describe, expect, it } from "vitest";
import { chartPaths } from "./chart-geometry";
import { chartView, formatChange, formatPrice, marketView, parseCandles, trendOf } from "./market-view";

describe("wiki market formatting", () => {
  it("formats prices exactly, with the market's digits, for the page's locale", () => {
    expect(formatPrice("95123.45", "en-US")).toBe("95,123.45");
    expect(formatPrice("95123.45", "de-DE")).toBe("95.123,45");
    expect(formatPrice("0.16230", "en-US")).toBe("0.16230");
    expect(formatPrice("12345678901234567.89", "en-US")).toBe("12,345,678,901,234,567.89");
    expect(formatPrice("n/a", "en-US")).toBe("n/a");
  });

  it("formats the 24 h change as a signed percentage and tells its direction", () => {
    expect(formatChange("0.0123", "en-US")).toBe("+1.23%");
    expect(formatChange("-0.5", "fr-FR")).toMatch(/^-50,00\s?%$/);
    expect(formatChange("0", "en-US")).toBe("0.00%");
    expect([trendOf("0.01"), trendOf("-0.0001"), trendOf("0.0000"), trendOf("x")]).toEqual(["up", "down", "flat", "flat"]);
  });

  it("builds the market view of a ticker", () => {
    const view = marketView(
      {
        symbol: "BTCUSDT",
        lastPr: "95000.10",
        change24h: "-0.0200",
        high24h: "97000.00",
        low24h: "94000.00",
        quoteVolume: "12345678.90",
        baseVolume: "130.5",
      },
      "en-US",
    );
    expect(view).toEqual({
      price: "95,000.10",
      change: "-2.00%",
      trend: "down",
      high: "97,000.00",
      low: "94,000.00",
      volume: "12.35M",
      baseVolume: "130.5",
    });
  });

  it("reads candle rows, skipping malformed ones, in time order", () => {
    const rows = [
      ["2000", "1", "12.5", "9.5", "11"],
      ["1000", "1", "11", "10", "10.5"],
      ["x", "1", "1", "1", "1"],
      ["3000", "1", "oops", "1", "1"],
      "row",
    ];
    expect(parseCandles(rows)).toEqual([
      { ts: 1000, high: "11", low: "10", close: "10.5" },
      { ts: 2000, high: "12.5", low: "9.5", close: "11" },
    ]);
    expect(parseCandles({ not: "rows" })).toEqual([]);
  });

  it("describes the chart in words: first, last, low and high with their dates", () => {
    const candles = parseCandles([
      ["1767225600000", "1", "101.00", "99.00", "100.00"],
      ["1767229200000", "1", "104.00", "98.50", "103.25"],
    ]);
    const view = chartView(candles, "en-GB");
    expect(view?.closes).toEqual([100, 103.25]);
    expect(view?.low).toBe(98.5);
    expect(view?.high).toBe(104);
    expect(view?.labels).toMatchObject({ first: "100.00", last: "103.25", low: "98.50", high: "104.00" });
    expect(view?.labels.start).toMatch(/1 Jan.*00:00.*UTC/);
    expect(chartView(candles.slice(0, 1), "en-GB")).toBeNull();
  });
});

describe("chartPaths", () => {
  it("spans the box, highest value at the top, lowest at the bottom", () => {
    const { line, area } = chartPaths([10, 20, 15], 10, 20, { width: 100, height: 50, pad: 5 });
    expect(line).toBe("M5,45L50,5L95,25");
    expect(area).toBe("M5,45L50,5L95,25L95,45L5,45Z");
  });

  it("draws a flat market as a flat line and nothing for a single point", () => {
    expect(chartPaths([7, 7], 7, 7, { width: 10, height: 10, pad: 0 }).line).toBe("M0,10L10,10");
    expect(chartPaths([7], 7, 7, { width: 10, height: 10, pad: 0 })).toEqual({ line: "", area: "" });
  });
});
