import { describe, expect, it } from "vitest";
import { mergeBalances, mergeOrders, touchesHistory, type OpenOrder } from "./account-data";
import { openOrder } from "./open-order.fixture";

const order = (id: string, status: OpenOrder["status"], cTime: string, symbol = "BTCUSDT") => openOrder(id, status, { cTime, symbol });

describe("mergeOrders", () => {
  it("adds and replaces open orders, removes filled and cancelled ones, newest first, this symbol only", () => {
    const start = [order("1", "live", "100"), order("2", "live", "200")];
    const next = mergeOrders(
      start,
      [
        order("3", "live", "300"),
        order("1", "filled", "100"),
        order("2", "partially_filled", "200"),
        order("9", "live", "400", "ETHUSDT"),
        { junk: true },
      ],
      "BTCUSDT",
    );
    expect(next.map((o) => [o.orderId, o.status])).toEqual([
      ["3", "live"],
      ["2", "partially_filled"],
    ]);
    expect(mergeOrders(next, [order("3", "cancelled", "300")], "BTCUSDT").map((o) => o.orderId)).toEqual(["2"]);
    expect(mergeOrders(next, [order("7", "live", "700")], "BTCUSDT", true).map((o) => o.orderId)).toEqual(["7"]);
  });

  it("says when history and fills need a refresh", () => {
    expect(touchesHistory([order("1", "live", "1")])).toBe(false);
    expect(touchesHistory([order("1", "partially_filled", "1")])).toBe(true);
    expect(touchesHistory([order("1", "cancelled", "1")])).toBe(true);
  });
});

describe("mergeBalances", () => {
  const usdt = { coin: "USDT", available: "100", frozen: "0", locked: "0" };
  it("replaces everything on a snapshot and only the named coins on an update", () => {
    expect(mergeBalances([usdt], [{ coin: "BTC", available: "1", frozen: "0" }], true)).toEqual([
      { coin: "BTC", available: "1", frozen: "0", locked: "0" },
    ]);
    expect(mergeBalances([usdt], [{ coin: "USDT", available: "90", frozen: "10", locked: "0" }, { coin: 5 }], false)).toEqual([
      { coin: "USDT", available: "90", frozen: "10", locked: "0" },
    ]);
  });
});
