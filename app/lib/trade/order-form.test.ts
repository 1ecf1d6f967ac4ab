import { describe, expect, it } from "vitest";
import { toText, type Decimal } from "~/lib/numbers/decimal";
import { marketOf } from "./market";
import { btc, ctx, d, limitBuy } from "./market.fixture";
import { buildOrder, normalizeField, quantityForPercent, readPositive, summarize, validate } from "./order-form";

/** A summary with its decimals as text, so values compare whatever their scale. */
const texts = (o: object) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === "object" && v && "int" in v ? toText(v as Decimal) : v]));

describe("marketOf", () => {
  it("turns a listing into exact steps and limits, and refuses an unreadable one", () => {
    expect(btc.tick).toEqual({ int: 1n, scale: 2 });
    expect(btc.lot).toEqual({ int: 1n, scale: 6 });
    expect(
      marketOf({
        ...{
          symbol: "X",
          baseCoin: "X",
          quoteCoin: "USDT",
          minTradeAmount: "1",
          maxTradeAmount: "2",
          pricePrecision: "x",
          quantityPrecision: "2",
          quotePrecision: "6",
          minTradeUSDT: "1",
          status: "online",
        },
      }),
    ).toBeUndefined();
  });
});

describe("readPositive", () => {
  it("reads decimals with either mark and tells empty, garbage and non-positive apart", () => {
    expect(readPositive(" 0,5 ")).toEqual({ ok: true, value: d("0.5") });
    expect(readPositive(".5")).toEqual({ ok: true, value: d("0.5") });
    expect(readPositive("")).toEqual({ ok: false, error: undefined });
    for (const t of ["abc", "1e3", "1.2.3", "-1", ".", "1,000.5"])
      expect(readPositive(t), t).toEqual({ ok: false, error: { key: "invalid" } });
    expect(readPositive("0.00")).toEqual({ ok: false, error: { key: "positive" } });
  });
});

describe("summarize", () => {
  it("values a limit order exactly, in coin or in quote", () => {
    expect(texts(summarize(limitBuy, ctx))).toEqual({ unit: "base", price: "90000", size: "0.01", total: "900", estimated: false });
    expect(texts(summarize({ ...limitBuy, unit: "quote", price: "30000", quantity: "100" }, ctx))).toMatchObject({
      size: "0.003333",
      total: "99.99",
    });
  });

  it("sizes a market buy in the quote coin and estimates the rest at the last price", () => {
    expect(texts(summarize({ ...limitBuy, type: "market", quantity: "95" }, ctx))).toEqual({
      unit: "quote",
      total: "95",
      estimatedSize: "0.001",
      estimated: true,
    });
    expect(texts(summarize({ ...limitBuy, type: "market", side: "sell", quantity: "0.002" }, ctx))).toEqual({
      unit: "base",
      size: "0.002",
      total: "190",
      estimated: true,
    });
  });
});

describe("validate", () => {
  it("accepts a good order", () => {
    expect(validate(limitBuy, ctx)).toEqual({});
  });

  it("puts each problem beside its field", () => {
    expect(validate({ ...limitBuy, price: "", quantity: "" }, ctx)).toEqual({ price: { key: "required" }, quantity: { key: "required" } });
    expect(validate({ ...limitBuy, price: "90000.001" }, ctx).price).toEqual({ key: "tick", values: { step: "0.01" } });
    expect(validate({ ...limitBuy, quantity: "0.0000001" }, ctx).quantity).toEqual({ key: "lot", values: { step: "0.000001" } });
    const quantityProblems: Array<[string, Partial<typeof limitBuy>, typeof ctx, unknown]> = [
      [
        "over the largest size",
        { quantity: "1001" },
        { ...ctx, available: undefined },
        { key: "maxSize", values: { max: "1000", coin: "BTC" } },
      ],
      ["under the smallest value", { quantity: "0.00001" }, ctx, { key: "minNotional", values: { min: "1", coin: "USDT" } }],
      ["more USDT than available", { quantity: "0.02" }, ctx, { key: "insufficient", values: { coin: "USDT" } }],
      ["more BTC than available", { side: "sell", quantity: "0.6" }, ctx, { key: "insufficient", values: { coin: "BTC" } }],
      [
        "a market buy under the smallest value",
        { type: "market", quantity: "0.5" },
        ctx,
        { key: "minNotional", values: { min: "1", coin: "USDT" } },
      ],
      [
        "a market buy off the quote step",
        { type: "market", quantity: "1.1234567" },
        ctx,
        { key: "quoteStep", values: { step: "0.000001" } },
      ],
      [
        "a quote amount under the smallest size",
        { unit: "quote", quantity: "0.05" },
        ctx,
        { key: "minSize", values: { min: "0.000001", coin: "BTC" } },
      ],
    ];
    for (const [what, change, context, problem] of quantityProblems) {
      expect(validate({ ...limitBuy, ...change }, context).quantity, what).toEqual(problem);
    }
  });

  it("refuses a limit price outside the band around the last price, as the gateway would (43009/43008)", () => {
    // last price 95,000: a buy at most 99,750, a sell at least 90,250
    expect(validate({ ...limitBuy, price: "104500" }, ctx).price).toEqual({
      key: "bandHigh",
      values: { min: "19000.00", max: "99750.00" },
    });
    expect(buildOrder({ ...limitBuy, price: "104500", quantity: "0.001" }, ctx, "web-b")).toEqual({
      ok: false,
      errors: { price: { key: "bandHigh", values: { min: "19000.00", max: "99750.00" } } },
    });
    expect(validate({ ...limitBuy, price: "99750", quantity: "0.001" }, ctx)).toEqual({});
    const sell = { ...limitBuy, side: "sell" as const };
    expect(validate({ ...sell, price: "90000" }, ctx).price).toEqual({ key: "bandLow", values: { min: "90250.00", max: "475000.00" } });
    // no last price yet: nothing to band against
    expect(validate({ ...limitBuy, price: "104500", quantity: "0.001" }, { ...ctx, lastPrice: undefined })).toEqual({});
  });

  it("does not judge balances it does not know (a guest)", () => {
    expect(validate({ ...limitBuy, quantity: "0.5" }, { ...ctx, available: undefined })).toEqual({});
  });

  it("wants take-profit and stop-loss on the right side of the entry", () => {
    expect(validate({ ...limitBuy, takeProfit: "99000", stopLoss: "85000" }, ctx)).toEqual({});
    expect(validate({ ...limitBuy, takeProfit: "89000", stopLoss: "91000" }, ctx)).toEqual({
      takeProfit: { key: "tpAbove", values: { price: "90000" } },
      stopLoss: { key: "slBelow", values: { price: "90000" } },
    });
    const sell = { ...limitBuy, side: "sell" as const, quantity: "0.1" };
    // (the last price at 90,000: a sell at 90,000 inside its band)
    expect(validate({ ...sell, takeProfit: "91000", stopLoss: "89000" }, { ...ctx, lastPrice: d("90000") })).toEqual({
      takeProfit: { key: "tpBelow", values: { price: "90000" } },
      stopLoss: { key: "slAbove", values: { price: "90000" } },
    });
    expect(validate({ ...limitBuy, type: "market", quantity: "100", takeProfit: "94000" }, ctx).takeProfit).toEqual({
      key: "tpAbove",
      values: { price: "95000" },
    });
    expect(validate({ ...limitBuy, takeProfit: "99000.005" }, ctx).takeProfit).toEqual({ key: "tick", values: { step: "0.01" } });
    expect(validate({ ...limitBuy, stopLoss: "x" }, ctx).stopLoss).toEqual({ key: "invalid" });
  });
});

describe("buildOrder", () => {
  it("builds Bitget's place-order body only when nothing is wrong", () => {
    expect(
      buildOrder({ ...limitBuy, price: "90000.10", quantity: "0,010", takeProfit: "99000", force: "post_only" }, ctx, "web-1"),
    ).toEqual({
      ok: true,
      body: {
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        force: "post_only",
        price: "90000.1",
        size: "0.01",
        clientOid: "web-1",
        presetTakeProfitPrice: "99000",
      },
    });
    expect(buildOrder({ ...limitBuy, type: "market", quantity: "100" }, ctx, "web-2")).toEqual({
      ok: true,
      body: { symbol: "BTCUSDT", side: "buy", orderType: "market", size: "100", clientOid: "web-2" },
    });
    expect(buildOrder({ ...limitBuy, unit: "quote", quantity: "100" }, ctx, "web-3")).toMatchObject({
      ok: true,
      body: { size: "0.001111", price: "90000" },
    });
    expect(buildOrder({ ...limitBuy, price: "" }, ctx, "web-4")).toEqual({ ok: false, errors: { price: { key: "required" } } });
  });
});

describe("quantityForPercent", () => {
  it("spends a share of the quote on a buy, rounded down to the lot at the limit price", () => {
    expect(quantityForPercent(limitBuy, ctx, 50)).toBe("0.005555");
    expect(quantityForPercent({ ...limitBuy, price: "" }, ctx, 50)).toBe("needsPrice");
    expect(quantityForPercent({ ...limitBuy, type: "market" }, ctx, 25)).toBe("250");
    expect(quantityForPercent({ ...limitBuy, unit: "quote" }, ctx, 100)).toBe("1000");
  });

  it("sells a share of the base coin, and needs balances to do anything", () => {
    const sell = { ...limitBuy, side: "sell" as const };
    expect(quantityForPercent(sell, { ...ctx, available: { base: d("0.1234567"), quote: d("0") } }, 75)).toBe("0.092592");
    expect(quantityForPercent({ ...sell, unit: "quote" }, ctx, 100)).toBe("45000");
    expect(quantityForPercent(sell, { ...ctx, available: undefined }, 100)).toBeUndefined();
    // What a percentage gives is always a valid order when it is large enough.
    expect(validate({ ...limitBuy, quantity: quantityForPercent(limitBuy, ctx, 100) as string }, ctx)).toEqual({});
  });

  it("takes any whole percent from the slider, and nothing outside 1 to 100", () => {
    expect(quantityForPercent({ ...limitBuy, type: "market" }, ctx, 33)).toBe("330");
    expect(quantityForPercent({ ...limitBuy, type: "market" }, ctx, 0)).toBeUndefined();
    expect(quantityForPercent({ ...limitBuy, type: "market" }, ctx, 101)).toBeUndefined();
    expect(quantityForPercent({ ...limitBuy, type: "market" }, ctx, 12.5)).toBeUndefined();
  });
});

describe("normalizeField", () => {
  it("rounds a price to the nearest tick and a quantity down to its step, leaving garbage alone", () => {
    expect(normalizeField("price", { ...limitBuy, price: "90000.005" }, btc)).toBe("90000.01");
    expect(normalizeField("price", { ...limitBuy, price: "90000" }, btc)).toBe("90000.00");
    expect(normalizeField("quantity", { ...limitBuy, quantity: "0.0123459" }, btc)).toBe("0.012345");
    expect(normalizeField("quantity", { ...limitBuy, quantity: "0.0000001" }, btc)).toBe("0.0000001");
    expect(normalizeField("quantity", { ...limitBuy, type: "market", quantity: "10.1234567" }, btc)).toBe("10.123456");
    expect(normalizeField("stopLoss", { ...limitBuy, stopLoss: "abc" }, btc)).toBe("abc");
  });
});
