import { describe, expect, it } from "vitest";
import { cancelPlanBody, futuresAccountOf, futuresTickerOf, mergeOrders, mergePositions, MIX, positionOf } from "./api";
import { positionRow } from "./position.fixture";

/** The shared position row (a BTCUSDT isolated long unless overridden). */
const pos = positionRow;

describe("futures rows", () => {
  it("reads a ticker with mark, index and funding, keeping known values a push leaves out", () => {
    const row = { lastPr: "1", high24h: "2", low24h: "0.5", change24h: "0.1", baseVolume: "3", quoteVolume: "4" };
    const t = futuresTickerOf({ ...row, markPrice: "1.01", indexPrice: "1.02", fundingRate: "0.0001", holdingAmount: "99" })!;
    expect([t.markPrice, t.indexPrice, t.fundingRate, t.holdingAmount]).toEqual(["1.01", "1.02", "0.0001", "99"]);
    const next = futuresTickerOf({ ...row, lastPr: "1.1", markPrice: "NaN" }, t)!;
    expect([next.lastPr, next.markPrice, next.fundingRate]).toEqual(["1.1", "1.01", "0.0001"]);
    expect(futuresTickerOf({ lastPr: 1 }, t)).toBe(t);
    expect(futuresTickerOf(null)).toBeUndefined();
  });

  it("reads a position and refuses one with a foreign side, mode or number", () => {
    expect(positionOf(pos())?.holdSide).toBe("long");
    expect(positionOf(pos({ instId: "BTCUSDT", symbol: undefined }))?.symbol).toBe("BTCUSDT");
    for (const bad of [{ holdSide: "up" }, { marginMode: "cross" }, { total: "1e5" }, { openPriceAvg: "" }, { leverage: 10 }])
      expect(positionOf(pos(bad))).toBeUndefined();
  });

  it("merges position pushes: a snapshot replaces, a zero size closes, another side is its own position", () => {
    let list = mergePositions([], [pos()], true);
    list = mergePositions(list, [pos({ holdSide: "short", total: "0.02" })], false);
    expect(list.map((p) => p.holdSide).sort()).toEqual(["long", "short"]);
    list = mergePositions(list, [pos({ total: "0" })], false);
    expect(list.map((p) => p.holdSide)).toEqual(["short"]);
    expect(mergePositions(list, [], true)).toEqual([]);
  });

  it("keeps open orders only", () => {
    const o = (id: string, status: string) => ({ orderId: id, symbol: "BTCUSDT", side: "buy", size: "0.01", status, cTime: id });
    let list = mergeOrders([], [o("1", "live"), o("2", "live")], true);
    list = mergeOrders(list, [o("1", "filled"), o("3", "partially_filled"), { orderId: "4" }], false);
    expect(list.map((x) => x.orderId)).toEqual(["3", "2"]);
  });

  it("reads the account of the margin coin", () => {
    expect(futuresAccountOf({ marginCoin: "usdt", available: "100", accountEquity: "120" })).toMatchObject({
      marginCoin: "USDT",
      available: "100",
    });
    expect(futuresAccountOf({ marginCoin: "USDT", available: "lots" })).toBeUndefined();
    // Leverages come as numbers (as Bitget sends them).
    expect(futuresAccountOf({ marginCoin: "USDT", available: "1", isolatedLongLever: 10, crossedMarginLeverage: 20 })).toMatchObject({
      isolatedLongLever: "10",
      crossedMarginLeverage: "20",
    });
  });
});

describe("plan order calls", () => {
  it("cancels one plan by naming it in orderIdList, never by a bare orderId (which Bitget reads as every plan)", () => {
    expect(cancelPlanBody("BTCUSDT", "123")).toEqual({
      symbol: "BTCUSDT",
      productType: "USDT-FUTURES",
      marginCoin: "USDT",
      orderIdList: [{ orderId: "123" }],
    });
    expect(MIX.cancelPlan).toBe("/api/v2/mix/order/cancel-plan-order");
    expect(MIX.reverse).toBe("/api/v2/mix/order/click-backhand");
  });
});
