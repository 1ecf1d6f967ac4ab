import { describe, expect, it } from "vitest";
import { advertisedRatios, bandViolation, DEFAULT_BAND, limitRange, protectionPrice, ratioText } from "./price-protection.ts";

describe("price protection", () => {
  it("advertises the ratios it enforces, in Bitget's spelling", () => {
    expect(advertisedRatios()).toEqual({ buyLimitPriceRatio: "0.05", sellLimitPriceRatio: "0.05" });
    expect(ratioText(1_500_000)).toBe("1.5");
    expect(ratioText(1_000)).toBe("0.001");
    expect(ratioText(0)).toBe("0");
  });

  it("bounds a buy at 5 % above the reference and a fifth of it below, a sell at 5 % below and five times above", () => {
    expect(limitRange("buy", 10_000)).toEqual({ min: 2_000, max: 10_500 });
    expect(limitRange("sell", 10_000)).toEqual({ min: 9_500, max: 50_000 });
    expect(bandViolation("buy", 10_500, 10_000)).toBeUndefined();
    expect(bandViolation("buy", 10_501, 10_000)).toBe("high");
    expect(bandViolation("buy", 1_999, 10_000)).toBe("low");
    expect(bandViolation("sell", 9_499, 10_000)).toBe("low");
    expect(bandViolation("sell", 50_001, 10_000)).toBe("high");
    // the reviewers' sell at about 4,000 times the market
    expect(bandViolation("sell", 40_000_000, 10_000)).toBe("high");
  });

  it("rounds every bound inwards and never below one tick", () => {
    expect(limitRange("buy", 3)).toEqual({ min: 1, max: 3 });
    expect(limitRange("sell", 3)).toEqual({ min: 3, max: 15 });
    expect(protectionPrice("sell", 1)).toBe(1);
    expect(protectionPrice("buy", 999)).toBe(1048);
    expect(protectionPrice("sell", 999)).toBe(950);
  });

  it("bands nothing before a pair has a price", () => {
    expect(bandViolation("buy", 1, 0)).toBeUndefined();
    expect(bandViolation("sell", 10 ** 12, 0)).toBeUndefined();
  });

  it("takes another market ratio without moving the limit band", () => {
    const band = { ...DEFAULT_BAND, marketPpm: 10_000 };
    expect(protectionPrice("buy", 10_000, band)).toBe(10_100);
    expect(limitRange("buy", 10_000, band).max).toBe(10_500);
  });
});
