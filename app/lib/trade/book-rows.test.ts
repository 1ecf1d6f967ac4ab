import { describe, expect, it } from "vitest";
import { bookRatio, bookRows, deeperSide, groupLevels, groupSteps, inQuote, ownLevels, spreadOf } from "./book-rows";

const asks = [
  { price: "100.5", size: "1" },
  { price: "101", size: "3" },
];
const bids = [
  { price: "100", size: "2" },
  { price: "99.5", size: "0.5" },
];

describe("book rows", () => {
  it("adds sizes up from the best level and scales bars to the deeper side", () => {
    const max = deeperSide(asks, bids);
    expect(bookRows(asks, max)).toEqual([
      { price: "100.5", size: "1", total: "1", depth: "25" },
      { price: "101", size: "3", total: "4", depth: "100" },
    ]);
    expect(bookRows(bids, max).map((r) => [r.total, r.depth])).toEqual([
      ["2", "50"],
      ["2.5", "62"],
    ]);
    expect(bookRows([])).toEqual([]);
  });

  it("measures the spread exactly, and has none without both sides", () => {
    expect(spreadOf(asks, bids)).toEqual({ spread: "0.5", ratio: "0.004975" });
    expect(spreadOf([], bids)).toBeUndefined();
  });
});

describe("grouped book", () => {
  const tick = { int: 1n, scale: 2 };
  it("offers the tick and its multiples by ten as groupings", () => {
    expect(groupSteps(tick).map((s) => s.int * 10n ** BigInt(8 - s.scale))).toEqual([1000000n, 10000000n, 100000000n, 1000000000n]);
  });

  it("merges asks up and bids down into multiples of the step, so no bucket shows a better price than its orders", () => {
    const ten = { int: 10n, scale: 0 };
    const a = [
      { price: "100.01", size: "1" },
      { price: "109.99", size: "2" },
      { price: "110.00", size: "0.5" },
      { price: "110.01", size: "4" },
    ];
    const b = [
      { price: "99.99", size: "1" },
      { price: "90.00", size: "1.5" },
      { price: "89.99", size: "2" },
    ];
    expect(groupLevels(a, "asks", ten)).toEqual([
      { price: "110", size: "3.5" },
      { price: "120", size: "4" },
    ]);
    expect(groupLevels(b, "bids", ten)).toEqual([
      { price: "90", size: "2.5" },
      { price: "80", size: "2" },
    ]);
    // The tick itself changes nothing.
    expect(groupLevels(a, "asks", tick)).toEqual(a.map((l) => ({ ...l, price: String(Number(l.price)) })));
  });

  it("skips levels it cannot read instead of breaking the book", () => {
    expect(
      groupLevels(
        [
          { price: "abc", size: "1" },
          { price: "100", size: "x" },
          { price: "101", size: "1" },
        ],
        "asks",
        tick,
      ),
    ).toEqual([{ price: "101", size: "1" }]);
  });

  it("prices sizes in the quote coin when the trader sizes in the quote", () => {
    expect(inQuote([{ price: "100.5", size: "2" }])).toEqual([{ price: "100.5", size: "201" }]);
  });

  it("gives the buy and sell share of the shown depth, and none for an empty book", () => {
    expect(bookRatio(asks, bids)).toEqual({ bids: 38, asks: 62 });
    expect(bookRatio([], [])).toBeUndefined();
    expect(bookRatio([], bids)).toEqual({ bids: 100, asks: 0 });
  });
});

describe("own orders in the book", () => {
  it("finds the rows where the trader has orders, in the grouping shown", () => {
    const ten = { int: 10n, scale: 0 };
    const tick = { int: 1n, scale: 2 };
    const orders = [
      { side: "buy", priceAvg: "99.50" },
      { side: "sell", priceAvg: "101.00" },
      { side: "sell", priceAvg: "x" },
    ];
    expect([...ownLevels(orders, tick)].sort()).toEqual(["ask:101", "bid:99.5"]);
    expect([...ownLevels(orders, ten)].sort()).toEqual(["ask:110", "bid:90"]);
  });
});
