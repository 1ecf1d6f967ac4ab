import { describe, expect, it } from "vitest";
import { CANDLE_CHANNELS, GRANULARITIES } from "../../../protocol/bitget";
import { KLINE_INTERVALS } from "~/lib/prefs/local-prefs";
import { INTERVALS } from "./intervals";

describe("chart intervals", () => {
  it("map every interval of the pref to a stream channel that pushes the same granularity", () => {
    for (const i of KLINE_INTERVALS) expect(CANDLE_CHANNELS[INTERVALS[i].channel], i).toBe(INTERVALS[i].granularity);
  });

  it("offer every granularity of the API, the UTC-aligned twins aside (docs/decisions/703)", () => {
    const offered = KLINE_INTERVALS.map((i) => INTERVALS[i].granularity).sort();
    const api = Object.keys(GRANULARITIES)
      .filter((g) => !g.endsWith("utc"))
      .sort();
    expect(offered).toEqual(api);
  });
});
