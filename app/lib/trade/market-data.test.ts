import { describe, expect, it } from "vitest";
import { mergeTrades, priceDirection, tickerOf } from "./market-data";

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

describe("priceDirection", () => {
  const tr = (price: string) => ({ tradeId: price, price, size: "1", side: "buy" as const, ts: "1" });
  it("is up or down by the last move between different prices, and flat without one", () => {
    expect(priceDirection([tr("101"), tr("100")])).toBe("up");
    expect(priceDirection([tr("99.5"), tr("100"), tr("98")])).toBe("down");
    // Equal prices look further back for the last move.
    expect(priceDirection([tr("100"), tr("100.00"), tr("101")])).toBe("down");
    expect(priceDirection([tr("100"), tr("100")])).toBe("flat");
    expect(priceDirection([])).toBe("flat");
  });
});
