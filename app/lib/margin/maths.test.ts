import { describe, expect, it } from "vitest";
import { toText } from "~/lib/numbers/decimal";
import { btc, ctx, d, limitBuy } from "~/lib/trade/market.fixture";
import type { OrderFormState } from "~/lib/trade/order-form";
import {
  buildMarginOrder,
  checkAmount,
  shortfall,
  fundsOf,
  marginCallWatch,
  maxTrade,
  repayable,
  riskLevel,
  riskShare,
  spendable,
} from "./maths";

const assets = [
  { coin: "USDT", totalAmount: "1000", available: "1000", frozen: "0", borrow: "0", interest: "0", net: "1000" },
  { coin: "BTC", totalAmount: "0.01", available: "0.01", frozen: "0", borrow: "0.02", interest: "0.0001", net: "-0.0101" },
];
const funds = fundsOf(assets, "BTC", "USDT", { base: "0.05", quote: "4000" });
const form: OrderFormState = { ...limitBuy, price: "50000", quantity: "0.08" };

describe("margin spending power", () => {
  it("adds what can be borrowed only when the order borrows", () => {
    expect(toText(spendable(funds, "normal").quote)).toBe("1000");
    expect(toText(spendable(funds, "autoLoan").quote)).toBe("5000");
    expect(toText(spendable(funds, "autoLoanAndRepay").base)).toBe("0.06");
    expect(toText(spendable(funds, "autoRepay").base)).toBe("0.01");
  });

  it("gives the largest buy at the price and the largest sell, rounded down to the lot", () => {
    const m = maxTrade(funds, "autoLoan", d("30000"), 6);
    expect(m.buy && toText(m.buy)).toBe("0.166666");
    expect(toText(m.sell)).toBe("0.06");
    expect(maxTrade(funds, "normal", undefined, 6).buy).toBeUndefined();
  });
});

describe("buildMarginOrder", () => {
  it("refuses a buy beyond the free balance without a loan and accepts it with auto-loan", () => {
    const normal = buildMarginOrder(form, { ...ctx, available: spendable(funds, "normal") }, "normal", "c1");
    expect(normal.ok).toBe(false);
    const loan = buildMarginOrder(form, { ...ctx, available: spendable(funds, "autoLoan") }, "autoLoan", "c1");
    expect(loan).toEqual({
      ok: true,
      body: {
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        loanType: "autoLoan",
        force: "gtc",
        price: "50000",
        baseSize: "0.08",
        clientOid: "c1",
      },
    });
  });

  it("sizes a market buy in the quote and a market sell in the base", () => {
    const buy = buildMarginOrder(
      { ...form, type: "market", quantity: "2000" },
      { ...ctx, available: spendable(funds, "autoLoan") },
      "autoLoan",
      "c2",
    );
    expect(buy.ok && buy.body).toMatchObject({ orderType: "market", quoteSize: "2000" });
    expect(buy.ok && "baseSize" in buy.body).toBe(false);
    const sell = buildMarginOrder(
      { ...form, side: "sell", type: "market", quantity: "0.05" },
      { ...ctx, available: spendable(funds, "autoLoan") },
      "autoLoan",
      "c3",
    );
    expect(sell.ok && sell.body).toMatchObject({ side: "sell", baseSize: "0.05" });
  });

  it("keeps the spot rules of tick and lot", () => {
    const r = buildMarginOrder({ ...form, price: "50000.001" }, { ...ctx, market: btc }, "normal", "c4");
    expect(r.ok ? undefined : r.errors.price?.key).toBe("tick");
  });
});

describe("shortfall", () => {
  it("is the part of a cost beyond the free balance", () => {
    expect(shortfall(d("4000"), d("1000.5")) && toText(shortfall(d("4000"), d("1000.5"))!)).toBe("2999.5");
    expect(shortfall(d("1000"), d("1000"))).toBeUndefined();
    expect(shortfall(undefined, d("1"))).toBeUndefined();
  });
});

describe("checkAmount and repayable", () => {
  it("reads a positive amount within the limit and the coin's decimals", () => {
    expect(checkAmount("100", d("4000"), 8)).toEqual({ ok: true, amount: "100" });
    expect(checkAmount("", d("4000"), 8)).toEqual({ ok: false, error: { key: "required" } });
    expect(checkAmount("0", d("4000"), 8)).toEqual({ ok: false, error: { key: "positive" } });
    expect(checkAmount("5000", d("4000"), 8)).toEqual({ ok: false, error: { key: "margin.overMax", values: { max: "4000" } } });
    expect(checkAmount("1.123", d("4000"), 2)).toEqual({ ok: false, error: { key: "margin.decimals", values: { digits: "2" } } });
  });

  it("repays the debt and its interest, but no more than is free", () => {
    expect(toText(repayable(assets[1]))).toBe("0.01");
    expect(toText(repayable({ ...assets[1]!, available: "1" }))).toBe("0.0201");
    expect(toText(repayable(undefined))).toBe("0");
  });
});

describe("risk", () => {
  it("bands the risk rate (assets over debt) against the thresholds", () => {
    expect(riskLevel(undefined)).toBe("none");
    expect(riskLevel(0)).toBe("none");
    expect(riskLevel(5)).toBe("low");
    expect(riskLevel(1.6)).toBe("medium");
    expect(riskLevel(1.3)).toBe("call");
    expect(riskLevel(1.05)).toBe("liquidation");
    expect(riskLevel(1.4, 1.5, 1.2)).toBe("call");
  });

  it("fills the gauge towards liquidation", () => {
    expect(riskShare(0)).toBe(0);
    expect(riskShare(2.2)).toBeCloseTo(0.5);
    expect(riskShare(1)).toBe(1);
  });

  it("warns of a margin call once, and again only after the rate rose well back", () => {
    const watch = marginCallWatch(1.3);
    expect([3, 1.29, 1.25, 1.4, 1.28, 1.6, 1.2, 0, 1.1].map(watch)).toEqual([false, true, false, false, false, false, true, false, true]);
  });
});
