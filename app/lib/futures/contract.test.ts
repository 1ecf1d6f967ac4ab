import { describe, expect, it } from "vitest";
import { toText } from "~/lib/numbers/decimal";
import { futuresMarketOf } from "./contract";
import { BTC_CONTRACT } from "./contract.fixture";

describe("futures contract rules", () => {
  it("reads tick, lot, contract size, fees and leverage", () => {
    const m = futuresMarketOf(BTC_CONTRACT)!;
    expect(toText(m.tick)).toBe("0.1");
    expect(toText(m.lot)).toBe("0.001");
    expect(toText(m.contractSize)).toBe("0.001");
    expect([m.makerRate, m.takerRate, m.minLeverage, m.maxLeverage, m.fundingHours]).toEqual([0.0002, 0.0006, 1, 125, 8]);
    expect(toText(futuresMarketOf({ ...BTC_CONTRACT, priceEndStep: "5", pricePlace: "2" })!.tick)).toBe("0.05");
  });

  it("refuses a listing it cannot read", () => {
    for (const bad of [
      { pricePlace: "x" },
      { volumePlace: "" },
      { sizeMultiplier: "0" },
      { takerFeeRate: "-0.1" },
      { maxLever: "0" },
      { minLever: "200" },
      { priceEndStep: "0" },
    ])
      expect(futuresMarketOf({ ...BTC_CONTRACT, ...bad })).toBeUndefined();
  });
});
