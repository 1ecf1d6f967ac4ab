import { describe, expect, it } from "vitest";
import { bookRows, deeperSide, spreadOf } from "./book-rows";

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
