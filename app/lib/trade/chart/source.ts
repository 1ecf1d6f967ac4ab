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
  /**
   * Whether this screen's account has plan orders for the chart to mark (the `orders-algo` channel
   * of `instType`). A margin account has none: the spot account's plans are not its own (issue 28).
   */
  plans: boolean;
}

export const SPOT_CHART: ChartSource = {
  instType: "SPOT",
  historyPath: V2.historyCandles,
  query: {},
  granularity: (i) => INTERVALS[i].granularity,
  plans: true,
};

/** The margin screen draws the spot pair's candles and marks only its margin account's orders (docs/decisions/715). */
export const MARGIN_CHART: ChartSource = { ...SPOT_CHART, plans: false };

/** What the chart needs of a page's first paint: the instrument and the first candles. */
export interface ChartPageData {
  symbol: { symbol: string };
  candles: { interval: KlineInterval; rows: string[][] | null };
}
