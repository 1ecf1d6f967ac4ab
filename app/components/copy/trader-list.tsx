import { useTranslation } from "react-i18next";
import { LocaleLink, useLocalize } from "~/components/locale-link";
import { StandaloneScripts } from "~/components/standalone-scripts";
import { IssuerCertForLogout } from "~/components/wiki/issuer-cert";
import { DataTable } from "~/components/ui/data-table";
import {
  COPY_PAGE_SIZE,
  COPY_PERIODS,
  COPY_PRODUCTS,
  COPY_SORTS,
  copyQuery,
  traderPagePath,
  type CopyPeriod,
  type CopyProduct,
  type CopySort,
  type TraderList,
  type TraderRow,
} from "~/lib/copy/api";
import { formatCoin, formatPercent } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { useRootData } from "~/lib/root-data";
import type { StandaloneAssets } from "~/load-context";
import { CopyPageRoot } from "./page-root";

const trend = (v: string) => (v.startsWith("-") ? "num down" : Number(v) > 0 ? "num up" : "num");

/**
 * `/copy-trading`: the ranked leads with their figures over a period, sorted, paged; the next step
 * for each reader. Server HTML only: the period, sort and pages are links; a signed-in reader's
 * actions (apply, follow) are drawn into the `data-copy-slot`/`data-copy-row` places by the page's
 * bundle (`copy-page`, docs/decisions/357), which knows what only the browser can read.
 */
export function TraderListPage({
  list,
  params,
  env,
  bundles,
}: {
  list: TraderList | null;
  params: { period: CopyPeriod; sortBy: CopySort; pageNo: number; product: CopyProduct };
  env: "live" | "demo";
  bundles: readonly (StandaloneAssets | undefined)[];
}) {
  const { t } = useTranslation("copy");
  const { t: ts } = useTranslation("scopy");
  const { intl } = usePagePrefs();
  const localize = useLocalize();
  const spot = params.product === "spot";
  const userId = useRootData()?.user?.userId ?? null;
  const demo = env === "demo";
  const href = (p: Partial<{ period: string; sortBy: string; page: number; product: CopyProduct }>) => {
    const q = new URLSearchParams({ period: p.period ?? params.period, sortBy: p.sortBy ?? params.sortBy });
    if ((p.page ?? 1) > 1) q.set("page", String(p.page));
    if (demo) q.set("demo", "1");
    if ((p.product ?? params.product) === "spot") q.set("product", "spot");
    return `${localize("/copy-trading")}?${q}`;
  };
  const profile = (id: string) => traderPagePath(id) + copyQuery(env, params.product);
  const usdt = (v: string) => formatCoin(v, "USDT", intl);
  const total = Number(list?.total ?? 0);
  const pages = Math.max(1, Math.ceil(total / COPY_PAGE_SIZE));
  return (
    <CopyPageRoot env={env} product={params.product} userId={userId}>
      <h1>{t("list.title")}</h1>
      <p className="lead">{spot ? ts("list.lead") : t("list.lead")}</p>
      <nav className="copy-filters copy-products" aria-label={ts("product.label")}>
        {COPY_PRODUCTS.map((p) => (
          <a
            key={p}
            href={href({ product: p, page: 1 })}
            aria-current={p === params.product ? "true" : undefined}
            data-testid={`copy-product-${p}`}
          >
            {ts(`product.${p}`)}
          </a>
        ))}
      </nav>
      {demo && (
        <p className="notice" role="note">
          {t("demo.note")}
        </p>
      )}
      <section className="card copy-steps" aria-labelledby="copy-steps-title">
        <h2 id="copy-steps-title">{t("steps.title")}</h2>
        <ol>
          <li>{t("steps.follow")}</li>
          <li>{spot ? ts("steps.lead") : t("steps.lead")}</li>
        </ol>
        {!userId ? (
          <div className="copy-actions">
            <LocaleLink className="button primary" to="/login">
              {t("steps.signIn")}
            </LocaleLink>
            <LocaleLink className="button" to="/register">
              {t("steps.register")}
            </LocaleLink>
          </div>
        ) : (
          <div className="copy-actions" data-copy-slot="steps" />
        )}
      </section>
      <section className="card" aria-labelledby="copy-rank-title" id="copy-ranking" data-copy-region>
        <h2 id="copy-rank-title">{spot ? ts("list.ranking") : t("list.ranking")}</h2>
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
          <p role="status">{t("list.unavailable")}</p>
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
                cell: (r) => <LocaleLink to={profile(r.traderId)}>{r.traderName}</LocaleLink>,
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
                cell: (r) => (
                  <span data-copy-row={r.traderId} data-name={r.traderName}>
                    <LocaleLink className="button" to={profile(r.traderId)} aria-label={t("list.viewOf", { trader: r.traderName })}>
                      {t("list.view")}
                    </LocaleLink>
                  </span>
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
      <IssuerCertForLogout />
      <StandaloneScripts bundles={bundles} />
    </CopyPageRoot>
  );
}
