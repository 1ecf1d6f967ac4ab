import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FUNDING_CAP_PPM, INTEREST_PPM, fundingRatePpm, newPriceState, nextFundingTime, updatePrice } from "./pricing.ts";

describe("futures pricing", () => {
  it("keeps the mark within 1 % of the index whatever the book's mid does", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1_000, max: 100_000_000 }), fc.option(fc.integer({ min: 1, max: 200_000_000 }))), {
          minLength: 1,
          maxLength: 200,
        }),
        (steps) => {
          const s = newPriceState();
          for (const [index, mid] of steps) {
            updatePrice(s, index, mid ?? undefined);
            expect(Math.abs(s.mark - index)).toBeLessThanOrEqual(Math.ceil(index * 0.01) + 1);
            expect(Number.isInteger(s.mark)).toBe(true);
          }
        },
      ),
    );
  });

  it("smooths the basis: one print far from the index moves the mark by a small fraction of it", () => {
    const s = newPriceState();
    for (let i = 0; i < 100; i++) updatePrice(s, 10_000_000, 10_000_000);
    updatePrice(s, 10_000_000, 10_050_000);
    expect(s.mark - 10_000_000).toBeLessThan(1_000);
    expect(s.mark).toBeGreaterThan(10_000_000);
  });

  it("charges the interest rate at zero premium and caps the rate either way", () => {
    expect(fundingRatePpm({ premiumSum: 0, premiumCount: 0 })).toBe(INTEREST_PPM);
    // a premium inside the clamp band settles at the interest rate, as Bitget's formula does
    expect(fundingRatePpm({ premiumSum: 0.0003 * 10, premiumCount: 10 })).toBe(INTEREST_PPM);
    expect(fundingRatePpm({ premiumSum: 0.002, premiumCount: 1 })).toBe(2_000 - 500);
    expect(fundingRatePpm({ premiumSum: 0.5, premiumCount: 1 })).toBe(FUNDING_CAP_PPM);
    expect(fundingRatePpm({ premiumSum: -0.5, premiumCount: 1 })).toBe(-FUNDING_CAP_PPM);
  });

  it("aligns funding times to the interval", () => {
    const eightHours = 8 * 3_600_000;
    const t = nextFundingTime(Date.UTC(2026, 0, 1, 7, 59), eightHours);
    expect(t).toBe(Date.UTC(2026, 0, 1, 8, 0));
    expect(nextFundingTime(t, eightHours)).toBe(Date.UTC(2026, 0, 1, 16, 0));
    expect(nextFundingTime(1_500, 1_000)).toBe(2_000);
  });
});
