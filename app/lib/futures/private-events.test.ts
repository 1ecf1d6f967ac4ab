import { describe, expect, it } from "vitest";
import { positionRow } from "./position.fixture";
import { positionOf, type Position } from "./api";
import { fillOf, fillsByOrder, liquidationBills, PositionWatch, type FuturesFill } from "./private-events";

const pos = (o: Record<string, unknown> = {}): Position => positionOf(positionRow(o))!;

const fill = (o: Record<string, unknown> = {}) => ({
  tradeId: "t1",
  orderId: "o1",
  symbol: "BTCUSDT",
  side: "sell",
  tradeSide: "close",
  price: "50100",
  baseVolume: "0.01",
  profit: "1",
  ...o,
});

describe("futures private events", () => {
  it("reads a fill row and refuses one without its id, price, size or contract", () => {
    expect(fillOf(fill())).toMatchObject({ tradeId: "t1", symbol: "BTCUSDT", price: "50100", baseVolume: "0.01" });
    expect(fillOf(fill({ symbol: undefined, instId: "ETHUSDT" }))?.symbol).toBe("ETHUSDT");
    expect(fillOf(fill({ profit: undefined }))?.profit).toBe("0");
    for (const bad of [{ tradeId: 7 }, { price: undefined }, { baseVolume: null }, { symbol: "" }])
      expect(fillOf(fill(bad))).toBeUndefined();
    expect(fillOf(null)).toBeUndefined();
  });

  it("makes one fill of an order's fills in a push: sizes and profit summed, the size-weighted average price", () => {
    const rows = [
      fill({ tradeId: "a", price: "100.50", baseVolume: "0.010000", profit: "0" }),
      fill({ tradeId: "b", orderId: "o2", price: "7", baseVolume: "1" }),
      fill({ tradeId: "c", price: "101.00", baseVolume: "0.030000", profit: "0.25" }),
      fill({ tradeId: "d", orderId: "", price: "5", baseVolume: "2" }),
    ].map((r) => fillOf(r)!);
    const out = fillsByOrder(rows);
    expect(out.map((f: FuturesFill) => [f.tradeId, f.baseVolume, f.price])).toEqual([
      ["a", "0.04", "100.88"],
      ["b", "1", "7"],
      ["d", "2", "5"],
    ]);
    expect(out[0]!.profit).toBe("0.25");
    expect(fillsByOrder([])).toEqual([]);
  });

  it("warns once when the gateway's margin ratio reaches the warning level, again only after it recovered", () => {
    const w = new PositionWatch();
    expect(w.list([pos()])).toEqual([]);
    const near = w.list([pos({ marginRatio: "0.85" })]);
    expect(near).toMatchObject([{ kind: "nearLiquidation", ratio: 0.85, position: { symbol: "BTCUSDT", holdSide: "long" } }]);
    // the warning push again a minute later, and any other push of the same list: no second toast
    expect(w.list([pos({ marginRatio: "0.9" })])).toEqual([]);
    expect(w.list([pos({ marginRatio: "0.7" })])).toEqual([]);
    expect(w.list([pos({ marginRatio: "0.55" })])).toEqual([]);
    expect(w.list([pos({ marginRatio: "0.81" })])).toHaveLength(1);
    // a position with no ratio is never warned about
    expect(w.list([pos({ marginRatio: "" }), pos({ holdSide: "short", marginRatio: "" })])).toEqual([]);
  });

  it("calls a position liquidated only when the gateway says so, never because it left the list", () => {
    const w = new PositionWatch();
    w.list([pos(), pos({ symbol: "ETHUSDT", holdSide: "short" })]);
    // a position that leaves the list (the TP/SL cancellation's push before the fill, a reset) is no liquidation
    expect(w.list([])).toEqual([]);
    expect(w.ended([{ symbol: "BTCUSDT", holdSide: "long", size: "0.05", endReason: "close" }])).toEqual([]);
    for (const endReason of ["take_profit", "stop_loss", "reset"])
      expect(w.ended([{ symbol: "BTCUSDT", holdSide: "long", size: "0.05", endReason }])).toEqual([]);
    expect(
      w.ended([
        { instId: "ETHUSDT", holdSide: "short", size: "0.3", endReason: "liquidation" },
        { symbol: "BTCUSDT", holdSide: "long", size: "0.01", endReason: "adl" },
        { symbol: "BTCUSDT", holdSide: "long", size: "0.01", endReason: "eaten" },
        "junk",
      ]),
    ).toEqual([
      { kind: "liquidated", position: { symbol: "ETHUSDT", holdSide: "short", total: "0.3" } },
      { kind: "deleveraged", position: { symbol: "BTCUSDT", holdSide: "long", total: "0.01" } },
    ]);
    expect(w.ended(undefined)).toEqual([]);
  });

  it("a warning and then a new position on the same side is warned about afresh", () => {
    const w = new PositionWatch();
    w.list([pos()]);
    expect(w.list([pos({ marginRatio: "0.95" })]).map((e) => e.kind)).toEqual(["nearLiquidation"]);
    expect(w.list([])).toEqual([]);
    w.list([pos()]);
    expect(w.list([pos({ marginRatio: "0.8" })]).map((e) => e.kind)).toEqual(["nearLiquidation"]);
  });

  it("reads liquidation bills of both sides, newest first, and drops other or malformed rows", () => {
    const longs = {
      bills: [
        { billId: "1", symbol: "BTCUSDT", amount: "-5", businessType: "burst_long_loss_query", cTime: "100" },
        { billId: "2", symbol: "BTCUSDT", amount: "1", businessType: "contract_settle_fee", cTime: "150" },
        { billId: 3, amount: "-1", businessType: "burst_long_loss_query" },
      ],
    };
    const shorts = { bills: [{ billId: "4", symbol: "", amount: "-7", businessType: "burst_short_loss_query", cTime: "200" }] };
    expect(liquidationBills([longs, shorts, null, { bills: "x" }], "BTCUSDT")).toEqual([
      { billId: "4", symbol: "BTCUSDT", holdSide: "short", amount: "-7", cTime: "200" },
      { billId: "1", symbol: "BTCUSDT", holdSide: "long", amount: "-5", cTime: "100" },
    ]);
  });
});
