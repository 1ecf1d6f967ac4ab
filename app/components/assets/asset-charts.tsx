import { useTranslation } from "react-i18next";
import { Cell, Pie, PieChart, ResponsiveContainer } from "recharts";
import { DataTable } from "~/components/ui/data-table";
import { RadioChoices } from "~/components/ui/radio-choices";
import { TimeAreaChart } from "~/components/ui/time-area-chart";
import { slices, type EquityPoint, type Slice } from "~/lib/assets/overview";
import { formatDateTime } from "~/lib/i18n/format";
import { numberFormat } from "~/lib/i18n/formatters";
import { EQUITY_HISTORY_DAYS } from "../../../protocol/assets";
import { useAssetPage } from "./asset-shell";

/** Slice colours that read on the white and the black theme alike. */
const COLORS = ["#00a8d0", "#e69a1c", "#8a6cff", "#2bb673", "#e0457b", "#8a94a6", "#c9b400", "#4f7cff"];
const DAY_MS = 86_400_000;

/**
 * An allocation as a donut (drawn for the eye only) and the same figures as a table that every
 * reader gets, screen readers included (docs/decisions/711).
 */
export function AllocationChart({
  title,
  nameHeader,
  parts,
  testId,
}: {
  title: string;
  /** The first column's header: what the slices are (accounts, coins). */
  nameHeader: string;
  parts: ReadonlyArray<{ name: string; usdt: string }>;
  testId: string;
}) {
  const { t } = useTranslation("assets");
  const { money } = useAssetPage();
  const list = slices(parts);
  const drawn = list.filter((s) => Number(s.share) > 0);
  const percent = (s: Slice) => numberFormat(money.intl, { style: "percent", maximumFractionDigits: 2 }).format(Number(s.share));
  return (
    <figure className="asset-chart" data-testid={testId}>
      <figcaption>
        <h3>{title}</h3>
      </figcaption>
      <div className="chart-box donut" aria-hidden="true">
        <ResponsiveContainer width="100%" height={200}>
          <PieChart accessibilityLayer={false}>
            <Pie
              data={drawn.map((s) => ({ name: s.name, value: Number(s.share) }))}
              dataKey="value"
              nameKey="name"
              rootTabIndex={-1}
              innerRadius="55%"
              outerRadius="90%"
              isAnimationActive={false}
            >
              {drawn.map((s, i) => (
                <Cell key={s.name} fill={COLORS[i % COLORS.length]} />
              ))}
            </Pie>
          </PieChart>
        </ResponsiveContainer>
      </div>
      <DataTable
        rows={list}
        rowKey={(s) => s.name}
        className="compact"
        caption={title}
        columns={[
          {
            header: nameHeader,
            rowHeader: true,
            cell: (s) => (
              <>
                <span
                  className="swatch"
                  aria-hidden="true"
                  style={{ background: COLORS[drawn.indexOf(s) % COLORS.length] ?? "transparent" }}
                />
                {s.name}
              </>
            ),
          },
          { header: t("table.value"), num: true, cell: (s) => money.money(s.usdt) },
          { header: t("overview.share"), num: true, cell: percent },
        ]}
      />
    </figure>
  );
}

/** The equity history as an area chart with its table (behind a disclosure) for every reader. */
export function EquityChart({
  points,
  intervalMs,
  days,
  onDays,
}: {
  points: readonly EquityPoint[];
  intervalMs: number;
  days: number;
  onDays: (d: number) => void;
}) {
  const { t } = useTranslation("assets");
  const { money } = useAssetPage();
  const when = (ms: number) => formatDateTime(ms, money.intl, intervalMs >= DAY_MS ? "date" : "datetime");
  const data = points.map((p) => ({ time: p.ts, value: Number(p.total) }));
  return (
    <figure className="asset-chart wide" data-testid="equity-chart">
      <figcaption>
        <h3>{t("overview.history")}</h3>
      </figcaption>
      <RadioChoices
        legend={t("overview.period")}
        values={EQUITY_HISTORY_DAYS.map(String)}
        value={String(days)}
        onChange={(d) => onDays(Number(d))}
        label={(d) => t("overview.days", { days: d })}
        testId={(d) => `days-${d}`}
      />
      {points.length < 2 && <p className="muted">{t("overview.noHistory")}</p>}
      {points.length > 0 && (
        <>
          <div className="chart-box" aria-hidden="true">
            <TimeAreaChart
              data={data}
              height={220}
              color="#00a8d0"
              name={t("overview.total")}
              timeText={when}
              valueText={(v) => money.moneyText(String(v))}
              hideValues={money.hidden}
              {...(money.hidden ? {} : { tooltip: { time: when, value: (v: number) => money.moneyText(String(v)) } })}
            />
          </div>
          <details>
            <summary>{t("overview.showTable")}</summary>
            <DataTable
              rows={points}
              rowKey={(p) => String(p.ts)}
              className="compact"
              caption={t("overview.history")}
              columns={[
                { header: t("overview.date"), rowHeader: true, cell: (p) => when(p.ts) },
                { header: t("overview.total"), num: true, cell: (p) => money.money(p.total) },
              ]}
            />
          </details>
        </>
      )}
    </figure>
  );
}
