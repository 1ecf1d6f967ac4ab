import { describe, expect, it } from "vitest";
import { convert, formatFiat, formatFiatCompact, plainAmount, usdtToFiat } from "./fiat";

describe("fiat amounts", () => {
  it("multiplies USDT by the rate exactly", () => {
    expect(usdtToFiat("95000.10", "0.9213")).toBe("87523.59213");
    expect(usdtToFiat("0.1", "0.2")).toBe("0.02");
    expect(usdtToFiat("1", "0")).toBeUndefined();
    expect(usdtToFiat("x", "1")).toBeUndefined();
  });

  it("formats a price with the currency's digits, small ones with four significant digits", () => {
    expect(formatFiat("95123.456", "USD", "en-US")).toBe("$95,123.46");
    expect(formatFiat("14412031.7", "JPY", "ja-JP")).toBe("￥14,412,032");
    expect(formatFiat("0.162345", "EUR", "de-DE")).toBe("0,1623\u00a0€");
    expect(formatFiat("nope", "USD", "en-US")).toBe("nope");
    expect(formatFiatCompact("1234567890", "USD", "en-US")).toBe("$1.23B");
  });

  it("converts both ways, refusing what is not an amount", () => {
    expect(convert("2", "coin", "100", "1.5")).toBe("300");
    expect(convert("0,5", "coin", "100", "1")).toBe("50");
    expect(convert("300", "fiat", "100", "1.5")).toBe("2");
    expect(convert("1", "fiat", "3", "1")).toBe("0.33333333");
    for (const bad of ["", "-1", "1e5", "abc", "1.2.3"]) expect(convert(bad, "coin", "100", "1"), bad).toBeUndefined();
    expect(convert("1", "coin", "0", "1")).toBeUndefined();
    expect(plainAmount("1.23456", 2)).toBe("1.23");
  });
});
