import { useTranslation } from "react-i18next";
import { numberFormat } from "~/lib/i18n/formatters";
import type { Holding, PriceOf, RiskPreview, Thresholds } from "~/lib/margin/preview";
import { toText, type Decimal } from "~/lib/numbers/decimal";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";

/** What the screen knows to preview an action's risk rate: the account, the prices and the gateway's levels. */
export interface RiskInputs {
  holdings: readonly Holding[];
  priceOf: PriceOf;
  thresholds: Thresholds;
}

/** A risk rate as a percentage ("185.25 %"), or the words for no debt. */
export function useRiskText(): (ratio: Decimal | undefined) => string {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  return (ratio) =>
    ratio === undefined
      ? t("margin.risk.none")
      : numberFormat(intl, { style: "percent", maximumFractionDigits: 2 }).format(toText(ratio) as Intl.StringNumericLiteral);
}

/**
 * "Risk rate 185 % → 121 %" for an action before it is confirmed (issue 26): now and after, the
 * level in words, and, when the screen refuses it, why, under `refusalId` (the confirm button is
 * described by it). The reason sits in a polite live region, so it is heard as the amount is typed.
 */
export function RiskChange({
  preview,
  thresholds,
  refusalId,
  testId = "risk-preview",
}: {
  preview: RiskPreview | undefined;
  thresholds: Thresholds;
  refusalId: string;
  testId?: string;
}) {
  const { t } = useTranslation("trade");
  const risk = useRiskText();
  const after = preview ? risk(preview.after) : "—";
  return (
    <div className="risk-preview" data-testid={testId} data-level={preview?.level ?? "unknown"}>
      <p className="risk-change">
        <span>{t("margin.risk.label")}</span>{" "}
        <strong className={`risk-${preview?.level ?? "none"}`} data-testid={`${testId}-rate`}>
          {preview ? t("margin.preview.change", { now: risk(preview.before), after }) : "—"}
          {preview && preview.level !== "none" && ` · ${t(`margin.risk.${preview.level}`)}`}
        </strong>
      </p>
      <div aria-live="polite">
        {preview?.refused && (
          <p id={refusalId} className="notice error" data-testid={`${testId}-refusal`}>
            {t("margin.preview.refused", { after, call: risk(thresholds.warning) })}
          </p>
        )}
      </div>
    </div>
  );
}
