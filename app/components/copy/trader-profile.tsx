import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import { StandaloneScripts } from "~/components/standalone-scripts";
import { DataTable } from "~/components/ui/data-table";
import { IssuerCertForLogout } from "~/components/wiki/issuer-cert";
import {
  copyQuery,
  type CopyProduct,
  type PeriodFigures,
  type SpotClosedTrack,
  type SpotHolding,
  type TraderDetail,
  type TraderPosition,
  type TraderTrack,
  traderPagePath,
} from "~/lib/copy/api";
import { formatCoin, formatDateTime, formatNumber, formatPercent } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { useRootData } from "~/lib/root-data";
import type { StandaloneAssets } from "~/load-context";
import { CopyPageRoot } from "./page-root";
import { PnlChart } from "./pnl-chart";

const trend = (v: string) => (v.startsWith("-") ? "down" : Number(v) > 0 ? "up" : "");
const unsigned = (s: string) => s.replace(/^\+/, "");

/**
 * `/copy-trading/trader/:id`: a lead's figures over 7/30/90 days, its PnL, positions as it lets them
 * show, and its closed trades. Server HTML only; a signed-in reader's actions (follow, change,
 * unfollow, the lead's own visibility choice) are drawn into `data-copy-slot="actions"` by the page's
 * bundle (`copy-page`, docs/decisions/357).
 */
export function TraderProfilePage({
  traderId,
  env,
  product = "futures",
  demoOnly,
  leadsOther = false,
  detail,
  history,
  bundles,
}: {
  traderId: string;
  env: "live" | "demo";
  product?: CopyProduct;
  demoOnly: boolean;
  /** The trader also leads the other product (in this environment): the page links that profile. */
  leadsOther?: boolean;
  detail: TraderDetail | null;
  history: Array<TraderTrack | SpotClosedTrack>;
  bundles: readonly (StandaloneAssets | undefined)[];
}) {
  const { t } = useTranslation("copy");
  const { t: ts } = useTranslation("scopy");
  const { intl } = usePagePrefs();
  const userId = useRootData()?.user?.userId ?? null;
  const demo = env === "demo";
  const spot = product === "spot";
  const usdt = (v: string) => `${formatCoin(v, "USDT", intl)} USDT`;
  const back = "/copy-trading" + copyQuery(demo && !demoOnly ? env : "live", product);
  if (!detail)
    return (
      <CopyPageRoot env={env} product={product} userId={userId}>
        <h1>{t("profile.notFound")}</h1>
        <p role="status">{t("profile.notFoundText")}</p>
        <LocaleLink to={back}>{t("profile.back")}</LocaleLink>
        <StandaloneScripts bundles={bundles} />
      </CopyPageRoot>
    );
  const rows: Array<{ key: string; label: string; cell: (p: PeriodFigures) => string; cls?: (p: PeriodFigures) => string }> = [
    { key: "roi", label: t("col.roi"), cell: (p) => formatPercent(p.roi, intl), cls: (p) => trend(p.roi) },
    { key: "pnl", label: t("col.pnl"), cell: (p) => usdt(p.pnl), cls: (p) => trend(p.pnl) },
    { key: "winRate", label: t("col.winRate"), cell: (p) => unsigned(formatPercent(p.winRate, intl)) },
    { key: "maxDrawdown", label: t("col.maxDrawdown"), cell: (p) => unsigned(formatPercent(p.maxDrawdown, intl)) },
    { key: "trades", label: t("col.trades"), cell: (p) => formatNumber(p.trades, intl) },
  ];
  return (
    <CopyPageRoot env={env} product={product} userId={userId} traderId={traderId} demoOnly={demoOnly}>
      <p>
        <LocaleLink to={back}>{t("profile.back")}</LocaleLink>
        {leadsOther && (
          <>
            {" · "}
            <LocaleLink
              data-testid="copy-other-profile"
              to={traderPagePath(traderId) + copyQuery(demo && !demoOnly ? env : "live", spot ? "futures" : "spot")}
            >
              {ts(spot ? "more.toFutures" : "more.toSpot", { trader: detail.traderName })}
            </LocaleLink>
          </>
        )}
      </p>
      <h1 data-testid="copy-trader-name">
        {spot ? ts("profile.title", { trader: detail.traderName }) : t("profile.title", { trader: detail.traderName })}
      </h1>
      <p className="lead">
        {t("profile.lead", {
          share: unsigned(formatPercent(detail.profitShareRatio, intl)),
          date: formatDateTime(Number(detail.cTime), intl, "date"),
        })}
      </p>
      {demo && (
        <p className="notice" role="note">
          {t("demo.note")}
        </p>
      )}
      {userId ? (
        <div
          className="copy-actions"
          data-copy-slot="actions"
          data-name={detail.traderName}
          data-visibility={detail.positionVisibility}
          data-delay={detail.positionDelayMinutes}
        />
      ) : (
        <div className="copy-actions">
          <LocaleLink className="button primary" to="/login">
            {t("steps.signInToFollow")}
          </LocaleLink>
        </div>
      )}
      <section className="card" aria-labelledby="copy-figures-title" id="copy-figures" data-copy-region>
        <h2 id="copy-figures-title">{t("profile.figures")}</h2>
        <dl className="copy-figures">
          <div>
            <dt>{t("col.followers")}</dt>
            <dd data-testid="copy-followers">
              {detail.followerCount} / {detail.maxFollowers}
            </dd>
          </div>
          <div>
            <dt>{t("col.aum")}</dt>
            <dd>{usdt(detail.aum)}</dd>
          </div>
          <div>
            <dt>{t("col.share")}</dt>
            <dd>{unsigned(formatPercent(detail.profitShareRatio, intl))}</dd>
          </div>
        </dl>
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t("profile.periods")}>
          <table className="data-table" data-testid="copy-periods">
            <caption className="visually-hidden">{t("profile.periods")}</caption>
            <thead>
              <tr>
                <td />
                {detail.periods.map((p) => (
                  <th key={p.period} scope="col" className="num">
                    {t(`period.d${p.period}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.label}</th>
                  {detail.periods.map((p) => (
                    <td key={p.period} className={`num ${r.cls?.(p) ?? ""}`} data-testid={`copy-${r.key}-${p.period}`}>
                      {r.cell(p)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="muted">{spot ? ts("profile.formulas") : t("profile.formulas")}</p>
      </section>
      <section className="card" aria-labelledby="copy-chart-title">
        <h2 id="copy-chart-title">{t("chart.heading")}</h2>
        <PnlChart curve={detail.pnlCurve} intl={intl} />
      </section>
      {spot ? (
        <SpotSections detail={detail} history={history as SpotClosedTrack[]} intl={intl} />
      ) : (
        <>
          <OpenSection
            detail={detail}
            title={t("profile.positions")}
            hidden={t("profile.positionsHidden")}
            delayed={t("profile.positionsDelayed", { minutes: detail.positionDelayMinutes })}
            empty={(detail.positions ?? []).length === 0 ? t("profile.noPositions") : undefined}
          >
            <DataTable<TraderPosition>
              testId="copy-positions"
              rows={detail.positions ?? []}
              rowKey={(p) => p.trackingNo}
              columns={[
                { header: t("col.symbol"), rowHeader: true, cell: (p) => p.symbol },
                { header: t("col.side"), cell: (p) => t(`side.${p.posSide}`) },
                { header: t("col.leverage"), num: true, cell: (p) => `${p.openLeverage}×` },
                { header: t("col.size"), num: true, cell: (p) => formatNumber(p.openSize, intl) },
                { header: t("col.entry"), num: true, cell: (p) => formatNumber(p.openPriceAvg, intl) },
                { header: t("col.opened"), cell: (p) => formatDateTime(Number(p.openTime), intl) },
              ]}
            />
          </OpenSection>
          <HistorySection empty={history.length === 0}>
            <DataTable<TraderTrack>
              testId="copy-history"
              rows={history as TraderTrack[]}
              rowKey={(h) => h.trackingNo}
              columns={[
                { header: t("col.symbol"), rowHeader: true, cell: (h) => h.symbol },
                { header: t("col.side"), cell: (h) => t(`side.${h.posSide}`) },
                { header: t("col.size"), num: true, cell: (h) => formatNumber(h.closeSize, intl) },
                { header: t("col.entry"), num: true, cell: (h) => formatNumber(h.openPriceAvg, intl) },
                { header: t("col.exit"), num: true, cell: (h) => formatNumber(h.closePriceAvg, intl) },
                { header: t("col.pnl"), num: true, cellClass: (h) => `num ${trend(h.achievedPL)}`, cell: (h) => usdt(h.achievedPL) },
                { header: t("col.closed"), cell: (h) => formatDateTime(Number(h.closeTime), intl) },
              ]}
            />
          </HistorySection>
        </>
      )}
      <IssuerCertForLogout />
      <StandaloneScripts bundles={bundles} />
    </CopyPageRoot>
  );
}

/** A spot lead's open holdings (as it lets them show) and closed holdings (docs/decisions/362). */
function SpotSections({ detail, history, intl }: { detail: TraderDetail; history: SpotClosedTrack[]; intl: string }) {
  const { t } = useTranslation("copy");
  const { t: ts } = useTranslation("scopy");
  const base = (symbol: string) => symbol.replace(/USDT$/, "");
  const usdt = (v: string) => `${formatCoin(v, "USDT", intl)} USDT`;
  const holdings = detail.holdings ?? [];
  return (
    <>
      <OpenSection
        detail={detail}
        title={ts("profile.holdings")}
        hidden={ts("profile.holdingsHidden")}
        delayed={ts("profile.holdingsDelayed", { minutes: detail.positionDelayMinutes })}
        empty={holdings.length === 0 ? ts("profile.noHoldings") : undefined}
      >
        <DataTable<SpotHolding>
          testId="scopy-holdings"
          rows={holdings}
          rowKey={(h) => h.trackingNo}
          columns={[
            { header: t("col.symbol"), rowHeader: true, cell: (h) => h.symbol },
            { header: ts("col.held"), num: true, cell: (h) => `${formatCoin(h.holdSize, base(h.symbol), intl)} ${base(h.symbol)}` },
            { header: ts("col.buyPrice"), num: true, cell: (h) => formatNumber(h.buyPrice, intl) },
            { header: ts("col.bought"), cell: (h) => formatDateTime(Number(h.buyTime), intl) },
          ]}
        />
      </OpenSection>
      <HistorySection empty={history.length === 0}>
        <DataTable<SpotClosedTrack>
          testId="scopy-history"
          rows={history}
          rowKey={(h) => h.trackingNo}
          columns={[
            { header: t("col.symbol"), rowHeader: true, cell: (h) => h.symbol },
            { header: ts("col.sold"), num: true, cell: (h) => `${formatCoin(h.fillSize, base(h.symbol), intl)} ${base(h.symbol)}` },
            { header: ts("col.buyPrice"), num: true, cell: (h) => formatNumber(h.buyPrice, intl) },
            { header: ts("col.sellPrice"), num: true, cell: (h) => formatNumber(h.sellPrice, intl) },
            { header: t("col.pnl"), num: true, cellClass: (h) => `num ${trend(h.achievedPL)}`, cell: (h) => usdt(h.achievedPL) },
            { header: t("col.closed"), cell: (h) => formatDateTime(Number(h.sellTime), intl) },
          ]}
        />
      </HistorySection>
    </>
  );
}

/** A lead's open positions or holdings: hidden, delayed (said so) or shown; the `empty` text when there are none. */
function OpenSection(p: {
  detail: TraderDetail;
  title: string;
  hidden: string;
  delayed: string;
  empty: string | undefined;
  children: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby="copy-positions-title" id="copy-positions" data-copy-region>
      <h2 id="copy-positions-title">{p.title}</h2>
      {p.detail.positionVisibility === "hide" ? (
        <p role="status">{p.hidden}</p>
      ) : (
        <>
          {p.detail.positionVisibility === "delay" && <p className="muted">{p.delayed}</p>}
          {p.empty !== undefined ? <p role="status">{p.empty}</p> : p.children}
        </>
      )}
    </section>
  );
}

/** A lead's closed positions or holdings ("no history" when `empty`). */
function HistorySection({ empty, children }: { empty: boolean; children: ReactNode }) {
  const { t } = useTranslation("copy");
  return (
    <section className="card" aria-labelledby="copy-history-title" id="copy-history" data-copy-region>
      <h2 id="copy-history-title">{t("profile.history")}</h2>
      {empty ? <p role="status">{t("profile.noHistory")}</p> : children}
    </section>
  );
}
