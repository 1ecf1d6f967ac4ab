import { describe, expect, it } from "vitest";
import { parseDecimal, toText, type Decimal } from "~/lib/numbers/decimal";
import { platformFee } from "./platform-fee";

const d = (s: string) => parseDecimal(s) as Decimal;

describe("platformFee", () => {
  it("prices the fee in the platform coin at 20 % off, rounded up, and says whether the balance covers it", () => {
    // 3000 USDT at 0.1 % = 3 USDT, 80 % = 2.4 USDT, at 4.5 = 0.53333334 BGB
    const on = { on: true, available: d("1"), price: d("4.5") };
    const fee = platformFee(d("3000"), 1000, on);
    expect(fee && toText(fee.amount)).toBe("0.53333334");
    expect(fee?.covered).toBe(true);
    expect(platformFee(d("3000"), 1000, { ...on, available: d("0.53333333") })?.covered).toBe(false);
    expect(platformFee(d("3000"), 1000, { ...on, available: d("0.53333334") })?.covered).toBe(true);
  });

  it("is undefined when the deduction is off, the price unknown or nothing priced", () => {
    const on = { on: true, available: d("1"), price: d("4.5") };
    expect(platformFee(d("3000"), 1000, { ...on, on: false })).toBeUndefined();
    expect(platformFee(d("3000"), 1000, { ...on, price: undefined })).toBeUndefined();
    expect(platformFee(undefined, 1000, on)).toBeUndefined();
    expect(platformFee(d("3000"), 0, on)).toBeUndefined();
    expect(platformFee(d("3000"), 1000, undefined)).toBeUndefined();
  });
});
