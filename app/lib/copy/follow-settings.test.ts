import { describe, expect, it } from "vitest";
import { futuresFollowForm, spotFollowForm } from "./follow-settings";

describe("a follower's current settings as the follow dialog's fields", () => {
  it("futures: percent without its padding, ratios as percent, every followed pair, the loss limit", () => {
    const form = futuresFollowForm({
      totalLossLimit: "250.00000000",
      detailList: [
        {
          symbol: "ETHUSDT",
          traceType: "percent",
          traceValue: "50.0000",
          maxHoldSize: "20.50000000",
          stopSurplusRatio: "0.255000",
          stopLossRatio: "1.000000",
        },
        { symbol: "BTCUSDT", traceType: "percent", traceValue: "50.0000", maxHoldSize: "", stopSurplusRatio: "", stopLossRatio: "" },
      ],
    });
    expect(form).toEqual({
      symbols: ["ETHUSDT", "BTCUSDT"],
      mode: "percent",
      value: "50",
      maxHold: "20.5",
      takeProfit: "25.5",
      stopLoss: "100",
      lossLimit: "250",
    });
    // a fixed amount, no cap, no TP/SL, no loss limit ("0" from the gateway is none)
    expect(
      futuresFollowForm({
        totalLossLimit: "0",
        detailList: [{ symbol: "BTCUSDT", traceType: "amount", traceValue: "12.34000000", maxHoldSize: "" }],
      }),
    ).toEqual({ symbols: ["BTCUSDT"], mode: "amount", value: "12.34", maxHold: "", takeProfit: "", stopLoss: "", lossLimit: "" });
  });

  it("spot: the multiple and whole percents as they are, never a loss limit", () => {
    const form = spotFollowForm({
      detailList: [
        {
          symbol: "ETHUSDT",
          traceType: "percent",
          traceValue: "1.500000",
          maxHoldSize: "100.00000000",
          stopSurplusRatio: "30",
          stopLossRatio: "10",
        },
      ],
    });
    expect(form).toEqual({
      symbols: ["ETHUSDT"],
      mode: "percent",
      value: "1.5",
      maxHold: "100",
      takeProfit: "30",
      stopLoss: "10",
      lossLimit: "",
    });
  });

  it("nothing to prefill from an empty, missing or odd answer", () => {
    expect(futuresFollowForm(null)).toBeNull();
    expect(spotFollowForm({ detailList: [] })).toBeNull();
    expect(futuresFollowForm({ detailList: "x" as never })).toBeNull();
    expect(futuresFollowForm({ detailList: [{ symbol: "BTCUSDT", traceType: "percent", traceValue: "-3" }] })?.value).toBe("");
  });
});
