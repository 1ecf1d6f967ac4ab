import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LocaleLink, useLocalize } from "~/components/locale-link";
import { DataTable } from "~/components/ui/data-table";
import {
  COPY_PAGE_SIZE,
  COPY_PERIODS,
  COPY_SORTS,
  listQuery,
  traderPagePath,
  type CopyPeriod,
  type CopySort,
  type TraderList,
  type TraderRow,
} from "~/lib/copy/api";
import { formatCoin, formatPercent } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { ApplyLead } from "./apply-lead";
import { FollowDialog } from "./follow-dialog";
import { useCopyViewer, useEnvData } from "./use-copy";

const trend = (v: string) => (v.startsWith("-") ? "num down" : Number(v) > 0 ? "num up" : "num");

/** `/copy-trading`: the ranked leads with their figures over a period, sorted, paged; the next step for each reader. */
export function TraderListPage({
  list: serverList,
  params,
}: {
  list: TraderList | null;
  params: { period: CopyPeriod; sortBy: CopySort; pageNo: number };
}) {
  const { t } = useTranslation("copy");
  const { intl } = usePagePrefs();
  const localize = useLocalize();
  const { data: list, demo, reload } = useEnvData(serverList, listQuery(params.period, params.sortBy, params.pageNo));
  const viewer = useCopyViewer();
  const [following, setFollowing] = useState<string | null>(null);
  const href = (p: Partial<{ period: string; sortBy: string; page: number }>) => {
    const q = new URLSearchParams({ period: p.period ?? params.period, sortBy: p.sortBy ?? params.sortBy });
    if ((p.page ?? 1) > 1) q.set("page", String(p.page));
    return `${localize("/copy-trading")}?${q}`;
  };
  const usdt = (v: string) => formatCoin(v, "USDT", intl);
  const followed = new Set(viewer.following.map((f) => f.traderId));
  const total = Number(list?.total ?? 0);
  const pages = Math.max(1, Math.ceil(total / COPY_PAGE_SIZE));
  return (
    <div className="copy-page">
      <h1>{t("list.title")}</h1>
      <p className="lead">{t("list.lead")}</p>
      {demo && (
        <p className="notice" role="note">
          {t("demo.note")}
        </p>
      )}
      <section className="card copy-steps" aria-labelledby="copy-steps-title">
        <h2 id="copy-steps-title">{t("steps.title")}</h2>
        <ol>
          <li>{t("steps.follow")}</li>
          <li>{t("steps.lead")}</li>
        </ol>
        <div className="copy-actions">
          {!viewer.userId ? (
            <>
              <LocaleLink className="button primary" to="/login">
                {t("steps.signIn")}
              </LocaleLink>
              <LocaleLink className="button" to="/register">
                {t("steps.register")}
              </LocaleLink>
            </>
          ) : viewer.isLead ? (
            <LocaleLink className="button primary" to={traderPagePath(viewer.userId)} data-testid="copy-my-profile">
              {t("steps.myProfile")}
            </LocaleLink>
          ) : (
            <ApplyLead
              onDone={() => {
                viewer.refresh();
                reload();
              }}
            />
          )}
        </div>
      </section>
      <section className="card" aria-labelledby="copy-rank-title">
        <h2 id="copy-rank-title">{t("list.ranking")}</h2>
        <nav className="copy-filters" aria-label={t("list.period")}>
          <span className="muted">{t("list.period")}</span>
          {COPY_PERIODS.map((p) => (
            <a key={p} href={href({ period: p })} aria-current={p === params.period ? "true" : undefined} rel="nofollow">
              {t(`period.d${p}`)}
            </a>
          ))}
        </nav>
        <nav className="copy-filters" aria-label={t("list.sortBy")}>
          <span className="muted">{t("list.sortBy")}</span>
          {COPY_SORTS.map((s) => (
            <a key={s} href={href({ sortBy: s })} aria-current={s === params.sortBy ? "true" : undefined} rel="nofollow">
              {t(`sort.${s}`)}
            </a>
          ))}
        </nav>
        {list === null ? (
          <p role="status">{demo ? t("common.loading") : t("list.unavailable")}</p>
        ) : list.list.length === 0 ? (
          <p role="status" data-testid="copy-empty">
            {t("list.empty")}
          </p>
        ) : (
          <DataTable<TraderRow>
            testId="copy-traders"
            caption={
              <span className="visually-hidden">{t("list.caption", { days: params.period, sort: t(`sort.${params.sortBy}`) })}</span>
            }
            rows={list.list}
            rowKey={(r) => r.traderId}
            rowTestId={(r) => `copy-trader-${r.traderId}`}
            columns={[
              { header: t("col.rank"), num: true, cell: (r) => r.rank },
              {
                header: t("col.trader"),
                rowHeader: true,
                cell: (r) => <LocaleLink to={traderPagePath(r.traderId)}>{r.traderName}</LocaleLink>,
              },
              { header: t("col.roi"), num: true, cellClass: (r) => trend(r.roi), cell: (r) => formatPercent(r.roi, intl) },
              { header: t("col.pnl"), num: true, cellClass: (r) => trend(r.pnl), cell: (r) => usdt(r.pnl) },
              { header: t("col.winRate"), num: true, cell: (r) => formatPercent(r.winRate, intl).replace(/^\+/, "") },
              { header: t("col.maxDrawdown"), num: true, cell: (r) => formatPercent(r.maxDrawdown, intl).replace(/^\+/, "") },
              { header: t("col.followers"), num: true, cell: (r) => `${r.followerCount} / ${r.maxFollowers}` },
              { header: t("col.aum"), num: true, cell: (r) => usdt(r.aum) },
              { header: t("col.share"), num: true, cell: (r) => formatPercent(r.profitShareRatio, intl).replace(/^\+/, "") },
              {
                header: <span className="visually-hidden">{t("col.actions")}</span>,
                end: true,
                cell: (r) =>
                  viewer.userId && !viewer.isLead && r.traderId !== viewer.userId ? (
                    followed.has(r.traderId) ? (
                      <span className="badge">{t("follow.following")}</span>
                    ) : (
                      <button
                        type="button"
                        className="button primary"
                        onClick={() => setFollowing(r.traderId)}
                        aria-label={t("follow.buttonOf", { trader: r.traderName })}
                      >
                        {t("follow.button")}
                      </button>
                    )
                  ) : (
                    <LocaleLink className="button" to={traderPagePath(r.traderId)} aria-label={t("list.viewOf", { trader: r.traderName })}>
                      {t("list.view")}
                    </LocaleLink>
                  ),
              },
            ]}
          />
        )}
        {pages > 1 && (
          <nav className="copy-pager" aria-label={t("list.pages")}>
            {params.pageNo > 1 && <a href={href({ page: params.pageNo - 1 })}>{t("list.previous")}</a>}
            <span>{t("list.pageOf", { page: params.pageNo, pages })}</span>
            {params.pageNo < pages && <a href={href({ page: params.pageNo + 1 })}>{t("list.next")}</a>}
          </nav>
        )}
      </section>
      {following && (
        <FollowDialog
          traderId={following}
          onClose={() => setFollowing(null)}
          onDone={() => {
            viewer.refresh();
            reload();
          }}
        />
      )}
    </div>
  );
}
