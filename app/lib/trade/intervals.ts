import { CANDLE_CHANNELS, type Granularity } from "../../../protocol/bitget";
import { KLINE_INTERVALS } from "~/lib/prefs/local-prefs";

export type KlineInterval = (typeof KLINE_INTERVALS)[number];

/**
 * An interval as the candle stream channels and the mix API spell it: minutes up to 30 as `1m`…`30m`,
 * hours as `1H`…`12H`, and `1D`, `3D`, `1W`, `1M` as the `klineInterval` pref (docs/product.md) has them.
 */
export function intervalSuffix(interval: KlineInterval): string {
  const minutes = Number(interval);
  if (!Number.isInteger(minutes)) return interval;
  return minutes < 60 ? `${minutes}m` : `${minutes / 60}H`;
}

/**
 * Each chart interval as a stream channel and the spot REST granularity that channel pushes: the
 * granularity is read from the protocol's channel table, so the two cannot disagree.
 */
export const INTERVALS = Object.fromEntries(
  KLINE_INTERVALS.map((i) => {
    const channel = `candle${intervalSuffix(i)}`;
    return [i, { channel, granularity: CANDLE_CHANNELS[channel] as Granularity }];
  }),
) as Readonly<Record<KlineInterval, { granularity: Granularity; channel: string }>>;
