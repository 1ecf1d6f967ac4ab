import { useId } from "react";
import { useTranslation } from "react-i18next";
import { chartPaths } from "~/lib/wiki/chart-geometry";
import type { ChartView } from "~/lib/wiki/market-view";
import type { ChartRangeKey } from "~/lib/wiki/ranges";

const BOX = { width: 640, height: 240, pad: 12 };

/**
 * A coin's price over a range as a server-drawn SVG line, with the ranges as links that render the
 * page again (no script needed); the wiki-chart bundle swaps them in place. The caption and the
 * image's title and description say in words what the line shows.
 */
export function PriceChart({
  name,
  chart,
  range,
  ranges,
  currency,
  path,
}: {
  /** The article's own path (with its locale prefix): range links are absolute, as the link guard wants. */
  path: string;
  name: string;
  chart: ChartView | null;
  range: ChartRangeKey;
  ranges: readonly ChartRangeKey[];
  currency: string;
}) {
  const { t } = useTranslation("wiki");
  const id = useId();
  const title = t("chart.title", { name, range: t(`chart.long.${range}`), currency });
  return (
    <section id="chart" aria-labelledby={`${id}-heading`} className="card chart-card" data-chart>
      <h2 id={`${id}-heading`}>{t("chart.heading")}</h2>
      <nav aria-label={t("chart.ranges")} className="chart-ranges">
        <ul>
          {ranges.map((r) => (
            <li key={r}>
              <a href={`${path}?range=${r}#chart`} aria-current={r === range ? "true" : undefined} data-range={r} rel="nofollow">
                <span aria-hidden="true">{t(`chart.short.${r}`)}</span>
                <span className="visually-hidden">{t(`chart.long.${r}`)}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {chart ? <ChartFigure chart={chart} title={title} id={id} /> : <p role="status">{t("chart.unavailable")}</p>}
    </section>
  );
}

function ChartFigure({ chart, title, id }: { chart: ChartView; title: string; id: string }) {
  const { t } = useTranslation("wiki");
  const { line, area } = chartPaths(chart.closes, chart.low, chart.high, BOX);
  const summary = t("chart.summary", chart.labels);
  return (
    <figure className="price-chart">
      <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} data-testid="price-chart">
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line x1={BOX.pad} x2={BOX.width - BOX.pad} y1={BOX.pad} y2={BOX.pad} className="grid" />
        <line x1={BOX.pad} x2={BOX.width - BOX.pad} y1={BOX.height - BOX.pad} y2={BOX.height - BOX.pad} className="grid" />
        <path d={area} className="area" />
        <path d={line} className="line" />
      </svg>
      <figcaption>
        <strong>{title}</strong>
        <span data-testid="chart-summary">{summary}</span>
      </figcaption>
    </figure>
  );
}
