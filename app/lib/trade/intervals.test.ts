import { describe, expect, it } from "vitest";
import { CANDLE_CHANNELS, GRANULARITIES } from "../../../protocol/bitget";
import { KLINE_INTERVALS } from "~/lib/prefs/local-prefs";
import { FUTURES_CHART } from "~/lib/futures/api";
import { INTERVALS, intervalSuffix } from "./intervals";

describe("chart intervals", () => {
  it("map every interval of the pref to a stream channel that pushes the same granularity", () => {
    for (const i of KLINE_INTERVALS) {
      expect(Object.keys(CANDLE_CHANNELS), i).toContain(INTERVALS[i].channel);
    }
    // the granularity is read from the channel table: an hour and a day, spelled out
    expect(INTERVALS["60"]).toEqual({ channel: "candle1H", granularity: "1h" });
    expect(INTERVALS["1D"]).toEqual({ channel: "candle1D", granularity: "1day" });
  });

  it("offer every granularity of the API, the UTC-aligned twins aside (docs/decisions/703)", () => {
    const offered = KLINE_INTERVALS.map((i) => INTERVALS[i].granularity).sort();
    const api = Object.keys(GRANULARITIES)
      .filter((g) => !g.endsWith("utc"))
      .sort();
    expect(offered).toEqual(api);
  });

  it("spell minutes, hours and the longer intervals as the channels and the mix API do", () => {
    expect(KLINE_INTERVALS.map(intervalSuffix)).toEqual(["1m", "3m", "5m", "15m", "30m", "1H", "4H", "6H", "12H", "1D", "3D", "1W", "1M"]);
    expect(INTERVALS["1"]).toEqual({ channel: "candle1m", granularity: "1min" });
    expect(INTERVALS["1M"]).toEqual({ channel: "candle1M", granularity: "1M" });
    expect(FUTURES_CHART.granularity("240")).toBe("4H");
  });
});
