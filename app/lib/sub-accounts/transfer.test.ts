import { describe, expect, it } from "vitest";
import { checkTransfer, toUnits } from "./transfer";

const accounts = [
  { userId: "1000000001", frozen: false },
  { userId: "1000000002", frozen: false },
  { userId: "1000000003", frozen: true },
];
const form = { from: "1000000001", to: "1000000002", coin: "USDT", amount: "12.5" };

describe("transfer form", () => {
  it("reads amounts as integers of 10^-8, never as floats", () => {
    expect(toUnits("12.5")).toBe(1_250_000_000n);
    expect(toUnits("0.00000001")).toBe(1n);
    expect(toUnits("100000000000000000.1")).toBe(10_000_000_000_000_000_010_000_000n);
    for (const bad of ["", "-1", "1e3", "1.123456789", "01", ".5", "abc"]) expect(toUnits(bad)).toBeUndefined();
  });

  it("accepts a covered amount between two active accounts", () => {
    expect(checkTransfer(form, accounts, "12.50000000")).toEqual({});
  });

  it("names the field of each problem", () => {
    expect(checkTransfer({ ...form, to: form.from }, accounts, "100")).toEqual({ to: "account:errors.sameAccount" });
    expect(checkTransfer({ ...form, amount: "0" }, accounts, "100")).toEqual({ amount: "account:errors.amount" });
    expect(checkTransfer({ ...form, amount: "12.50000001" }, accounts, "12.5")).toEqual({ amount: "account:errors.insufficient" });
    expect(checkTransfer({ ...form, to: "1000000003" }, accounts, "100")).toEqual({ form: "account:errors.subFrozen" });
  });
});
