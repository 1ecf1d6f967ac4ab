import { describe, expect, it } from "vitest";
import { openOrder, planOrder } from "./open-order.fixture";
import { mergePlans, orderEvents, planEvents, type PlanOrder } from "./order-events";

const known = (...orders: ReturnType<typeof openOrder>[]) => new Map(orders.map((o) => [o.orderId, o]));

describe("orderEvents", () => {
  it("says placed, partly filled, filled and cancelled from the orders channel", () => {
    expect(orderEvents(known(), [openOrder("1", "live")], "BTCUSDT")).toEqual([{ kind: "placed", order: openOrder("1", "live") }]);
    const part = openOrder("1", "partially_filled", { baseVolume: "0.004" });
    expect(orderEvents(known(openOrder("1", "live")), [part], "BTCUSDT")).toEqual([{ kind: "partial", order: part }]);
    const done = openOrder("1", "filled", { baseVolume: "0.01" });
    expect(orderEvents(known(part), [done], "BTCUSDT")).toEqual([{ kind: "filled", order: done }]);
    // A market order that fills in the same step it was placed in is one "filled".
    expect(orderEvents(known(), [openOrder("2", "filled")], "BTCUSDT").map((e) => e.kind)).toEqual(["filled"]);
    expect(orderEvents(known(openOrder("1", "live")), [openOrder("1", "cancelled")], "BTCUSDT").map((e) => e.kind)).toEqual(["cancelled"]);
  });

  it("says nothing for a repeat, another pair or a push it cannot read", () => {
    expect(orderEvents(known(openOrder("1", "live")), [openOrder("1", "live")], "BTCUSDT")).toEqual([]);
    const part = openOrder("1", "partially_filled", { baseVolume: "0.004" });
    expect(orderEvents(known(part), [part], "BTCUSDT")).toEqual([]);
    expect(orderEvents(known(), [openOrder("3", "live", { symbol: "ETHUSDT" })], "BTCUSDT")).toEqual([]);
    expect(orderEvents(known(), [{ orderId: 5 }, null, "x"], "BTCUSDT")).toEqual([]);
  });
});

describe("planEvents", () => {
  const plan = (status: string, fields: Partial<PlanOrder> = {}) => planOrder("9", status, fields);
  it("says when a plan triggered or its order was refused", () => {
    expect(planEvents([plan("executed")], "BTCUSDT")).toEqual([{ kind: "triggered", plan: plan("executed") }]);
    const failed = plan("fail_execute", { failReason: "Insufficient balance" });
    expect(planEvents([failed], "BTCUSDT")).toEqual([{ kind: "rejected", plan: failed }]);
    expect(planEvents([plan("live"), plan("cancelled"), plan("executed", { symbol: "ETHUSDT" }), null], "BTCUSDT")).toEqual([]);
  });
});

describe("mergePlans", () => {
  const p = (id: string, status: string, symbol = "BTCUSDT") => planOrder(id, status, { symbol });
  it("keeps live plans of the pair, newest first, and drops those that triggered or were cancelled", () => {
    expect(mergePlans([], [p("1", "live"), p("2", "live"), p("3", "live", "ETHUSDT")], "BTCUSDT").map((x) => x.orderId)).toEqual([
      "2",
      "1",
    ]);
    expect(mergePlans([p("1", "live"), p("2", "live")], [p("1", "executed"), p("2", "cancelled")], "BTCUSDT")).toEqual([]);
    expect(mergePlans([p("1", "live")], [p("4", "live")], "BTCUSDT", true).map((x) => x.orderId)).toEqual(["4"]);
  });
});
