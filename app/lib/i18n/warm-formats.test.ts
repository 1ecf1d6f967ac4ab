import { describe, expect, it } from "vitest";
import { formatNumber, formatPercent } from "./format";
import { formatterCount } from "./formatters";
import { warmNumberFormats } from "./warm-formats";

describe("warmNumberFormats", () => {
  it("makes the page's first number formatters, which the page's own formats then reuse", () => {
    const before = formatterCount();
    warmNumberFormats("de-DE");
    const warmed = formatterCount();
    expect(warmed).toBeGreaterThan(before);
    // The ticker's price at two places and its change: no new formatter is made.
    expect(formatNumber("94949.31", "de-DE", { minDigits: 2, maxDigits: 2 })).toBe("94.949,31");
    expect(formatPercent("-0.0042", "de-DE")).toMatch(/^-0,42\s%$/u);
    expect(formatterCount()).toBe(warmed);
  });

  it("an empty or unknown tag does not throw", () => {
    expect(() => warmNumberFormats("")).not.toThrow();
    expect(() => warmNumberFormats("zz-not-a-tag-!!")).not.toThrow();
  });
});
