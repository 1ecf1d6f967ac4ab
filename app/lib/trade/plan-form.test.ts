import { describe, expect, it } from "vitest";
import { ctx } from "./market.fixture";
import { buildPlan, planSays, validatePlan, withPlanPrices, type PlanFormState } from "./plan-form";

const plan: PlanFormState = { side: "buy", execute: "market", unit: "coin", triggerPrice: "96000", price: "", quantity: "100" };

describe("plan (trigger) orders", () => {
  it("builds a market buy plan sized in the quote, as Bitget's planType total", () => {
    expect(buildPlan(plan, ctx, "web-1")).toEqual({
      ok: true,
      body: {
        symbol: "BTCUSDT",
        side: "buy",
        triggerPrice: "96000",
        orderType: "market",
        size: "100",
        planType: "total",
        triggerType: "fill_price",
        clientOid: "web-1",
      },
    });
  });

  it("builds a limit plan sized in the base coin, converting a quote amount down to the lot at the execute price", () => {
    const limit = { ...plan, side: "sell" as const, execute: "limit" as const, triggerPrice: "94000", price: "93900.5", quantity: "0.01" };
    expect(buildPlan(limit, ctx, "web-2")).toMatchObject({
      ok: true,
      body: { side: "sell", orderType: "limit", executePrice: "93900.5", size: "0.01", planType: "amount" },
    });
    const inQuote = { ...limit, side: "buy" as const, unit: "quote" as const, quantity: "100" };
    expect(buildPlan(inQuote, ctx, "web-3")).toMatchObject({ ok: true, body: { size: "0.001064", planType: "amount" } });
  });

  it("checks the trigger by the tick and the order by the same rules as a normal order", () => {
    expect(validatePlan({ ...plan, triggerPrice: "" }, ctx)).toEqual({ triggerPrice: { key: "required" } });
    expect(validatePlan({ ...plan, triggerPrice: "96000.001" }, ctx)).toEqual({ triggerPrice: { key: "tick", values: { step: "0.01" } } });
    expect(validatePlan({ ...plan, triggerPrice: "-1" }, ctx).triggerPrice).toEqual({ key: "invalid" });
    expect(validatePlan({ ...plan, triggerPrice: "96000" }, ctx)).toEqual({});
    // A market buy below the minimum order value, or above the balance.
    expect(validatePlan({ ...plan, quantity: "0.5" }, ctx).quantity?.key).toBe("minNotional");
    expect(validatePlan({ ...plan, quantity: "1000.5" }, ctx).quantity?.key).toBe("insufficient");
    // A limit plan needs its execute price on the tick.
    expect(validatePlan({ ...plan, execute: "limit", price: "1.001", quantity: "0.01" }, ctx).price?.key).toBe("tick");
    expect(validatePlan({ ...plan, execute: "limit", price: "", quantity: "0.01" }, ctx).price?.key).toBe("required");
    // A market sell plan's size is in the base coin, on the lot.
    expect(validatePlan({ ...plan, side: "sell", quantity: "0.0000001" }, ctx).quantity?.key).toBe("lot");
    expect(buildPlan({ ...plan, triggerPrice: "abc" }, ctx, "x")).toMatchObject({ ok: false });
  });

  it("checks no minimum value on a market sell plan (as the engine), and a limit one at its execute price", () => {
    const sell = { ...plan, side: "sell" as const, triggerPrice: "1", quantity: "0.5" };
    expect(validatePlan(sell, ctx)).toEqual({});
    const limitSell = { ...sell, execute: "limit" as const, price: "1" };
    expect(validatePlan(limitSell, ctx).quantity?.key).toBe("minNotional");
  });

  it("bands a limit plan's execute price around its trigger, the last price it will fire at (docs/decisions/340)", () => {
    const limit = { ...plan, execute: "limit" as const, triggerPrice: "100000", quantity: "0.001" };
    // a buy fired at 100,000 may pay at most 105,000, whatever the last price is now
    expect(validatePlan({ ...limit, price: "105000.01" }, ctx).price).toEqual({
      key: "bandHigh",
      values: { min: "20000.00", max: "105000.00" },
    });
    expect(validatePlan({ ...limit, price: "104000" }, ctx)).toEqual({});
    expect(buildPlan({ ...limit, price: "105000.01" }, ctx, "web-9").ok).toBe(false);
  });

  it("prefills a new plan from the market, never an earlier order's price, and lets its price follow the trigger until typed", () => {
    const limit = { type: "limit", price: "81000", triggerPrice: "", planPrice: "", planPriceTyped: false };
    const entered = withPlanPrices(limit, { type: "plan" }, "95000.12");
    expect(entered).toMatchObject({ type: "plan", price: "81000", triggerPrice: "95000.12", planPrice: "95000.12" });
    const moved = withPlanPrices(entered, { triggerPrice: "99000" }, "95000.12");
    expect(moved.planPrice).toBe("99000");
    const typed = withPlanPrices(moved, { planPrice: "98900", planPriceTyped: true }, "95000.12");
    expect(withPlanPrices(typed, { triggerPrice: "99500" }, "95000.12")).toMatchObject({ triggerPrice: "99500", planPrice: "98900" });
    // Entering the tab again starts from the market again.
    const back = withPlanPrices(withPlanPrices(typed, { type: "limit" }, "95000.12"), { type: "plan" }, "96000");
    expect(back).toMatchObject({ triggerPrice: "96000", planPrice: "96000", planPriceTyped: false });
  });

  it("says what a plan will do from the very request it sends", () => {
    const built = buildPlan({ ...plan, execute: "limit", price: "95900", quantity: "0.001" }, ctx, "web-2");
    if (!built.ok) throw new Error("not built");
    expect(planSays(built.body)).toEqual({ key: "buyLimit", trigger: "96000", price: "95900", size: "0.001", sizeCoin: "base" });
    const market = buildPlan(plan, ctx, "web-3");
    if (!market.ok) throw new Error("not built");
    expect(planSays(market.body)).toEqual({ key: "buyMarket", trigger: "96000", size: "100", sizeCoin: "quote" });
  });
});
