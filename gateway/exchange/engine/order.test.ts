import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { IdGen } from "./order.ts";

describe("order ids", () => {
  it("spells every id as String() does", () => {
    const ids = new IdGen();
    fc.assert(
      fc.property(fc.oneof(fc.nat(), fc.maxSafeNat(), fc.integer({ min: 1_700_000_000_000_000, max: 1_800_000_000_000_000 })), (id) => {
        expect(ids.text(id)).toBe(String(id));
      }),
      { numRuns: 3000 },
    );
    for (const id of [0, 5, 999, 1000, 1001, 999_999, 1_000_000, Number.MAX_SAFE_INTEGER]) expect(ids.text(id)).toBe(String(id));
    let last = ids.next(1_700_000_000_000);
    for (let i = 0; i < 5000; i++) {
      const id = i % 7 === 0 ? ids.next(1_700_000_000_000 + i) : ids.next(1);
      expect(id).toBeGreaterThan(last);
      expect(ids.text(id)).toBe(String(id));
      last = id;
    }
  });
});
