import { V2 } from "../../../../protocol/bitget";
import type { InstType } from "~/lib/ws/stream-types";
import { INTERVALS, type KlineInterval } from "~/lib/trade/intervals";

/**
 * Where a chart's candles and plan orders come from: the stream's product line, the REST read of
 * older candles and its extra query, and how an interval is spelled there. The spot screen and the
 * futures screen draw the same chart from different sources (docs/decisions/705).
 */
export interface ChartSource {
  instType: InstType;
  historyPath: string;
  query: Readonly<Record<string, string>>;
  granularity: (interval: KlineInterval) => string;
}

export const SPOT_CHART: ChartSource = {
  instType: "SPOT",
  historyPath: V2.historyCandles,
  query: {},
  granularity: (i) => INTERVALS[i].granularity,
};

/** What the chart needs of a page's first paint: the instrument and the first candles. */
export interface ChartPageData {
  symbol: { symbol: string };
  candles: { interval: KlineInterval; rows: string[][] | null };
}
