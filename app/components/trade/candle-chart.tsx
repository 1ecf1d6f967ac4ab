import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "~/lib/i18n/format";
import { KLINE_INTERVALS } from "~/lib/prefs/local-prefs";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import type { OpenOrder } from "~/lib/trade/account-data";
import { candleStats } from "~/lib/trade/candles";
import { chartLayout } from "~/lib/trade/chart-layout";
import type { KlineInterval } from "~/lib/trade/intervals";
import type { Market } from "~/lib/trade/market";
import type { CandleView } from "~/lib/trade/market-feed";
import { Segmented } from "./order-fields";
import { formatTime } from "./time-text";

const BOX = { width: 720, height: 300, labelWidth: 84, padding: 14 };

interface Props {
  view: CandleView;
  market: Market;
  interval: KlineInterval;
  onInterval: (i: KlineInterval) => void;
  /** The user's open orders drawn as price lines, when the entrust-marks preference is on; null for a guest. */
  orders: readonly OpenOrder[] | null;
  marks: boolean;
  onMarks: (on: boolean) => void;
}

/** A candlestick chart in SVG, with a text summary of what it shows (range and open-order lines). */
export function CandleChart({ view, market, interval, onInterval, orders, marks, onMarks }: Props) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const summaryId = useId();
  const layout = chartLayout(view.candles, BOX, market.pricePrecision);
  const stats = candleStats(view.candles);
  const price = (v: string) => formatNumber(v, intl, { minDigits: market.pricePrecision, maxDigits: market.pricePrecision });
  const lines = marks && orders ? orders.filter((o) => o.orderType === "limit") : [];
  const lineText = (o: OpenOrder) =>
    t("chart.orderLine", { side: t(`side.${o.side}`), size: formatNumber(o.size, intl), price: price(o.priceAvg) });
  return (
    <section className="card trade-card chart" aria-labelledby="chart-title">
      <div className="card-head">
        <h2 id="chart-title">{t("chart.title")}</h2>
        <div className="chart-tools">
          <Segmented
            label={t("chart.interval")}
            value={interval}
            onChange={onInterval}
            options={KLINE_INTERVALS.map((i) => ({ value: i, text: t(`chart.intervals.${i}`), title: t(`chart.intervalNames.${i}`) }))}
          />
          {orders && (
            <label className="choice">
              <input type="checkbox" checked={marks} onChange={(e) => onMarks(e.target.checked)} />
              {t("chart.marks")}
            </label>
          )}
        </div>
      </div>
      <figure className="chart-figure" aria-busy={!view.ready}>
        {layout ? (
          <svg
            viewBox={`0 0 ${BOX.width} ${BOX.height}`}
            role="img"
            aria-labelledby={summaryId}
            className="chart-svg"
            data-testid="candle-chart"
          >
            {layout.ticks.map((tk) => (
              <g key={tk.price} className="chart-grid">
                <line x1={0} x2={BOX.width - BOX.labelWidth} y1={tk.y} y2={tk.y} />
                <text x={BOX.width - 4} y={tk.y + 4} textAnchor="end">
                  {price(tk.price)}
                </text>
              </g>
            ))}
            {layout.bars.map((b) => (
              <g key={b.ts} className={b.up ? "candle up" : "candle down"}>
                <line x1={b.x + b.width / 2} x2={b.x + b.width / 2} y1={b.wickTop} y2={b.wickBottom} />
                <rect x={b.x} y={b.bodyTop} width={b.width} height={b.bodyHeight} />
              </g>
            ))}
            {lines.map((o) => {
              const at = layout.place(o.priceAvg);
              const arrow = at.beyond === "above" ? "▲ " : at.beyond === "below" ? "▼ " : "";
              return (
                <g key={o.orderId} className={`order-line ${o.side}`} data-testid="order-line">
                  <line x1={0} x2={BOX.width - BOX.labelWidth} y1={at.y} y2={at.y} />
                  <text x={6} y={at.beyond === "below" ? at.y - 6 : at.y + 14}>
                    {arrow + lineText(o)}
                  </text>
                </g>
              );
            })}
          </svg>
        ) : (
          <p className="muted chart-empty">{view.ready ? t("chart.noData") : t("chart.loading")}</p>
        )}
        <figcaption id={summaryId} className="chart-summary">
          {/* Times are in the reader's zone: the server's first paint may differ, the browser corrects it. */}
          <span suppressHydrationWarning>
            {stats
              ? t("chart.summary", {
                  symbol: market.symbol,
                  interval: t(`chart.intervalNames.${view.interval}`),
                  from: formatTime(stats.first, intl),
                  to: formatTime(stats.last, intl),
                  open: price(stats.open),
                  high: price(stats.high),
                  low: price(stats.low),
                  close: price(stats.close),
                })
              : t("chart.noData")}
          </span>
          {lines.length > 0 && <> {t("chart.ordersSummary", { list: lines.map(lineText).join("; ") })}</>}
        </figcaption>
      </figure>
    </section>
  );
}
