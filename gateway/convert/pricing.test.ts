import { describe, expect, it } from "vitest";
import { instrument, notional } from "../exchange/instruments.ts";
import { buyForBudget, lotsForNetBase, net, ratio, sellForTarget } from "./pricing.ts";

const BTC = instrument("BTCUSDT")!;
const RATE = 1000n; // 0.1 %

describe("convert pricing", () => {
  it("cuts the price (to per from) toward zero to 15 significant digits, what a double holds exactly", () => {
    expect(ratio(1n, 3n)).toBe("0.333333333333333");
    expect(ratio(9492312345678901n, 100000000n)).toBe("94923123.456789");
    expect(ratio(5n, 1n)).toBe("5");
    expect(ratio(105263n, 10_000_000_000n)).toBe("0.0000105263");
  });

  it("a budget buys the most lots it affords at the worst level reached, and is refused when the book runs out first", () => {
    const levels = [
      [9_500_000, 1_000],
      [9_510_000, 1_000],
    ] as const;
    const one = buyForBudget(BTC, levels, notional(BTC, 9_500_000, 600));
    expect(one).toEqual({ lots: 600, limit: 9_500_000 });
    // 1,500 lots at the second level's price
    expect(buyForBudget(BTC, levels, notional(BTC, 9_510_000, 1_500))).toEqual({ lots: 1_500, limit: 9_510_000 });
    // more than both levels hold
    expect(buyForBudget(BTC, levels, notional(BTC, 9_510_000, 2_001))).toBeUndefined();
    // exactly both levels
    expect(buyForBudget(BTC, levels, notional(BTC, 9_510_000, 2_000))).toEqual({ lots: 2_000, limit: 9_510_000 });
  });

  it("a target amount takes the fewest lots that bring it after the fee", () => {
    const n = lotsForNetBase(BTC, 35_000_000n, RATE);
    expect(net(BigInt(n) * BTC.baseUnitsPerLot, RATE)).toBeGreaterThanOrEqual(35_000_000n);
    expect(net(BigInt(n - 1) * BTC.baseUnitsPerLot, RATE)).toBeLessThan(35_000_000n);
    const bids = [
      [9_500_000, 100],
      [9_490_000, 100_000],
    ] as const;
    const s = sellForTarget(BTC, bids, 500n * 10n ** 8n, RATE)!;
    expect(s.limit).toBe(9_490_000);
    expect(net(notional(BTC, s.limit, s.lots), RATE)).toBeGreaterThanOrEqual(500n * 10n ** 8n);
    expect(net(notional(BTC, s.limit, s.lots - 1), RATE)).toBeLessThan(500n * 10n ** 8n);
    expect(sellForTarget(BTC, bids, 10n ** 8n * 10n ** 8n, RATE)).toBeUndefined();
  });
});
