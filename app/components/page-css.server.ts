import { APP_CSS } from "~/utils/page-css.server";
import tradeCss from "~/styles/trade.css?inline";
import tradeProCss from "~/styles/trade-pro.css?inline";
import klineChartCss from "~/components/trade/chart/kline-chart.css?inline";

/**
 * Every rule the spot and futures screens use (`handle.criticalCss: "trade"`, docs/decisions/725): the
 * app's, trade.css (the routes' `links`) and the CSS their components import (the pro layout's, the
 * chart's), in the order the document linked them. About 9 KB compressed. Server only.
 */
export const TRADE_CSS: string = APP_CSS + tradeCss + tradeProCss + klineChartCss;

const CRITICAL_CSS: Readonly<Record<string, string>> = { trade: TRADE_CSS };

/** The text of a named set (`handle.criticalCss`), or undefined for a name the server does not know. */
export function criticalCssText(key: string): string | undefined {
  return Object.hasOwn(CRITICAL_CSS, key) ? CRITICAL_CSS[key] : undefined;
}
