import { describe, expect, it } from "vitest";
import { parseDecimal, toText } from "~/lib/numbers/decimal";
import { estimateFee, feeRates } from "./fees";

const d = (t: string) => parseDecimal(t)!;

describe("estimated fee", () => {
  it("uses the trader's VIP tier, and the first tier for an unknown one", () => {
    expect(feeRates("2")).toEqual({ maker: 800, taker: 950 });
    expect(feeRates("99")).toEqual({ maker: 1000, taker: 1000 });
    expect(feeRates("abc")).toEqual({ maker: 1000, taker: 1000 });
  });

  it("charges a buy in the coin bought and a sell in the quote, at the taker rate unless post-only", () => {
    const rates = { maker: 800, taker: 950 };
    const buy = estimateFee({ side: "buy", type: "limit", force: "gtc" }, { size: d("2"), total: d("200") }, rates);
    expect(buy && { coin: buy.coin, amount: toText(buy.amount) }).toEqual({ coin: "base", amount: "0.0019" });
    const maker = estimateFee({ side: "buy", type: "limit", force: "post_only" }, { size: d("2") }, rates);
    expect(maker && toText(maker.amount)).toBe("0.0016");
    const sell = estimateFee({ side: "sell", type: "market", force: "gtc" }, { size: d("2"), total: d("200") }, rates);
    expect(sell && { coin: sell.coin, amount: toText(sell.amount) }).toEqual({ coin: "quote", amount: "0.19" });
    const marketBuy = estimateFee({ side: "buy", type: "market", force: "gtc" }, { estimatedSize: d("0.5"), total: d("50") }, rates);
    expect(marketBuy && toText(marketBuy.amount)).toBe("0.000475");
    expect(estimateFee({ side: "sell", type: "limit", force: "gtc" }, {}, rates)).toBeUndefined();
  });
});
