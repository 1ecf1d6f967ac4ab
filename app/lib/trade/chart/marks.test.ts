import { describe, expect, it } from "vitest";
import type { Fill } from "~/lib/trade/account-data";
import type { Candle } from "~/lib/trade/candles";
import { openOrder, planOrder } from "~/lib/trade/open-order.fixture";
import { fillMarks, mergePlans, planOf, priceMarks } from "./marks";

const ALL = { orders: true, plans: true, fills: true };
/** A waiting plan to sell 0.5 BTC at 70000 as the stream pushes it (with instId), any field overridden or spoilt by `over`. */
const plan = (id: string, over: Record<string, unknown> = {}) => ({
  instId: "BTCUSDT",
  ...planOrder(id, "not_trigger", { side: "sell", size: "0.5", triggerPrice: "70000" }),
  ...over,
});

describe("plan orders for the chart", () => {
  it("keeps this pair's waiting plans; a triggered or cancelled one leaves", () => {
    const snap = mergePlans([], [plan("1"), plan("2", { symbol: "ETHUSDT", instId: "ETHUSDT" }), { junk: true }], "BTCUSDT", true);
    expect(snap.map((p) => p.orderId)).toEqual(["1"]);
    const added = mergePlans(snap, [plan("3", { side: "buy", triggerPrice: "60000.5" })], "BTCUSDT", false);
    expect(added.map((p) => p.orderId)).toEqual(["1", "3"]);
    expect(mergePlans(added, [plan("1", { status: "triggered" })], "BTCUSDT", false).map((p) => p.orderId)).toEqual(["3"]);
    expect(mergePlans(added, [plan("9")], "BTCUSDT", true).map((p) => p.orderId)).toEqual(["9"]);
  });

  it("refuses rows that are not plan orders", () => {
    expect(planOf(plan("1", { triggerPrice: "1e9" }))).toBeUndefined();
    expect(planOf(plan("1", { side: "BUY" }))).toBeUndefined();
    expect(planOf(plan("1", { orderId: 5 }))).toBeUndefined();
    expect(planOf(null)).toBeUndefined();
    expect(planOf("x")).toBeUndefined();
  });
});

describe("price lines", () => {
  const orders = [
    openOrder("a", "live", { side: "buy", priceAvg: "50000", size: "0.01" }),
    openOrder("m", "live", { orderType: "market", priceAvg: "0" }),
  ];
  const plans = [planOf(plan("p"))!];

  it("marks limit orders and plan triggers, each behind its own preference", () => {
    expect(priceMarks(orders, plans, ALL)).toEqual([
      { id: "a", kind: "order", side: "buy", price: "50000", size: "0.01" },
      { id: "p", kind: "plan", side: "sell", price: "70000", size: "0.5" },
    ]);
    expect(priceMarks(orders, plans, { ...ALL, orders: false }).map((m) => m.id)).toEqual(["p"]);
    expect(priceMarks(orders, plans, { ...ALL, plans: false }).map((m) => m.id)).toEqual(["a"]);
  });
});

describe("fill markers", () => {
  const candles: Candle[] = [0, 60_000, 120_000].map((ts) => ({ ts, open: "1", high: "1", low: "1", close: "1", volume: "1" }));
  const fill = (id: string, cTime: number, side: "buy" | "sell", size = "0.1", priceAvg = "1"): Fill => ({
    tradeId: id,
    orderId: id,
    side,
    priceAvg,
    size,
    amount: "0",
    feeDetail: { feeCoin: "BTC", totalFee: "0" },
    cTime: String(cTime),
  });

  it("puts each fill on the candle it happened in, one marker per candle and side, in time order", () => {
    const marks = fillMarks(
      [fill("3", 130_000, "sell"), fill("1", 61_000, "buy", "0.1", "2"), fill("2", 119_999, "buy", "0.2", "3"), fill("0", -5, "buy")],
      candles,
      true,
    );
    expect(marks).toEqual([
      { time: 60_000, side: "buy", count: 2, size: "0.3", price: "3" },
      { time: 120_000, side: "sell", count: 1, size: "0.1", price: "1" },
    ]);
  });

  it("leaves out fills before the first candle, and everything when the preference is off", () => {
    const later = candles.map((c) => ({ ...c, ts: c.ts + 600_000 }));
    expect(fillMarks([fill("1", 61_000, "buy")], later, true)).toEqual([]);
    expect(fillMarks([fill("1", 61_000, "buy")], candles, false)).toEqual([]);
    expect(fillMarks([fill("1", 61_000, "buy")], [], true)).toEqual([]);
  });
});
