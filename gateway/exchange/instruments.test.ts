import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { INSTRUMENTS, notional } from "./instruments.ts";

describe("notional", () => {
  it("equals ticks x lots x units per (tick x lot) in bigint, also past 2^53", () => {
    fc.assert(
      fc.property(fc.constantFrom(...INSTRUMENTS), fc.maxSafeNat(), fc.maxSafeNat(), fc.nat(), (inst, ticks, lots, small) => {
        for (const [t, l] of [
          [ticks, lots],
          [small, lots],
          [ticks, small],
          [small, small],
        ] as const) {
          expect(notional(inst, t, l)).toBe(BigInt(t) * BigInt(l) * inst.quoteUnitsPerTickLot);
        }
      }),
      { numRuns: 2000 },
    );
    const inst = INSTRUMENTS[0]!;
    for (const [t, l] of [
      [2 ** 26, 2 ** 27],
      [2 ** 26 + 1, 2 ** 27 + 1],
      [94_906_265, 94_906_267],
      [Number.MAX_SAFE_INTEGER, 1],
      [Number.MAX_SAFE_INTEGER, 2],
    ]) {
      expect(notional(inst, t!, l!)).toBe(BigInt(t!) * BigInt(l!) * inst.quoteUnitsPerTickLot);
    }
    expect(() => notional(inst, 1.5, 2)).toThrow(RangeError);
  });
});
