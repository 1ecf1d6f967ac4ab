import { describe, expect, it } from "vitest";
import { add, compare, div, multiplyText, parseDecimal, roundTo, roundToStep, toText, type Decimal } from "./decimal";

const d = (s: string): Decimal => {
  const v = parseDecimal(s);
  if (!v) throw new Error(`not a decimal: ${s}`);
  return v;
};

describe("decimal", () => {
  it("parses plain decimals only", () => {
    expect(toText(d("0012.3400"))).toBe("12.34");
    expect(toText(d("-0.000"))).toBe("0");
    expect(toText(d("+5"))).toBe("5");
    for (const bad of ["", "1e5", "1.", ".5", "NaN", "Infinity", "0x10", "1,5", "1 000", "--1"]) expect(parseDecimal(bad)).toBeUndefined();
  });

  it("adds and multiplies exactly where floats do not", () => {
    expect(toText(add(d("0.1"), d("0.2")))).toBe("0.3");
    expect(multiplyText("0.1", "3")).toBe("0.3");
    expect(multiplyText("67123.45", "7.1234")).toBe("478147.18373");
    expect(multiplyText("99999999999999999.99", "100")).toBe("9999999999999999999");
    expect(multiplyText("x", "1")).toBeUndefined();
  });

  it("compares across scales", () => {
    expect(compare(d("1.50"), d("1.5"))).toBe(0);
    expect(compare(d("-2"), d("1"))).toBe(-1);
    expect(compare(d("0.0001"), d("0"))).toBe(1);
  });

  it("rounds half away from zero, down and up", () => {
    expect(toText(roundTo(d("1.005"), 2))).toBe("1.01");
    expect(toText(roundTo(d("-1.005"), 2))).toBe("-1.01");
    expect(toText(roundTo(d("1.004"), 2))).toBe("1");
    expect(toText(roundTo(d("1.009"), 2, "down"))).toBe("1");
    expect(toText(roundTo(d("1.001"), 2, "up"))).toBe("1.01");
    expect(toText(roundTo(d("2"), 2), 2)).toBe("2.00");
  });

  it("divides to the digits asked for", () => {
    expect(toText(div(d("10"), d("4"), 2)!)).toBe("2.5");
    expect(toText(div(d("1"), d("3"), 8)!)).toBe("0.33333333");
    expect(toText(div(d("2"), d("3"), 8)!)).toBe("0.66666667");
    expect(toText(div(d("1234.5"), d("-0.5"), 0)!)).toBe("-2469");
    expect(toText(div(d("100000"), d("67123.45"), 8)!)).toBe("1.48979232");
    expect(div(d("1"), d("0.000"), 2)).toBeUndefined();
  });

  it("rounds to a tick or lot step", () => {
    expect(toText(roundToStep(d("67123.456"), d("0.01")))).toBe("67123.45");
    expect(toText(roundToStep(d("0.123456"), d("0.0001"), "up"))).toBe("0.1235");
    expect(toText(roundToStep(d("17"), d("5")))).toBe("15");
    expect(toText(roundToStep(d("17.5"), d("5"), "half-up"))).toBe("20");
    expect(() => roundToStep(d("1"), d("0"))).toThrow(RangeError);
  });
});
