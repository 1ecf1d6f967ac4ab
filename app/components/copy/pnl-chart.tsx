import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatCoin, formatDateTime } from "~/lib/i18n/format";
import { chartPaths } from "~/lib/wiki/chart-geometry";

const BOX = { width: 640, height: 200, pad: 12 };

/**
 * A lead's running PnL over 90 days as a server-drawn SVG line (the wiki's chart geometry): it
 * starts at zero, one point per closed track; the caption says in words where it ended.
 */
export function PnlChart({ curve, intl }: { curve: ReadonlyArray<readonly [string, string]>; intl: string }) {
  const { t } = useTranslation("copy");
  const id = useId();
  const values = [0, ...curve.map(([, v]) => Number(v))];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const last = curve.length ? curve[curve.length - 1]! : null;
  const summary = last
    ? t("chart.summary", {
        pnl: `${formatCoin(last[1], "USDT", intl)} USDT`,
        date: formatDateTime(Number(last[0]), intl, "date"),
        count: curve.length,
      })
    : t("chart.empty");
  const { line, area } = chartPaths(values, low, high, BOX);
  const zeroY = high === low ? BOX.height / 2 : BOX.pad + (high / (high - low)) * (BOX.height - 2 * BOX.pad);
  return (
    <figure className="copy-chart">
      {curve.length > 0 && (
        <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-labelledby={`${id}-t ${id}-d`} data-testid="copy-pnl-chart">
          <title id={`${id}-t`}>{t("chart.title")}</title>
          <desc id={`${id}-d`}>{summary}</desc>
          <line x1={BOX.pad} x2={BOX.width - BOX.pad} y1={zeroY} y2={zeroY} className="grid" />
          <path d={area} className="area" />
          <path d={line} className="line" />
        </svg>
      )}
      <figcaption data-testid="copy-chart-summary">{summary}</figcaption>
    </figure>
  );
}
