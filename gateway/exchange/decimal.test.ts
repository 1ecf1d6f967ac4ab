import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatScaled, parseScaled } from "./decimal.ts";

describe("decimal", () => {
  it("parses exact decimals into scaled integers", () => {
    expect(parseScaled("1.23", 2)).toBe(123n);
    expect(parseScaled("0.5", 4)).toBe(5000n);
    expect(parseScaled("7", 0)).toBe(7n);
    expect(parseScaled("1.2300", 2)).toBe(123n);
  });
  it("rejects off-precision and malformed text", () => {
    expect(parseScaled("1.234", 2)).toBeUndefined();
    for (const bad of ["", "-1", "1e5", "01", "1.", ".5", "abc", "1,5", " 1"]) expect(parseScaled(bad, 4)).toBeUndefined();
  });
  it("formats with fixed decimals and round-trips", () => {
    expect(formatScaled(123n, 2)).toBe("1.23");
    expect(formatScaled(5n, 3)).toBe("0.005");
    expect(formatScaled(-5n, 3)).toBe("-0.005");
    expect(formatScaled(123456n, 4, 2)).toBe("12.34");
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 17n }), fc.integer({ min: 0, max: 8 }), (v, s) => {
        expect(parseScaled(formatScaled(v, s), s)).toBe(v);
      }),
    );
  });
});
