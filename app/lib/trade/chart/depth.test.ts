import { describe, expect, it } from "vitest";
import { depthCurve, depthPath } from "./depth";

describe("depth chart", () => {
  const book = {
    bids: [
      { price: "99", size: "1" },
      { price: "98", size: "2" },
    ],
    asks: [
      { price: "101", size: "0.5" },
      { price: "102", size: "4" },
      { price: "103", size: "0" },
    ],
  };

  it("adds sizes from the best price outwards on each side", () => {
    expect(depthCurve(book)).toEqual({
      bids: [
        { price: 99, total: 1 },
        { price: 98, total: 3 },
      ],
      asks: [
        { price: 101, total: 0.5 },
        { price: 102, total: 4.5 },
      ],
      minPrice: 98,
      maxPrice: 102,
      maxTotal: 4.5,
    });
    expect(depthCurve({ bids: [], asks: [] })).toBeUndefined();
  });

  it("draws each side as a closed step area towards its own edge", () => {
    const curve = depthCurve(book)!;
    // price 98..102 over 400 px; total 0..4.5 over 90 px
    expect(depthPath(curve.bids, curve, 400, 90)).toBe("M100,90L100,90L100,70L0,70L0,30L0,30L0,90Z");
    expect(depthPath(curve.asks, curve, 400, 90)).toBe("M300,90L300,90L300,80L400,80L400,0L400,0L400,90Z");
    expect(depthPath([], curve, 400, 90)).toBe("");
  });
});
