import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { VipDetail } from "../../../protocol/vip";
import { AsyncCard } from "~/components/ui/async-card";
import { DataTable } from "~/components/ui/data-table";
import { Tabs } from "~/components/ui/tabs";
import { formatDateTime, formatNumber } from "~/lib/i18n/format";
import { usePageRates } from "~/lib/prefs/page-rates";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { progressOf, usdtMoney } from "~/lib/vip/format";
import { useVipDetail } from "~/lib/vip/use-vip-detail";
import { VipNav } from "./vip-nav";
import { VolumeChart, type DayVolume } from "./volume-chart";

/** One bar towards the next level: what is done of the goal, as a native progress element with its label. */
function Progress({ label, done, goal, money }: { label: string; done: string; goal: string; money: (usdt: string) => string }) {
  const { t } = useTranslation("vip");
  const id = useId();
  return (
    <div className="vip-progress">
      <label htmlFor={id}>{label}</label>
      <progress id={id} max={100} value={progressOf(done, goal)} />
      <span className="muted">{t("detail.progress", { done: money(done), goal: money(goal) })}</span>
    </div>
  );
}

function Standing({ d }: { d: VipDetail }) {
  const { t } = useTranslation("vip");
  const { intl, currency } = usePagePrefs();
  const rates = usePageRates();
  const money = (usdt: string) => usdtMoney(usdt, currency, rates, intl);
  const days: DayVolume[] = d.daily;
  const hasVolume = days.some((x) => Number(x.volume) > 0);
  return (
    <>
      <dl className="vip-figures">
        <div>
          <dt>{t("detail.current")}</dt>
          <dd data-testid="vip-level">{t("level", { level: d.level })}</dd>
        </div>
        <div>
          <dt>{t("detail.volume")}</dt>
          <dd>{money(d.volume30d)}</dd>
        </div>
        <div>
          <dt>{t("detail.balance")}</dt>
          <dd>{money(d.balance)}</dd>
        </div>
      </dl>
      {d.granted > 0 && <p className="muted">{t("detail.granted", { level: t("level", { level: d.granted }) })}</p>}
      {d.next ? (
        <section aria-labelledby="vip-next-title">
          <h2 id="vip-next-title">{t("detail.towards", { level: t("level", { level: d.next.level }) })}</h2>
          <Progress label={t("detail.byVolume")} done={d.volume30d} goal={d.next.volume} money={money} />
          <Progress label={t("detail.byBalance")} done={d.balance} goal={d.next.balance} money={money} />
        </section>
      ) : (
        <p>{t("detail.top")}</p>
      )}
      <p className="muted">{t("detail.nextRecompute", { time: formatDateTime(d.nextAt, intl) })}</p>
      <section aria-labelledby="vip-chart-title">
        <h2 id="vip-chart-title">{t("detail.chartTitle")}</h2>
        {!hasVolume && <p className="muted">{t("detail.empty")}</p>}
        <Tabs
          label={t("detail.view")}
          tabs={[
            { id: "chart", label: t("detail.chart"), panel: () => <VolumeChart days={days} intl={intl} label={t("detail.chartTitle")} /> },
            {
              id: "table",
              label: t("detail.table"),
              panel: () => (
                <div className="table-scroll">
                  <DataTable
                    rows={[...days].reverse()}
                    columns={[
                      { header: t("detail.day"), rowHeader: true, cell: (r) => formatDateTime(r.day, intl, "date") },
                      { header: t("detail.dayVolume"), num: true, cell: (r) => formatNumber(r.volume, intl, { maxDigits: 2 }) },
                    ]}
                    rowKey={(r) => String(r.day)}
                    caption={t("detail.chartTitle")}
                    className="compact"
                    testId="vip-volume-table"
                  />
                </div>
              ),
            },
          ]}
        />
      </section>
    </>
  );
}

/** `/vip/detail`: the trader's level, progress to the next by volume and by balance, and the 30-day volume (docs/decisions/713). */
export function VipDetailPage() {
  const { t } = useTranslation("vip");
  const [detail] = useVipDetail(true);
  return (
    <div className="vip-page">
      <VipNav current="detail" />
      <AsyncCard value={detail} name={{ titleId: "vip-detail-title", title: t("detail.title"), heading: "h1" }}>
        {(d) => <Standing d={d} />}
      </AsyncCard>
    </div>
  );
}
