import type { Granularity } from "../../../protocol/bitget";

/**
 * The article chart's ranges and the candles each is drawn from: about 100–365 points, enough for a
 * smooth line at phone width (docs/decisions/605). "All" is every week the gateway has.
 */
export const CHART_RANGES = [
  { key: "1D", granularity: "15min", limit: 96, time: true },
  { key: "7D", granularity: "1h", limit: 168, time: true },
  { key: "1M", granularity: "4h", limit: 180, time: true },
  { key: "1Y", granularity: "1Dutc", limit: 365, time: false },
  { key: "All", granularity: "1Wutc", limit: 1000, time: false },
] as const satisfies ReadonlyArray<{ key: string; granularity: Granularity; limit: number; time: boolean }>;

export type ChartRange = (typeof CHART_RANGES)[number];
export type ChartRangeKey = ChartRange["key"];

export const DEFAULT_RANGE: ChartRangeKey = "7D";

/** The `range` query's value, any casing; the default for anything else. */
export function parseRange(value: string | null): ChartRange {
  const wanted = (value ?? "").toLowerCase();
  return CHART_RANGES.find((r) => r.key.toLowerCase() === wanted) ?? CHART_RANGES.find((r) => r.key === DEFAULT_RANGE)!;
}

/** The list's sparkline: seven days in 4-hour candles. */
export const SPARK = { granularity: "4h", limit: 42 } as const satisfies { granularity: Granularity; limit: number };

/** Currencies the converter always offers, besides the visitor's own (docs/decisions/605). */
export const WIKI_CURRENCIES = ["USD", "EUR", "GBP", "JPY", "CNY", "KRW", "RUB", "TRY", "BRL", "INR"] as const;
