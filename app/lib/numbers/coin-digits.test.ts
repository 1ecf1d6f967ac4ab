import { describe, expect, it } from "vitest";
import { INSTRUMENTS } from "../../../gateway/exchange/instruments";
import { COIN_DIGITS, coinDigits, LEDGER_DIGITS } from "./coin-digits";

describe("coin display precision", () => {
  it("shows every listed base coin at its pair's lot, and knows every listed coin", () => {
    for (const inst of INSTRUMENTS) {
      expect(coinDigits(inst.baseCoin), inst.baseCoin).toBe(inst.quantityPrecision);
      expect(COIN_DIGITS[inst.quoteCoin], inst.quoteCoin).toBeDefined();
    }
  });

  it("falls back to the ledger's scale for a coin it does not know", () => {
    expect(coinDigits("NEWCOIN")).toBe(LEDGER_DIGITS);
    expect(coinDigits("btc")).toBe(6);
  });
});
