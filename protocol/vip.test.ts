import { describe, expect, it } from "vitest";
import { SPOT_FEE_TIERS } from "./bitget.ts";
import { TOP_LEVEL, VIP_TIERS, levelFor, ppmRate, ratesFor, vipTier } from "./vip.ts";

describe("VIP tiers (docs/decisions/332)", () => {
  it("reach a level exactly at its volume or its balance threshold, not a unit below", () => {
    for (const t of VIP_TIERS.slice(1)) {
      expect(levelFor(t.volume, 0)).toBe(t.level);
      expect(levelFor(t.volume - 1, 0)).toBe(t.level - 1);
      expect(levelFor(0, t.balance)).toBe(t.level);
      expect(levelFor(0, t.balance - 0.5)).toBe(t.level - 1);
    }
    expect(levelFor(0, 0)).toBe(0);
    expect(levelFor(1e12, 1e12)).toBe(TOP_LEVEL);
  });

  it("take the higher level of the two criteria", () => {
    const v2 = vipTier(2);
    const b4 = vipTier(4);
    expect(levelFor(v2.volume, b4.balance)).toBe(4);
    expect(levelFor(b4.volume, v2.balance)).toBe(4);
    expect(levelFor(v2.volume, 0)).toBe(2);
  });

  it("rise in thresholds and fall in rates from level to level", () => {
    for (let i = 1; i < VIP_TIERS.length; i++) {
      const [a, b] = [VIP_TIERS[i - 1]!, VIP_TIERS[i]!];
      expect(b.level).toBe(i);
      expect(b.volume).toBeGreaterThan(a.volume);
      expect(b.balance).toBeGreaterThan(a.balance);
      for (const k of ["maker", "taker"] as const) {
        expect(b.spot[k]).toBeLessThanOrEqual(a.spot[k]);
        expect(b.futures[k]).toBeLessThanOrEqual(a.futures[k]);
      }
    }
    expect(SPOT_FEE_TIERS).toEqual(VIP_TIERS.map((t) => t.spot));
  });

  it("answer margin at spot rates and futures at their own, unknown levels at the base tier", () => {
    expect(ratesFor(3, "margin")).toEqual(vipTier(3).spot);
    expect(ratesFor(3, "mix")).toEqual(vipTier(3).futures);
    expect(vipTier(99)).toBe(VIP_TIERS[0]);
  });

  it("write parts per million as Bitget's decimal strings", () => {
    expect(ppmRate(1000)).toBe("0.001");
    expect(ppmRate(950)).toBe("0.00095");
    expect(ppmRate(600)).toBe("0.0006");
    expect(ppmRate(0)).toBe("0");
    expect(ppmRate(1_000_000)).toBe("1");
  });
});
