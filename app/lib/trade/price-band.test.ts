import { describe, expect, it } from "vitest";
import { allowedRange, bandError, marketProtection } from "./price-band";
import { d } from "./market.fixture";

describe("price band (docs/decisions/340)", () => {
  it("gives the range of each side around the reference, in the pair's decimals", () => {
    expect(allowedRange("buy", "95000", 2)).toEqual({ min: "19000.00", max: "99750.00" });
    expect(allowedRange("sell", d("95000"), 2)).toEqual({ min: "90250.00", max: "475000.00" });
    // rounded inwards to the price's last place, as the gateway's integer bounds are
    expect(allowedRange("buy", "0.0333", 4)).toEqual({ min: "0.0067", max: "0.0349" });
    expect(allowedRange("buy", undefined, 2)).toBeUndefined();
    expect(allowedRange("buy", "0", 2)).toBeUndefined();
  });

  it("flags a buy above the band and a sell below it with both bounds, and passes the edges", () => {
    expect(bandError("buy", d("99750.01"), "95000", 2)).toEqual({ key: "bandHigh", values: { min: "19000.00", max: "99750.00" } });
    expect(bandError("buy", d("99750"), "95000", 2)).toBeUndefined();
    expect(bandError("buy", d("18999.99"), "95000", 2)).toEqual({ key: "bandLow", values: { min: "19000.00", max: "99750.00" } });
    expect(bandError("sell", d("90249.99"), "95000", 2)).toEqual({ key: "bandLow", values: { min: "90250.00", max: "475000.00" } });
    expect(bandError("sell", d("90250"), "95000", 2)).toBeUndefined();
    expect(bandError("sell", d("475000.01"), "95000", 2)).toEqual({ key: "bandHigh", values: { min: "90250.00", max: "475000.00" } });
    // a price beyond any safe integer is still above the band
    expect(bandError("buy", d("1".padEnd(30, "0")), "95000", 2)?.key).toBe("bandHigh");
  });

  it("bands nothing without a reference (a pair that never traded) or a price", () => {
    expect(bandError("buy", d("1000000"), undefined, 2)).toBeUndefined();
    expect(bandError("buy", d("1000000"), "0", 2)).toBeUndefined();
    expect(bandError("buy", undefined, "95000", 2)).toBeUndefined();
  });

  it("gives a market order's protection price: 5 % through the reference against the taker", () => {
    expect(marketProtection("buy", "95000", 2)).toBe("99750.00");
    expect(marketProtection("sell", "95000", 2)).toBe("90250.00");
    expect(marketProtection("sell", undefined, 2)).toBeUndefined();
  });
});
