import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import { DataTable } from "~/components/ui/data-table";
import { RadioChoices } from "~/components/ui/radio-choices";
import { browserHttp } from "~/lib/http/browser-client";
import {
  COPY_PUBLIC_PATHS,
  detailPath,
  historyPath,
  type PeriodFigures,
  type TraderDetail,
  type TraderHistory,
  type TraderPosition,
  type TraderTrack,
} from "~/lib/copy/api";
import { formatCoin, formatDateTime, formatNumber, formatPercent } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { showToast } from "~/lib/toast";
import { FollowDialog, UnfollowDialog } from "./follow-dialog";
import { PnlChart } from "./pnl-chart";
import { useCopyErrorText, useCopyViewer, useEnvData } from "./use-copy";

const trend = (v: string) => (v.startsWith("-") ? "down" : Number(v) > 0 ? "up" : "");
const unsigned = (s: string) => s.replace(/^\+/, "");

/** `/copy-trading/trader/:id`: a lead's figures over 7/30/90 days, its PnL, positions as it lets them show, and its closed trades. */
export function TraderProfilePage({
  traderId,
  detail: serverDetail,
  history: serverHistory,
}: {
  traderId: string;
  detail: TraderDetail | null;
  history: TraderTrack[];
}) {
  const { t } = useTranslation("copy");
  const { intl } = usePagePrefs();
  const { data: detail, demo, reload } = useEnvData(serverDetail, detailPath(traderId));
  const { data: hist, reload: reloadHistory } = useEnvData<TraderHistory | null>(
    serverHistory ? { trackingList: serverHistory, endId: "" } : null,
    historyPath(traderId),
  );
  const viewer = useCopyViewer();
  const [dialog, setDialog] = useState<"follow" | "unfollow" | null>(null);
  const usdt = (v: string) => `${formatCoin(v, "USDT", intl)} USDT`;
  const refresh = () => {
    viewer.refresh();
    reload();
    reloadHistory();
  };
  if (!detail)
    return (
      <div className="copy-page">
        <h1>{t("profile.notFound")}</h1>
        <p role="status">{demo ? t("common.loading") : t("profile.notFoundText")}</p>
        <LocaleLink to="/copy-trading">{t("profile.back")}</LocaleLink>
      </div>
    );
  const mine = viewer.userId === traderId;
  const following = viewer.following.some((f) => f.traderId === traderId);
  const rows: Array<{ key: string; label: string; cell: (p: PeriodFigures) => string; cls?: (p: PeriodFigures) => string }> = [
    { key: "roi", label: t("col.roi"), cell: (p) => formatPercent(p.roi, intl), cls: (p) => trend(p.roi) },
    { key: "pnl", label: t("col.pnl"), cell: (p) => usdt(p.pnl), cls: (p) => trend(p.pnl) },
    { key: "winRate", label: t("col.winRate"), cell: (p) => unsigned(formatPercent(p.winRate, intl)) },
    { key: "maxDrawdown", label: t("col.maxDrawdown"), cell: (p) => unsigned(formatPercent(p.maxDrawdown, intl)) },
    { key: "trades", label: t("col.trades"), cell: (p) => formatNumber(p.trades, intl) },
  ];
  const history = hist?.trackingList ?? [];
  return (
    <div className="copy-page">
      <p>
        <LocaleLink to="/copy-trading">{t("profile.back")}</LocaleLink>
      </p>
      <h1 data-testid="copy-trader-name">{t("profile.title", { trader: detail.traderName })}</h1>
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
      <div className="copy-actions">
        {mine ? (
          <VisibilitySetting value={detail.positionVisibility} delay={detail.positionDelayMinutes} onDone={refresh} />
        ) : !viewer.userId ? (
          <LocaleLink className="button primary" to="/login">
            {t("steps.signInToFollow")}
          </LocaleLink>
        ) : viewer.isLead ? (
          <p className="muted">{t("profile.leadCannotFollow")}</p>
        ) : following ? (
          <>
            <span className="badge" data-testid="copy-following">
              {t("follow.following")}
            </span>
            <button type="button" className="button" onClick={() => setDialog("follow")}>
              {t("follow.edit")}
            </button>
            <button type="button" className="button" onClick={() => setDialog("unfollow")} data-testid="copy-unfollow">
              {t("unfollow.button")}
            </button>
          </>
        ) : (
          <button type="button" className="button primary" onClick={() => setDialog("follow")} data-testid="copy-follow">
            {t("follow.button")}
          </button>
        )}
      </div>
      <section className="card" aria-labelledby="copy-figures-title">
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
        <p className="muted">{t("profile.formulas")}</p>
      </section>
      <section className="card" aria-labelledby="copy-chart-title">
        <h2 id="copy-chart-title">{t("chart.heading")}</h2>
        <PnlChart curve={detail.pnlCurve} intl={intl} />
      </section>
      <section className="card" aria-labelledby="copy-positions-title">
        <h2 id="copy-positions-title">{t("profile.positions")}</h2>
        {detail.positionVisibility === "hide" ? (
          <p role="status">{t("profile.positionsHidden")}</p>
        ) : (
          <>
            {detail.positionVisibility === "delay" && (
              <p className="muted">{t("profile.positionsDelayed", { minutes: detail.positionDelayMinutes })}</p>
            )}
            {detail.positions.length === 0 ? (
              <p role="status">{t("profile.noPositions")}</p>
            ) : (
              <DataTable<TraderPosition>
                testId="copy-positions"
                rows={detail.positions}
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
            )}
          </>
        )}
      </section>
      <section className="card" aria-labelledby="copy-history-title">
        <h2 id="copy-history-title">{t("profile.history")}</h2>
        {history.length === 0 ? (
          <p role="status">{t("profile.noHistory")}</p>
        ) : (
          <DataTable<TraderTrack>
            testId="copy-history"
            rows={history}
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
        )}
      </section>
      {dialog === "follow" && <FollowDialog traderId={traderId} onClose={() => setDialog(null)} onDone={refresh} />}
      {dialog === "unfollow" && <UnfollowDialog traderId={traderId} onClose={() => setDialog(null)} onDone={refresh} />}
    </div>
  );
}

/** The lead's own choice of what its open positions show. */
function VisibilitySetting({ value, delay, onDone }: { value: "show" | "delay" | "hide"; delay: string; onDone: () => void }) {
  const { t } = useTranslation("copy");
  const errorText = useCopyErrorText();
  const [busy, setBusy] = useState(false);
  const set = async (v: "show" | "delay" | "hide") => {
    setBusy(true);
    try {
      await browserHttp().post(COPY_PUBLIC_PATHS.positionVisibility, { positionVisibility: v });
      showToast(t("visibility.done"));
      onDone();
    } catch (e) {
      showToast(t("toast.failed", { msg: errorText(e) }), "notice");
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="copy-visibility" aria-busy={busy}>
      <p>
        <strong>{t("visibility.title")}</strong> <span className="muted">{t("visibility.mine")}</span>
      </p>
      <RadioChoices
        legend={t("visibility.title")}
        values={["show", "delay", "hide"] as const}
        value={value}
        onChange={(v) => void set(v)}
        label={(v) => t(`visibility.${v}`, { minutes: delay })}
        testId={(v) => `copy-visibility-${v}`}
      />
    </div>
  );
}
