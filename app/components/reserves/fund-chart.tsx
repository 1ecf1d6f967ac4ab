import { useTranslation } from "react-i18next";
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
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
  const data = fund.points.map((p) => ({ time: p.time, balance: Number(p.balance) }));
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
        <ResponsiveContainer width="100%" height={240}>
          <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid stroke="var(--color-border)" vertical={false} />
            <XAxis
              dataKey="time"
              type="number"
              scale="time"
              domain={["dataMin", "dataMax"]}
              className="chart-axis"
              tickFormatter={(v: number) => formatDateTime(v, intl, "date")}
            />
            <YAxis
              className="chart-axis"
              width={84}
              domain={["auto", "auto"]}
              tickFormatter={(v: number) => formatNumber(String(v), intl, { compact: true })}
            />
            <Tooltip
              labelFormatter={(v) => formatDateTime(Number(v), intl)}
              formatter={(v) => [`${formatNumber(String(v), intl, { maxDigits: 2 })} USDT`, t("fund.balance")]}
            />
            <Area
              type="stepAfter"
              dataKey="balance"
              stroke="var(--color-primary)"
              fill="var(--color-primary)"
              fillOpacity={0.15}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </figure>
    </section>
  );
}
