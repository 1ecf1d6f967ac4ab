import { describe, expect, it } from "vitest";
import { overviewRows, sparkOf } from "./markets.server";

const candle = (ts: number, close: string) => [String(ts), close, close, close, close, "1", "1"];

describe("the overview's rows", () => {
  it("join listings and tickers in listing order, value open interest, and leave out markets without a price", () => {
    const listed = [
      { symbol: "BTCUSDT", baseCoin: "BTC", quoteCoin: "USDT", launchTime: "" },
      { symbol: "ETHUSDT", baseCoin: "ETH", quoteCoin: "USDT", launchTime: "1700000000000" },
      { symbol: "SOLUSDT", baseCoin: "SOL", quoteCoin: "USDT" },
    ];
    const tickers = [
      { symbol: "ETHUSDT", lastPr: "3000", change24h: "-0.01", quoteVolume: "5", fundingRate: "0.0001", holdingAmount: "2.5" },
      { symbol: "BTCUSDT", lastPr: "90000", change24h: "<b>", quoteVolume: "7", fundingRate: "NaN", holdingAmount: "1" },
      { symbol: "SOLUSDT", lastPr: "", change24h: "0", quoteVolume: "0" },
    ];
    const spark = { line: "M0,0L1,1", trend: "up" as const };
    const rows = overviewRows("futures", listed, tickers, new Map([["ETHUSDT", spark]]));
    expect(rows.map((r) => r.symbol)).toEqual(["BTCUSDT", "ETHUSDT"]);
    expect(rows[0]).toMatchObject({ change24h: "0", openInterest: "90000", listedAt: 0, listOrder: 0 });
    expect(rows[0]?.fundingRate).toBeUndefined();
    expect(rows[1]).toMatchObject({ fundingRate: "0.0001", openInterest: "7500", listedAt: 1_700_000_000_000, spark });
    // spot rows carry no futures figures even when a ticker has them
    expect(overviewRows("spot", listed, tickers, new Map())[1]?.fundingRate).toBeUndefined();
  });

  it("draw a day's closes as a line with its trend, and nothing from too few candles", () => {
    const s = sparkOf([candle(3, "12"), candle(1, "10"), candle(2, "11")]);
    expect(s?.trend).toBe("up");
    expect(s?.line).toMatch(/^M2,26(\.0)?L/);
    expect(sparkOf([candle(1, "10"), candle(2, "9")])?.trend).toBe("down");
    expect(sparkOf([candle(1, "10")])).toBeNull();
    expect(sparkOf("nonsense")).toBeNull();
  });
});
