import { useId } from "react";
import { useTranslation } from "react-i18next";
import { chartPaths } from "~/lib/wiki/chart-geometry";
import type { ChartView } from "~/lib/wiki/market-view";

const BOX = { width: 640, height: 240, pad: 12 };

/**
 * The last 7 days of a coin's price as a server-rendered SVG line. The figure's caption and the
 * image's title and description say in words what the line shows.
 */
export function PriceChart({ name, chart }: { name: string; chart: ChartView }) {
  const { t } = useTranslation("wiki");
  const id = useId();
  const { line, area } = chartPaths(chart.closes, chart.low, chart.high, BOX);
  const summary = t("chart.summary", chart.labels);
  return (
    <figure className="price-chart">
      <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} data-testid="price-chart">
        <title id={`${id}-title`}>{t("chart.title", { name })}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line x1={BOX.pad} x2={BOX.width - BOX.pad} y1={BOX.pad} y2={BOX.pad} className="grid" />
        <line x1={BOX.pad} x2={BOX.width - BOX.pad} y1={BOX.height - BOX.pad} y2={BOX.height - BOX.pad} className="grid" />
        <path d={area} className="area" />
        <path d={line} className="line" />
      </svg>
      <figcaption>
        <strong>{t("chart.title", { name })}</strong>
        <span>{summary}</span>
      </figcaption>
    </figure>
  );
}
