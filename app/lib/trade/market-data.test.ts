import { describe, expect, it } from "vitest";
import { mergeTrades, tickerOf } from "./market-data";

const t = (id: string, ts: number) => ({ tradeId: id, price: "100.5", size: "0.1", side: "buy", ts: String(ts), symbol: "BTCUSDT" });

describe("mergeTrades", () => {
  it("keeps the newest trades first, each once, dropping malformed ones", () => {
    const start = mergeTrades([], [t("2", 20), t("1", 10)]);
    const next = mergeTrades(
      start,
      [t("4", 40), t("3", 30), t("2", 20), { tradeId: "5", price: "x", size: "1", side: "buy", ts: "50" }],
      3,
    );
    expect(next.map((x) => x.tradeId)).toEqual(["4", "3", "2"]);
    expect(next[0]).toEqual({ tradeId: "4", price: "100.5", size: "0.1", side: "buy", ts: "40" });
  });
});

describe("tickerOf", () => {
  it("reads REST and stream tickers alike and refuses anything else", () => {
    const raw = { lastPr: "1", high24h: "2", low24h: "0.5", change24h: "0.01", baseVolume: "3", quoteVolume: "4", open24h: "1" };
    expect(tickerOf(raw)).toEqual({ lastPr: "1", high24h: "2", low24h: "0.5", change24h: "0.01", baseVolume: "3", quoteVolume: "4" });
    expect(tickerOf({ lastPr: 1 })).toBeUndefined();
    expect(tickerOf(null)).toBeUndefined();
  });
});
