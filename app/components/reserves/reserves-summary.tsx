import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AssetLine, ReservesSnapshot } from "../../../protocol/reserves";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDateTime, formatNumber, formatPercent } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { chartRows, reserveRatio, unitsToDecimal } from "~/lib/reserves/amounts";

/** Reserves against liabilities per asset: liabilities as 100 %, reserves as their percentage (docs/decisions/714). */
function RatioChart({ assets }: { assets: readonly AssetLine[] }) {
  const { t } = useTranslation("reserves");
  const { intl } = usePagePrefs();
  const pct = (v: unknown) => formatPercent(String(Number(v) / 100), intl).replace(/^\+/, "");
  return (
    <figure className="por-chart" role="img" aria-label={t("por.chartLabel")} data-testid="reserves-chart">
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={chartRows(assets)} margin={{ top: 8, right: 8, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid stroke="var(--color-border)" vertical={false} />
          <XAxis dataKey="coin" className="chart-axis" />
          <YAxis className="chart-axis" tickFormatter={pct} width={64} />
          <Tooltip formatter={pct} />
          <Legend />
          <Bar dataKey="liabilities" name={t("por.liabilities")} fill="var(--color-border-strong)" isAnimationActive={false} />
          <Bar dataKey="reserves" name={t("por.reserves")} fill="var(--color-primary)" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

function useColumns(): Array<Column<AssetLine>> {
  const { t } = useTranslation("reserves");
  const { intl } = usePagePrefs();
  const amount = (units: string) => formatNumber(unitsToDecimal(units) ?? "", intl, { maxDigits: 8 });
  return [
    { header: t("por.asset"), rowHeader: true, cell: (a) => a.coin },
    { header: t("por.liabilities"), num: true, cell: (a) => amount(a.liabilities), testId: (a) => `liabilities-${a.coin}` },
    { header: t("por.reserves"), num: true, cell: (a) => amount(a.reserves) },
    {
      header: t("por.ratio"),
      num: true,
      cell: (a) => {
        const r = reserveRatio(a.reserves, a.liabilities);
        return r === undefined ? "—" : formatPercent(r, intl).replace(/^\+/, "");
      },
    },
  ];
}

/** The latest snapshot: when, its root, and reserves against liabilities per asset as a chart and a table. */
export function ReservesSummary({ snapshot }: { snapshot: ReservesSnapshot }) {
  const { t } = useTranslation("reserves");
  const { intl } = usePagePrefs();
  const columns = useColumns();
  const owed = snapshot.assets.filter((a) => a.liabilities !== "0");
  return (
    <section className="card" aria-labelledby="por-snapshot-title">
      <h2 id="por-snapshot-title">{t("por.snapshot", { id: snapshot.snapshotId, time: formatDateTime(snapshot.time, intl) })}</h2>
      <dl className="por-facts">
        <dt>{t("por.root")}</dt>
        <dd>
          <code className="por-hash" data-testid="root-hash">
            {snapshot.rootHash}
          </code>
        </dd>
        <dt>{t("por.accounts")}</dt>
        <dd>{formatNumber(String(snapshot.leafCount), intl)}</dd>
      </dl>
      <h3>{t("por.chartTitle")}</h3>
      {owed.length > 0 && <RatioChart assets={owed} />}
      <div className="table-scroll">
        <DataTable rows={owed} columns={columns} rowKey={(a) => a.coin} caption={t("por.chartTitle")} testId="reserves-table" />
      </div>
    </section>
  );
}
