import { describe, expect, it } from "vitest";
import { parseDecimal, toText, type Decimal } from "~/lib/numbers/decimal";
import {
  accountValue,
  borrowChanges,
  expectedFill,
  holdingsOf,
  marketBound,
  planOf,
  previewOrder,
  previewRisk,
  pricesFrom,
  riskRatio,
  thresholdsOf,
  type Holding,
  type PairBook,
} from "./preview";

const d = (v: string): Decimal => parseDecimal(v) as Decimal;
const txt = (v: Decimal | undefined) => (v === undefined ? undefined : toText(v));
const th = thresholdsOf({ warningRiskRatio: "1.3", liquidationRiskRatio: "1.1" });
const usdt = (total: string, debt = "0"): Holding => ({ coin: "USDT", total: d(total), debt: d(debt) });
const btc = (total: string, debt = "0"): Holding => ({ coin: "BTC", total: d(total), debt: d(debt) });
const at = (btcPrice: string) => pricesFrom([{ symbol: "BTCUSDT", lastPr: btcPrice }], "USDT");

/** BTC/USDT at a last price of 100, prices to 2 decimals, sizes to 4; the first tier's taker fee, 0.1 %. */
const pair = (asks: string[][], bids: string[][] = []): PairBook => ({
  base: "BTC",
  quote: "USDT",
  pricePrecision: 2,
  quantityPrecision: 4,
  lastPrice: d("100"),
  asks: asks.map(([price = "", size = ""]) => ({ price, size })),
  bids: bids.map(([price = "", size = ""]) => ({ price, size })),
  takerRate: d("0.001"),
});

describe("the account's risk rate as the gateway computes it", () => {
  it("reads the listing's levels, or the gateway's defaults", () => {
    expect(txt(th.warning)).toBe("1.3");
    expect(txt(thresholdsOf({ warningRiskRatio: "1.5", liquidationRiskRatio: "" }).warning)).toBe("1.5");
    expect(txt(thresholdsOf(null).liquidation)).toBe("1.1");
  });

  it("values the account's coins at their last price, assets rounded down and debt up, the rate to 4 decimals down", () => {
    const holdings = holdingsOf([
      { coin: "USDT", totalAmount: "0.00000068", available: "0.00000068", frozen: "0", borrow: "0", interest: "0", net: "0" },
      { coin: "BTC", totalAmount: "0", available: "0", frozen: "0", borrow: "0.000000009", interest: "0.000000001", net: "0" },
    ]);
    // 0.00000001 BTC owed at 33.333 is 0.00000033333 USDT: owed as 0.00000034, so the rate is exactly 2.
    const v = accountValue(holdings, at("33.333"));
    expect(txt(v?.liabilities)).toBe("0.00000034");
    expect(txt(v && riskRatio(v))).toBe("2");
    expect(txt(riskRatio({ assets: d("2"), liabilities: d("3") }))).toBe("0.6666");
  });

  it('has no rate without debt (Bitget\'s "0"), before and after an action that borrows nothing', () => {
    const p = previewRisk([usdt("1000")], [], at("100"), th);
    expect(p).toEqual({ before: undefined, after: undefined, level: "none", refused: false });
  });

  it("cannot say anything of a coin without a price", () => {
    expect(previewRisk([usdt("1000"), { coin: "XRP", total: d("1"), debt: d("0") }], [], at("100"), th)).toBeUndefined();
  });
});

describe("a borrow's risk rate", () => {
  // An isolated account with 500 USDT may owe 9 × its equity (10x): the gateway's maximum is 4500.
  it("borrowing the maximum lands in margin call and is refused", () => {
    const p = previewRisk([usdt("500")], borrowChanges("USDT", d("4500")), at("100"), th);
    expect(txt(p?.before)).toBeUndefined();
    expect(txt(p?.after)).toBe("1.1111");
    expect(p?.level).toBe("call");
    expect(p?.refused).toBe(true);
  });

  it("a small borrow is allowed, with its rate", () => {
    const p = previewRisk([usdt("500")], borrowChanges("USDT", d("100")), at("100"), th);
    expect(txt(p?.after)).toBe("6");
    expect(p?.level).toBe("low");
    expect(p?.refused).toBe(false);
  });

  it("refuses at the margin call level itself, not just below it", () => {
    expect(previewRisk([usdt("300")], borrowChanges("USDT", d("1000")), at("100"), th)?.refused).toBe(true); // 1300 / 1000
    expect(previewRisk([usdt("300")], borrowChanges("USDT", d("999")), at("100"), th)?.refused).toBe(false); // 1.3003
  });

  it("values a borrowed coin at its price: BTC borrowed against USDT", () => {
    // 1000 USDT, 5 BTC borrowed at 100: 1500 of assets for 500 of debt.
    const p = previewRisk([usdt("1000")], borrowChanges("BTC", d("5")), at("100"), th);
    expect(txt(p?.after)).toBe("3");
    expect(p?.level).toBe("low");
  });
});

describe("an order's expected fill", () => {
  it("stops a market buy at its protection price (the last price + 5 %) and sizes a quote amount in whole lots", () => {
    expect(txt(marketBound("buy", d("100"), 2))).toBe("105");
    expect(txt(marketBound("sell", d("100"), 2))).toBe("95");
    const book = pair([
      ["100", "1"],
      ["101", "1"],
      ["104", "1"],
      ["106", "100"],
    ]);
    const fill = expectedFill({ side: "buy", type: "market", loanType: "normal", quoteSize: d("1000") }, book);
    expect(txt(fill.base)).toBe("3");
    expect(txt(fill.quote)).toBe("305");
    expect(fill.partial).toBe(true);
    const small = expectedFill({ side: "buy", type: "market", loanType: "normal", quoteSize: d("150") }, book);
    // 100 for the first coin, then 50 buys 0.495 of the next at 101 (whole lots of 0.0001, rounded down).
    expect(txt(small.base)).toBe("1.495");
    expect(txt(small.quote)).toBe("149.995");
    expect(small.partial).toBe(true);
  });

  it("fills a limit order only as far as its price; a market order before any trade fills nothing", () => {
    const book = pair(
      [],
      [
        ["99", "2"],
        ["98", "2"],
      ],
    );
    const fill = expectedFill({ side: "sell", type: "limit", loanType: "normal", price: d("98.5"), baseSize: d("3") }, book);
    expect([txt(fill.base), txt(fill.quote), fill.partial]).toEqual(["2", "198", true]);
    const none = expectedFill({ side: "sell", type: "market", loanType: "normal", baseSize: d("1") }, { ...book, lastPrice: undefined });
    expect([txt(none.base), none.partial]).toEqual(["0", true]);
  });

  it("reads place-order's body", () => {
    expect(planOf({ side: "buy", orderType: "market", loanType: "autoLoan", quoteSize: "10" })?.quoteSize).toEqual(d("10"));
    expect(planOf({ side: "buy", orderType: "limit", loanType: "normal", baseSize: "1" })).toBeUndefined();
  });
});

describe("an order's risk rate", () => {
  it("a market buy with auto-borrow against a thin book, above the last price, lands below liquidation", () => {
    // 1000 USDT of one's own; 10000 USDT of BTC with auto-borrow, and the only asks are at 104
    // while BTC is valued at its last price, 100.
    const book = pair([["104", "100"]]);
    const p = previewOrder(
      { side: "buy", type: "market", loanType: "autoLoan", quoteSize: d("10000") },
      { holdings: [usdt("1000")], free: { base: d("0"), quote: d("1000") } },
      book,
      at("100"),
      th,
    );
    expect(p?.borrow && [txt(p.borrow.amount), p.borrow.coin]).toEqual(["9000", "USDT"]);
    expect([txt(p?.fill.base), txt(p?.fill.quote)]).toEqual(["96.1538", "9999.9952"]);
    expect(p?.fee && [txt(p.fee.amount), p.fee.coin]).toEqual(["0.0961538", "BTC"]);
    // 0.0048 USDT left and 96.0576462 BTC worth 9605.76462, for 9000 owed.
    expect(txt(p?.after)).toBe("1.0673");
    expect(p?.level).toBe("liquidation");
    expect(p?.refused).toBe(true);
  });

  it("the same buy with the book at the last price stays clear of the margin call", () => {
    const p = previewOrder(
      { side: "buy", type: "market", loanType: "autoLoan", quoteSize: d("3000") },
      { holdings: [usdt("1000")], free: { base: d("0"), quote: d("1000") } },
      pair([["100", "100"]]),
      at("100"),
      th,
    );
    // 2000 borrowed; 30 BTC less 0.03 of fee: 2997 of assets for 2000 owed.
    expect(txt(p?.after)).toBe("1.4985");
    expect(p?.refused).toBe(false);
  });

  it("in margin call, a sell that repays from its proceeds raises the rate and is allowed; one that does not is refused", () => {
    const account = { holdings: [usdt("200", "1000"), btc("10")], free: { base: d("10"), quote: d("200") } };
    const book = pair([], [["100", "10"]]);
    const repaying = previewOrder({ side: "sell", type: "market", loanType: "autoRepay", baseSize: d("5") }, account, book, at("100"), th);
    expect(txt(repaying?.before)).toBe("1.2");
    // 499.5 USDT of proceeds repay the debt: 700 of assets for 500.5 owed.
    expect(txt(repaying?.after)).toBe("1.3986");
    expect(repaying?.refused).toBe(false);
    const plain = previewOrder({ side: "sell", type: "market", loanType: "normal", baseSize: d("5") }, account, book, at("100"), th);
    expect(txt(plain?.after)).toBe("1.1995");
    expect(plain?.refused).toBe(true);
  });

  it("a resting limit order changes only what it borrows", () => {
    const p = previewOrder(
      { side: "buy", type: "limit", loanType: "autoLoan", price: d("90"), baseSize: d("20") },
      { holdings: [usdt("1000")], free: { base: d("0"), quote: d("1000") } },
      pair([["100", "5"]]),
      at("100"),
      th,
    );
    expect(txt(p?.fill.base)).toBe("0");
    expect(p?.borrow && txt(p.borrow.amount)).toBe("800");
    expect(txt(p?.after)).toBe("2.25");
  });
});
