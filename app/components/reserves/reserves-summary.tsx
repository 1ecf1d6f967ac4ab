import { useTranslation } from "react-i18next";
import type { AssetLine, ReservesSnapshot } from "../../../protocol/reserves";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDateTime, formatNumber, formatPercent } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { ratioBars, reserveRatio, unitsToDecimal } from "~/lib/reserves/amounts";

/**
 * Reserves against liabilities per asset (docs/decisions/716): one bar per asset on a track from 0
 * to twice its liabilities, a mark at 100 %, and the exact ratio printed beside it. Assets of any
 * size stay readable side by side; a surplus past the track's end is cut and marked as such.
 */
function RatioBars({ assets }: { assets: readonly AssetLine[] }) {
  const { t } = useTranslation("reserves");
  const { intl } = usePagePrefs();
  return (
    <figure className="por-chart" aria-label={t("por.chartLabel")} data-testid="reserves-chart">
      <ul className="por-bars">
        {ratioBars(assets).map((b) => (
          <li key={b.coin} className="por-bar-row" data-testid={`ratio-bar-${b.coin}`}>
            <span className="por-bar-coin">{b.coin}</span>
            <span className="por-bar-track" aria-hidden="true">
              <span className={b.capped ? "por-bar-fill capped" : "por-bar-fill"} style={{ inlineSize: `${b.length * 100}%` }} />
              <span className="por-bar-par" />
            </span>
            <span className="por-bar-value" data-testid="ratio-value">
              {formatPercent(b.ratio, intl).replace(/^\+/, "")}
            </span>
          </li>
        ))}
      </ul>
      <figcaption className="muted">{t("por.chartNote")}</figcaption>
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
      {owed.length > 0 && <RatioBars assets={owed} />}
      <div className="table-scroll">
        <DataTable rows={owed} columns={columns} rowKey={(a) => a.coin} caption={t("por.chartTitle")} testId="reserves-table" />
      </div>
    </section>
  );
}
