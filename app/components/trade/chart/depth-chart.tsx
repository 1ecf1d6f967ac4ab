import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { depthCurve, depthPath } from "~/lib/trade/chart/depth";
import type { Market } from "~/lib/trade/market";
import type { BookView } from "~/lib/trade/market-feed";

const BOX = { width: 720, height: 300 };

/** Cumulative bids and asks of the book the page follows, as two step areas, with a text summary. */
export function DepthChart({ book, market }: { book: BookView; market: Market }) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const summaryId = useId();
  const curve = depthCurve(book);
  const price = (v: number) =>
    formatNumber(v.toFixed(market.pricePrecision), intl, { minDigits: market.pricePrecision, maxDigits: market.pricePrecision });
  const size = (v: number) => formatNumber(v.toFixed(market.quantityPrecision), intl, { maxDigits: market.quantityPrecision });
  const bids = curve?.bids ?? [];
  const asks = curve?.asks ?? [];
  const lastBid = bids[bids.length - 1];
  const lastAsk = asks[asks.length - 1];
  return (
    <figure className="chart-depth" aria-busy={!book.live}>
      {curve ? (
        <svg
          viewBox={`0 0 ${BOX.width} ${BOX.height}`}
          role="img"
          aria-labelledby={summaryId}
          data-testid="depth-chart"
          preserveAspectRatio="none"
        >
          <path className="depth-bids" d={depthPath(bids, curve, BOX.width, BOX.height)} />
          <path className="depth-asks" d={depthPath(asks, curve, BOX.width, BOX.height)} />
        </svg>
      ) : null}
      {curve && (
        <p className="chart-depth-axis" aria-hidden="true">
          <span>{price(curve.minPrice)}</span>
          {bids[0] && asks[0] && <span>{price((bids[0].price + asks[0].price) / 2)}</span>}
          <span>{price(curve.maxPrice)}</span>
        </p>
      )}
      <figcaption id={summaryId} className="chart-depth-summary">
        {curve && lastBid && lastAsk
          ? t("chart.depthSummary", {
              base: market.base,
              bidSize: size(lastBid.total),
              bidFrom: price(bids[0]!.price),
              bidTo: price(lastBid.price),
              askSize: size(lastAsk.total),
              askFrom: price(asks[0]!.price),
              askTo: price(lastAsk.price),
            })
          : t("chart.depthEmpty")}
      </figcaption>
      <p className="chart-depth-keys" aria-hidden="true">
        <span className="depth-key bids">{t("chart.depthBids")}</span>
        <span className="depth-key asks">{t("chart.depthAsks")}</span>
      </p>
    </figure>
  );
}
