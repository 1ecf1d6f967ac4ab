import { describe, expect, it } from "vitest";
import { ratesFrom } from "~/lib/prefs/rates";
import { holdings, totalUsdt, usdtPrices, valuate } from "./valuation";

const prices = usdtPrices([
  { symbol: "BTCUSDT", lastPr: "60000" },
  { symbol: "ETHUSDT", lastPr: "3000.5" },
  { symbol: "BADUSDT", lastPr: "n/a" },
]);
const rates = ratesFrom({ supported: [{ name: "EUR", symbol: "€", value: "EUR" }], rates: { EUR: "0.92" } }, 1);

describe("valuation", () => {
  it("prices coins in USDT from the spot tickers", () => {
    expect(prices.get("ETH")).toEqual({ int: 30005n, scale: 1 });
    expect(prices.get("USDT")).toEqual({ int: 1n, scale: 0 });
    expect(prices.has("BAD")).toBe(false);
  });

  it("adds available, frozen and locked, values each holding and sorts by worth", () => {
    const list = holdings(
      [
        { coin: "USDT", available: "100", frozen: "0.5", locked: "0" },
        { coin: "ETH", available: "1", frozen: "0", locked: "1" },
        { coin: "XYZ", available: "5", frozen: "0", locked: "0" },
      ],
      prices,
    );
    expect(list).toEqual([
      { coin: "ETH", amount: "2", usdt: "6001" },
      { coin: "USDT", amount: "100.5", usdt: "100.5" },
      { coin: "XYZ", amount: "5", usdt: undefined },
    ]);
    expect(totalUsdt(list)).toBe("6101.5");
  });

  it("shows the total in the chosen unit, falling back to USDT when it cannot", () => {
    expect(valuate("100", "1", "EUR", rates, prices)).toEqual({ kind: "fiat", currency: "EUR", amount: "92" });
    expect(valuate("100", "1", "JPY", rates, prices)).toEqual({ kind: "coin", coin: "USDT", amount: "100" });
    expect(valuate("100", "2", "EUR", rates, prices)).toEqual({ kind: "coin", coin: "USDT", amount: "100" });
    expect(valuate("30000", "3", "EUR", rates, prices)).toEqual({ kind: "coin", coin: "BTC", amount: "0.5" });
    expect(valuate("1", "3", "EUR", rates, new Map())).toEqual({ kind: "coin", coin: "USDT", amount: "1" });
  });
});
