import { useId } from "react";
import { useTranslation } from "react-i18next";
import { numberFormat } from "~/lib/i18n/formatters";
import { DEFAULT_LIQUIDATION_RATIO, DEFAULT_WARNING_RATIO, riskLevel, riskShare } from "~/lib/margin/maths";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";

/**
 * The account's risk rate (assets ÷ debt) as a meter filling towards liquidation (docs/decisions/707):
 * its value in words as well as in colour
 * (the theme's success/warning/error text colours, which keep their contrast in both themes), and
 * the thresholds where a margin call and liquidation come.
 */
export function RiskGauge({
  loading = false,
  riskRate,
  warning = DEFAULT_WARNING_RATIO,
  liquidation = DEFAULT_LIQUIDATION_RATIO,
}: {
  /** The account is not read yet: no level to show. */
  loading?: boolean;
  riskRate: string | undefined;
  warning?: number;
  liquidation?: number;
}) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const id = useId();
  const ratio = riskRate === undefined ? undefined : Number(riskRate);
  const level = riskLevel(ratio, warning, liquidation);
  const pct = riskShare(ratio, liquidation) * 100;
  const percent = (v: number) => numberFormat(intl, { style: "percent", maximumFractionDigits: 2 }).format(v);
  // Without debt there is no rate to show (Bitget sends "0"): the words say so.
  const value = loading || level === "none" ? "—" : percent(ratio ?? 0);
  const words = loading ? t("account.loading") : t(`margin.risk.${level}`);
  return (
    <div
      className={`risk-gauge risk-${level}`}
      data-testid="risk-gauge"
      data-level={loading ? "loading" : level}
      aria-busy={loading || undefined}
    >
      <div className="risk-head">
        <span id={`${id}-label`}>{t("margin.risk.label")}</span>
        <strong className="risk-words">
          {value} · {words}
        </strong>
      </div>
      <div
        role="meter"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(pct)}
        aria-valuetext={`${value}, ${words}`}
        className="risk-track"
      >
        <div className="risk-fill" style={{ inlineSize: `${pct}%` }} />
        <div className="risk-mark" style={{ insetInlineStart: `${riskShare(warning, liquidation) * 100}%` }} aria-hidden="true" />
      </div>
      <p className="muted small">{t("margin.risk.thresholds", { call: percent(warning), liquidation: percent(liquidation) })}</p>
    </div>
  );
}
