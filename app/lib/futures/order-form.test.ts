import { describe, expect, it } from "vitest";
import { futuresMarketOf } from "./contract";
import { BTC_CONTRACT } from "./contract.fixture";
import {
  checkFuturesOrder,
  futuresBandError,
  futuresProtection,
  sidesOf,
  type FuturesFormContext,
  type FuturesFormInput,
} from "./order-form";

const market = futuresMarketOf(BTC_CONTRACT)!;
const ctx: FuturesFormContext = {
  market,
  marginMode: "isolated",
  posMode: "one_way_mode",
  leverage: 10,
  lastPrice: "50000",
  available: 1000,
  closable: undefined,
};
const input: FuturesFormInput = {
  kind: "limit",
  tradeSide: "open",
  holdSide: "long",
  price: "50000",
  triggerPrice: "",
  planPrice: "",
  size: "0.01",
  unit: "coin",
  tpsl: false,
  takeProfit: "",
  stopLoss: "",
};

describe("futures order form", () => {
  it("builds a limit open long with cost, fee and the estimated liquidation price", () => {
    const r = checkFuturesOrder(input, ctx, "web-1");
    expect(r.errors).toEqual({});
    expect(r.request).toEqual({
      path: "order",
      body: {
        symbol: "BTCUSDT",
        productType: "USDT-FUTURES",
        marginMode: "isolated",
        marginCoin: "USDT",
        size: "0.01",
        side: "buy",
        clientOid: "web-1",
        orderType: "limit",
        price: "50000",
        force: "gtc",
      },
    });
    expect(r.preview!.margin).toBeCloseTo(50);
    expect(r.preview!.fee).toBeCloseTo(0.3);
    expect(r.preview!.cost).toBeCloseTo(50.3);
    expect(r.preview!.liquidation).toBeGreaterThan(45_000);
    expect(r.preview!.liquidation).toBeLessThan(50_000);
  });

  it("takes the size in contracts or USDT", () => {
    expect(checkFuturesOrder({ ...input, unit: "contract", size: "10" }, ctx, "x").request?.body.size).toBe("0.01");
    expect(checkFuturesOrder({ ...input, unit: "quote", size: "500" }, ctx, "x").request?.body.size).toBe("0.01");
  });

  it("refuses bad prices and sizes, and more than the balance opens", () => {
    const errs = (i: Partial<FuturesFormInput>, c: Partial<FuturesFormContext> = {}) =>
      checkFuturesOrder({ ...input, ...i }, { ...ctx, ...c }, "x");
    expect(errs({ price: "" }).errors.price?.key).toBe("required");
    expect(errs({ price: "abc" }).errors.price?.key).toBe("notNumber");
    expect(errs({ price: "-5" }).errors.price?.key).toBe("notNumber");
    expect(errs({ price: "50000.05" }).errors.price?.key).toBe("offTick");
    expect(errs({ size: "0.0001" }).errors.size?.key).toBe("notNumber");
    expect(errs({ size: "0.001", price: "1000" }).errors.size?.key).toBe("belowMinValue");
    expect(errs({ size: "1" }).errors.size?.key).toBe("aboveAvailable");
    expect(errs({ size: "1" }).request).toBeUndefined();
    expect(errs({ kind: "market", price: "" }, { lastPrice: undefined }).errors.size).toBeUndefined();
  });

  it("closes reduce-only in one-way mode, and with tradeSide in hedge mode (Bitget's side is the position's there)", () => {
    expect(sidesOf("open", "long", "one_way_mode")).toEqual({ side: "buy" });
    expect(sidesOf("open", "short", "one_way_mode")).toEqual({ side: "sell" });
    expect(sidesOf("close", "long", "one_way_mode")).toEqual({ side: "sell", reduceOnly: "YES" });
    expect(sidesOf("close", "short", "one_way_mode")).toEqual({ side: "buy", reduceOnly: "YES" });
    expect(sidesOf("close", "long", "hedge_mode")).toEqual({ side: "buy", tradeSide: "close" });
    const close = checkFuturesOrder({ ...input, kind: "market", tradeSide: "close" }, { ...ctx, closable: 0.005 }, "x");
    expect(close.errors.size?.key).toBe("aboveAvailable");
    const ok = checkFuturesOrder({ ...input, kind: "market", tradeSide: "close" }, { ...ctx, closable: 0.01 }, "x");
    expect(ok.request?.body).toMatchObject({ side: "sell", reduceOnly: "YES", orderType: "market" });
    expect(ok.request?.body.price).toBeUndefined();
  });

  it("puts TP/SL on the order only on the profitable and losing sides of the entry", () => {
    const long = { ...input, tpsl: true, takeProfit: "55000", stopLoss: "48000" };
    expect(checkFuturesOrder(long, ctx, "x").request?.body).toMatchObject({
      presetStopSurplusPrice: "55000",
      presetStopLossPrice: "48000",
    });
    expect(checkFuturesOrder({ ...long, takeProfit: "49000" }, ctx, "x").errors.takeProfit?.key).toBe("tpSide");
    expect(checkFuturesOrder({ ...long, stopLoss: "51000" }, ctx, "x").errors.stopLoss?.key).toBe("slSide");
    const short = { ...long, holdSide: "short" as const, takeProfit: "45000", stopLoss: "52000" };
    expect(checkFuturesOrder(short, ctx, "x").errors).toEqual({});
  });

  it("builds a plan order triggered by the mark price, at market unless it has a price", () => {
    const plan = checkFuturesOrder({ ...input, kind: "plan", price: "", triggerPrice: "49000" }, ctx, "x");
    expect(plan.request).toMatchObject({
      path: "plan",
      body: { planType: "normal_plan", triggerPrice: "49000", triggerType: "mark_price", orderType: "market" },
    });
    expect(checkFuturesOrder({ ...input, kind: "plan", triggerPrice: "" }, ctx, "x").errors.triggerPrice?.key).toBe("required");
    const limitPlan = checkFuturesOrder({ ...input, kind: "plan", triggerPrice: "49000", planPrice: "48900" }, ctx, "x");
    expect(limitPlan.request?.body).toMatchObject({ orderType: "limit", price: "48900" });
  });

  it("refuses a price outside the band around the mark before sending, per button (40706)", () => {
    const marked = { ...ctx, markPrice: "50000" };
    // a long at 10 % over the mark: refused, with the bound; a short there is fine (a sell may rest up to 5 ×)
    const high = { ...input, price: "55000" };
    const r = checkFuturesOrder(high, marked, "web-b");
    expect(r.errors.price?.key).toBe("bandHigh");
    expect(r.errors.price?.values?.max).toMatch(/^52500(\.0+)?$/);
    expect(r.request).toBeUndefined();
    expect(futuresBandError(high, marked, "long")?.key).toBe("bandHigh");
    expect(futuresBandError(high, marked, "short")).toBeUndefined();
    // closing a long sells: 10 % under the mark is below its band
    const low = { ...input, tradeSide: "close" as const, price: "45000" };
    expect(futuresBandError(low, marked, "long")?.key).toBe("bandLow");
    expect(futuresBandError(low, { ...marked, posMode: "hedge_mode" }, "long")?.key).toBe("bandLow");
    expect(futuresBandError(low, marked, "short")).toBeUndefined();
    // inside, or no mark yet: sent
    expect(checkFuturesOrder({ ...input, price: "52500" }, marked, "x").request).toBeDefined();
    expect(checkFuturesOrder(high, ctx, "x").request).toBeDefined();
  });

  it("bands a plan's own price against its trigger, the mark it fires at", () => {
    const plan = { ...input, kind: "plan" as const, triggerPrice: "60000", planPrice: "66000" };
    expect(checkFuturesOrder(plan, { ...ctx, markPrice: "50000" }, "x").errors.price?.key).toBe("bandHigh");
    expect(checkFuturesOrder({ ...plan, planPrice: "62000" }, { ...ctx, markPrice: "50000" }, "x").request).toBeDefined();
  });

  it("gives a market order's protection price from the mark", () => {
    const c = { market, markPrice: "50000" };
    expect(Number(futuresProtection("open", "long", c))).toBe(52500);
    expect(Number(futuresProtection("open", "short", c))).toBe(47500);
    expect(Number(futuresProtection("close", "long", c))).toBe(47500);
    expect(futuresProtection("open", "long", { market, markPrice: undefined })).toBeUndefined();
  });
});
