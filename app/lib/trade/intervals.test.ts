import { describe, expect, it } from "vitest";
import { CANDLE_CHANNELS } from "../../../protocol/bitget";
import { KLINE_INTERVALS } from "~/lib/prefs/local-prefs";
import { INTERVALS } from "./intervals";

describe("chart intervals", () => {
  it("map every interval of the pref to a stream channel that pushes the same granularity", () => {
    for (const i of KLINE_INTERVALS) expect(CANDLE_CHANNELS[INTERVALS[i].channel], i).toBe(INTERVALS[i].granularity);
  });
});
