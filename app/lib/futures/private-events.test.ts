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

  it("calls a position that leaves the list without a fill of its contract liquidated, and a closed one not", () => {
    const w = new PositionWatch();
    w.list([pos(), pos({ symbol: "ETHUSDT", holdSide: "short" })]);
    // closed by the trader: its fill came first (the gateway pushes fills before the positions list)
    w.fill(fill());
    expect(w.list([pos({ symbol: "ETHUSDT", holdSide: "short" })])).toEqual([]);
    // a fill of another contract does not explain it
    w.fill(fill({ symbol: "BTCUSDT" }));
    const events = w.list([]);
    expect(events).toMatchObject([{ kind: "liquidated", position: { symbol: "ETHUSDT", holdSide: "short" } }]);
    // once gone it is not reported again
    expect(w.list([])).toEqual([]);
  });

  it("takes the first list after a (re)connect as a baseline: what closed meanwhile is no liquidation", () => {
    const w = new PositionWatch();
    expect(w.list([pos()])).toEqual([]);
    w.resync();
    expect(w.list([])).toEqual([]);
    w.list([pos()]);
    // a fill before the resync does not carry over to the lists after it
    w.fill(fill());
    w.resync();
    w.list([pos()]);
    expect(w.list([])).toMatchObject([{ kind: "liquidated" }]);
  });

  it("a warning and a liquidation of the same position both come through, in that order", () => {
    const w = new PositionWatch();
    w.list([pos()]);
    expect(w.list([pos({ marginRatio: "0.95" })]).map((e) => e.kind)).toEqual(["nearLiquidation"]);
    expect(w.list([]).map((e) => e.kind)).toEqual(["liquidated"]);
    // a new position on the same side later is warned about afresh
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
