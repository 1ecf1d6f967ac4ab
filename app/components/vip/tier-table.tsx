import { useTranslation } from "react-i18next";
import { VIP_TIERS, type FeePair, type VipTier } from "../../../protocol/vip";
import { DataTable, type Column } from "~/components/ui/data-table";
import { usePageRates } from "~/lib/prefs/page-rates";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { ratePercent, usdtMoney } from "~/lib/vip/format";

/** What the table shows besides the level: the thresholds, and the rates of one market or of both. */
export type TierColumns = "thresholds" | "spot" | "futures";

/**
 * The VIP tiers (protocol/vip.ts, the table the engines charge): thresholds and rates by level, the
 * trader's own row marked. Wide on a phone, so it scrolls inside its own focusable region.
 */
export function TierTable({ show, mine, caption }: { show: readonly TierColumns[]; mine?: number | undefined; caption: string }) {
  const { t } = useTranslation("vip");
  const { intl, currency } = usePagePrefs();
  const rates = usePageRates();
  const money = (usdt: number) => t("table.atLeast", { amount: usdtMoney(String(usdt), currency, rates, intl, true) });
  const pair = (name: string, of: (tier: VipTier) => FeePair): Array<Column<VipTier>> => [
    { header: t(`table.${name}Maker`), num: true, cell: (r) => ratePercent(of(r).maker, intl) },
    { header: t(`table.${name}Taker`), num: true, cell: (r) => ratePercent(of(r).taker, intl) },
  ];
  const columns: Array<Column<VipTier>> = [
    {
      header: t("table.level"),
      rowHeader: true,
      cell: (r) => (
        <>
          {t("level", { level: r.level })}
          {r.level === mine && <span className="badge vip-mine">{t("yours")}</span>}
        </>
      ),
    },
  ];
  if (show.includes("thresholds"))
    columns.push(
      { header: t("table.volume"), num: true, cell: (r) => (r.volume === 0 ? "—" : money(r.volume)) },
      { header: t("table.balance"), num: true, cell: (r) => (r.balance === 0 ? "—" : money(r.balance)) },
    );
  if (show.includes("spot")) columns.push(...pair("spot", (r) => r.spot));
  if (show.includes("futures")) columns.push(...pair("futures", (r) => r.futures));
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <DataTable
        rows={VIP_TIERS}
        columns={columns}
        rowKey={(r) => String(r.level)}
        caption={caption}
        className="vip-tiers"
        testId="vip-tiers"
        rowTestId={(r) => (r.level === mine ? "vip-tier-mine" : `vip-tier-${r.level}`)}
      />
    </div>
  );
}
