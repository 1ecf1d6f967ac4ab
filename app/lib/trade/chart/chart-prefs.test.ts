import { describe, expect, it } from "vitest";
import { KLINE_STUDIES } from "~/lib/prefs/local-prefs";
import { toggleStudy } from "./chart-prefs";

describe("study toggles", () => {
  it("turn one study on or off and keep the fixed order", () => {
    expect(toggleStudy(KLINE_STUDIES, ["vol", "ma"], "rsi")).toEqual(["vol", "ma", "rsi"]);
    expect(toggleStudy(KLINE_STUDIES, ["vol", "rsi"], "ma")).toEqual(["vol", "ma", "rsi"]);
    expect(toggleStudy(KLINE_STUDIES, ["vol", "ma"], "vol")).toEqual(["ma"]);
    expect(toggleStudy(KLINE_STUDIES, [], "macd")).toEqual(["macd"]);
  });
});
