import { describe, expect, it } from "vitest";
import { parseDecimal, toText } from "~/lib/numbers/decimal";
import {
  countdown,
  liquidationPrice,
  marginRatio,
  maxOpenSize,
  nextFunding,
  orderCost,
  roe,
  sizeFromBase,
  sizeInBase,
  unrealisedPnl,
} from "./maths";

const d = (t: string) => parseDecimal(t)!;
const rules = { contractSize: d("0.001"), lot: d("0.001") };

describe("futures PnL and ROE", () => {
  it("gains on a rise long and on a fall short", () => {
    expect(unrealisedPnl("long", 100, 110, 2)).toBe(20);
    expect(unrealisedPnl("short", 100, 110, 2)).toBe(-20);
    expect(unrealisedPnl("short", 100, 90, 2)).toBe(20);
  });

  it("measures ROE on the initial margin", () => {
    // 2 coins at 100 with 10x: margin 20; +20 PnL is +100 %.
    expect(roe(20, 100, 2, 10)).toBeCloseTo(1);
    expect(roe(-5, 100, 2, 10)).toBeCloseTo(-0.25);
    expect(roe(5, 100, 0, 10)).toBeUndefined();
  });
});

describe("order cost", () => {
  it("is the initial margin plus the opening fee", () => {
    const c = orderCost(50_000, 0.1, 10, 0.0006);
    expect(c.margin).toBeCloseTo(500);
    expect(c.fee).toBeCloseTo(3);
    expect(c.total).toBeCloseTo(503);
  });

  it("gives the largest size the balance opens", () => {
    const max = maxOpenSize(503, 50_000, 10, 0.0006);
    expect(max).toBeCloseTo(0.1);
    expect(maxOpenSize(0, 50_000, 10, 0.0006)).toBe(0);
    expect(maxOpenSize(100, 0, 10, 0.0006)).toBe(0);
  });
});

describe("liquidation price", () => {
  it("puts a 10x isolated long about 10 % below entry, less the maintenance and closing fee", () => {
    const liq = liquidationPrice({ side: "long", entry: 50_000, qty: 1, collateral: 5_000, feeRate: 0.0006, maintenanceRate: 0.004 })!;
    // (50000 − 5000) / (1 − 0.004 − 0.0006)
    expect(liq).toBeCloseTo(45_000 / 0.9954, 6);
    expect(liq).toBeGreaterThan(45_000);
    expect(liq).toBeLessThan(50_000);
  });

  it("puts a 10x isolated short about 10 % above entry", () => {
    const liq = liquidationPrice({ side: "short", entry: 50_000, qty: 1, collateral: 5_000, feeRate: 0.0006, maintenanceRate: 0.004 })!;
    expect(liq).toBeCloseTo(55_000 / 1.0046, 6);
    expect(liq).toBeGreaterThan(50_000);
    expect(liq).toBeLessThan(55_000);
  });

  it("moves away with more collateral (cross uses the free balance too) and is none for an over-backed long", () => {
    const isolated = liquidationPrice({ side: "long", entry: 100, qty: 1, collateral: 10, feeRate: 0 })!;
    const cross = liquidationPrice({ side: "long", entry: 100, qty: 1, collateral: 50, feeRate: 0 })!;
    expect(cross).toBeLessThan(isolated);
    expect(liquidationPrice({ side: "long", entry: 100, qty: 1, collateral: 100, feeRate: 0 })).toBeUndefined();
    expect(liquidationPrice({ side: "long", entry: 100, qty: 0, collateral: 10, feeRate: 0 })).toBeUndefined();
    expect(liquidationPrice({ side: "short", entry: 100, qty: 1, collateral: Number.NaN, feeRate: 0 })).toBeUndefined();
  });

  it("reaches a margin ratio of 100 % at the liquidation price", () => {
    const p = { side: "long" as const, entry: 100, qty: 2, collateral: 20, feeRate: 0, maintenanceRate: 0.01 };
    const liq = liquidationPrice(p)!;
    const ratio = marginRatio({ mark: liq, qty: 2, collateral: 20, pnl: unrealisedPnl("long", 100, liq, 2), maintenanceRate: 0.01 })!;
    expect(ratio).toBeCloseTo(1, 9);
    expect(marginRatio({ mark: 100, qty: 2, collateral: 20, pnl: 0, maintenanceRate: 0.01 })).toBeCloseTo(0.1);
    expect(marginRatio({ mark: 50, qty: 2, collateral: 20, pnl: -100 })).toBe(1);
  });
});

describe("size units", () => {
  it("converts contracts, coins and USDT to a base size on the lot", () => {
    expect(toText(sizeInBase("15", "contract", rules)!)).toBe("0.015");
    expect(toText(sizeInBase("0.0159", "coin", rules)!)).toBe("0.015");
    expect(toText(sizeInBase("1000", "quote", { ...rules, price: "50000" })!)).toBe("0.02");
  });

  it("refuses what is not a positive size", () => {
    for (const typed of ["", "0", "-1", "abc", "1e3", "0.0001"]) expect(sizeInBase(typed, "coin", rules)).toBeUndefined();
    expect(sizeInBase("100", "quote", rules)).toBeUndefined();
    expect(sizeInBase("100", "quote", { ...rules, price: "0" })).toBeUndefined();
  });

  it("shows a base size in the unit chosen", () => {
    expect(sizeFromBase(0.015, "contract", 0.001, 50_000)).toBeCloseTo(15);
    expect(sizeFromBase(0.015, "quote", 0.001, 50_000)).toBeCloseTo(750);
    expect(sizeFromBase(0.015, "coin", 0.001, 50_000)).toBe(0.015);
  });
});

describe("funding countdown", () => {
  const at = (iso: string) => Date.parse(iso);
  it("uses the next settlement the gateway gives, else the next multiple of the interval in UTC", () => {
    expect(nextFunding(at("2026-01-01T07:59:00Z"), 8)).toBe(at("2026-01-01T08:00:00Z"));
    expect(nextFunding(at("2026-01-01T08:00:00Z"), 8)).toBe(at("2026-01-01T16:00:00Z"));
    expect(nextFunding(at("2026-01-01T23:10:00Z"), 4)).toBe(at("2026-01-02T00:00:00Z"));
    expect(nextFunding(at("2026-01-01T01:00:00Z"), 8, at("2026-01-01T02:00:00Z"))).toBe(at("2026-01-01T02:00:00Z"));
    // A settlement already past is not trusted.
    expect(nextFunding(at("2026-01-01T03:00:00Z"), 8, at("2026-01-01T02:00:00Z"))).toBe(at("2026-01-01T08:00:00Z"));
  });

  it("counts down as hh:mm:ss and never below zero", () => {
    expect(countdown(0, 3_723_000)).toBe("01:02:03");
    expect(countdown(10_000, 0)).toBe("00:00:00");
    expect(countdown(0, 8 * 3_600_000)).toBe("08:00:00");
  });
});
