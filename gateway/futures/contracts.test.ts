import { describe, expect, it } from "vitest";
import { INSTRUMENTS } from "../exchange/instruments.ts";
import { CONTRACTS, contract, tierFor } from "./contracts.ts";

describe("futures contracts", () => {
  it("lists a USDT-M perpetual for every spot pair, on the spot tick and lot grid", () => {
    expect(CONTRACTS.map((c) => c.symbol)).toEqual(INSTRUMENTS.map((i) => i.symbol));
    expect(contract("btcusdt")?.inst.pricePrecision).toBe(2);
    expect(contract("BTCUSDT_UMCBL")).toBeUndefined();
    expect(contract("")).toBeUndefined();
  });

  it("has tiers that grow in notional, fall in leverage and keep maintenance at most half of the initial margin", () => {
    for (const c of CONTRACTS) {
      expect(c.maxLeverage).toBe(c.tiers[0]!.maxLeverage);
      c.tiers.forEach((t, i) => {
        expect(t.level).toBe(i + 1);
        expect(t.maxNotional).toBeGreaterThan(t.minNotional);
        if (i > 0) {
          expect(t.minNotional).toBe(c.tiers[i - 1]!.maxNotional);
          expect(t.maxLeverage).toBeLessThanOrEqual(c.tiers[i - 1]!.maxLeverage);
          expect(t.mmrPpm).toBeGreaterThanOrEqual(c.tiers[i - 1]!.mmrPpm);
        }
        expect(t.mmrPpm * 2).toBeLessThanOrEqual(1_000_000 / t.maxLeverage);
      });
      expect(tierFor(c, 0).level).toBe(1);
      expect(tierFor(c, 1e12).level).toBe(c.tiers.length);
    }
  });
});
