import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { FUTURES_FOLLOW, futuresSettingsBody } from "./follow-dialog";
import { inRange } from "./follow-form";
import { SPOT_FOLLOW, spotSettingsBody } from "./spot-follow";

const form = {
  symbols: ["BTCUSDT", "ETHUSDT"],
  mode: "percent" as const,
  value: " 50 ",
  maxHold: "",
  takeProfit: "25",
  stopLoss: " ",
  lossLimit: "100",
};

/** A t that answers its key and options, to see which texts a product picks. */
const echo = ((k: string, o?: object) => (o ? `${k} ${JSON.stringify(o)}` : k)) as unknown as TFunction;

describe("the shared follow dialog's products", () => {
  it("checks decimals by scale and bounds, empty only when optional", () => {
    expect(inRange("1", 2, "1", "1000")).toBe(true);
    expect(inRange(" 1000 ", 2, "1", "1000")).toBe(true);
    expect(inRange("1000.01", 2, "1", "1000")).toBe(false);
    expect(inRange("1.001", 2, "0.01", "10")).toBe(false);
    expect(inRange("", 2, "1", "1000")).toBe(false);
    expect(inRange(" ", 2, "1", "1000", true)).toBe(true);
    expect(inRange("1.5", 0, "1", "100", true)).toBe(false);
    expect(inRange("abc", 8, "0.00000001", "1000000000", true)).toBe(false);
  });

  it("builds the futures body with the product type, ratios and the loss limit", () => {
    expect(futuresSettingsBody("t1", form)).toEqual({
      traderId: "t1",
      settings: ["BTCUSDT", "ETHUSDT"].map((symbol) => ({
        symbol,
        productType: "USDT-FUTURES",
        traceType: "percent",
        traceValue: "50",
        stopSurplusRatio: "0.25",
      })),
      totalLossLimit: "100",
    });
  });

  it("builds the spot body with whole percents and no loss limit", () => {
    expect(spotSettingsBody("t2", form)).toEqual({
      traderId: "t2",
      settings: ["BTCUSDT", "ETHUSDT"].map((symbol) => ({ symbol, traceType: "percent", traceValue: "50", stopSurplusRatio: "25" })),
    });
  });

  it("keeps each product's bounds, defaults, ids and texts", () => {
    expect(FUTURES_FOLLOW).toMatchObject({
      ns: "copy",
      testPrefix: "copy",
      percentDefault: "100",
      percentSuffix: "%",
      percentBound: [2, "1", "1000"],
      takeProfitBound: [2, "0.01", "1000"],
      stopLossBound: [2, "0.01", "100"],
      maxKey: "maxPer",
      tpSlTestIds: false,
      lossLimit: true,
    });
    expect(SPOT_FOLLOW).toMatchObject({
      ns: "scopy",
      testPrefix: "scopy",
      percentDefault: "1",
      percentSuffix: "×",
      percentBound: [2, "0.01", "10"],
      takeProfitBound: [0, "1", "1000"],
      stopLossBound: [0, "1", "100"],
      maxKey: "maxHold",
      tpSlTestIds: true,
      lossLimit: false,
    });
    const fx = FUTURES_FOLLOW.texts(echo, echo, "en");
    expect(fx.percentError).toBe("follow.ratioError");
    expect(fx.maxHold).toBe("follow.maxPerOrder");
    expect(fx.takeProfitHint).toBe('follow.takeProfitHint {"max":"1000"}');
    expect(fx.stopLossError).toBe('follow.stopLossError {"max":"100"}');
    expect(fx.ofPercent("12.5")).toBe('follow.ofMargin {"pct":"12.5"}');
    const sx = SPOT_FOLLOW.texts(echo, echo, "en");
    expect(sx.percentError).toBe("follow.multipleError");
    expect(sx.maxHold).toBe("follow.maxHold");
    expect(sx.takeProfitHint).toBe("follow.takeProfitHint");
    expect(sx.percentSummary("2.5")).toBe('follow.multipleSummary {"x":"2.5"}');
    expect(sx.ofPercent("12")).toBe('follow.ofCost {"pct":"12"}');
  });
});
