import type { CANDLE_CHANNELS, Granularity } from "../../../protocol/bitget";
import type { KLINE_INTERVALS } from "~/lib/prefs/local-prefs";

export type KlineInterval = (typeof KLINE_INTERVALS)[number];

/** Each chart interval of the `klineInterval` pref (docs/product.md) as a REST granularity and a stream channel. */
export const INTERVALS: Readonly<Record<KlineInterval, { granularity: Granularity; channel: keyof typeof CANDLE_CHANNELS }>> = {
  "1": { granularity: "1min", channel: "candle1m" },
  "3": { granularity: "3min", channel: "candle3m" },
  "5": { granularity: "5min", channel: "candle5m" },
  "15": { granularity: "15min", channel: "candle15m" },
  "30": { granularity: "30min", channel: "candle30m" },
  "60": { granularity: "1h", channel: "candle1H" },
  "240": { granularity: "4h", channel: "candle4H" },
  "360": { granularity: "6h", channel: "candle6H" },
  "720": { granularity: "12h", channel: "candle12H" },
  "1D": { granularity: "1day", channel: "candle1D" },
  "3D": { granularity: "3day", channel: "candle3D" },
  "1W": { granularity: "1week", channel: "candle1W" },
  "1M": { granularity: "1M", channel: "candle1M" },
};
