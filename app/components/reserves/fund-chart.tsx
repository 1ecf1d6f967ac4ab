import { useTranslation } from "react-i18next";
import { TimeAreaChart } from "~/components/ui/time-area-chart";
import type { FundHistory } from "../../../protocol/reserves";
import { formatDateTime, formatMoney, formatNumber } from "~/lib/i18n/format";
import { usePageRates } from "~/lib/prefs/page-rates";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { usdtIn } from "~/lib/prefs/rates";

type Fund = FundHistory["environments"][number];

/** One environment's fund: its balance now (USDT, and in the chosen currency) and its history as a chart. */
export function FundCard({ fund, days }: { fund: Fund; days: number }) {
  const { t } = useTranslation("reserves");
  const { intl, currency } = usePagePrefs();
  const rates = usePageRates();
  const inCurrency = usdtIn(fund.balance, currency, rates);
  const data = fund.points.map((p) => ({ time: p.time, value: Number(p.balance) }));
  const titleId = `fund-${fund.env}-title`;
  return (
    <section className="card" aria-labelledby={titleId} data-testid={`fund-${fund.env}`}>
      <h2 id={titleId}>{t(`fund.${fund.env}`)}</h2>
      <p className="fund-balance">
        <span>{t("fund.balance")}</span>{" "}
        <strong data-testid="fund-balance">{formatNumber(fund.balance, intl, { maxDigits: 8 })} USDT</strong>
        {inCurrency !== undefined && <span className="muted"> ≈ {formatMoney(inCurrency, currency, intl)}</span>}
      </p>
      <figure className="fund-chart" role="img" aria-label={t("fund.chartLabel", { days })} data-testid="fund-chart">
        <TimeAreaChart
          data={data}
          height={240}
          color="var(--color-primary)"
          fillOpacity={0.15}
          step
          grid
          valueWidth={84}
          timeText={(v) => formatDateTime(v, intl, "date")}
          valueText={(v) => formatNumber(String(v), intl, { compact: true })}
          tooltip={{
            time: (v) => formatDateTime(v, intl),
            value: (v) => [`${formatNumber(String(v), intl, { maxDigits: 2 })} USDT`, t("fund.balance")],
          }}
        />
      </figure>
    </section>
  );
}
