import { useTranslation } from "react-i18next";
import { DEDUCT_DISCOUNT_PERCENT, PLATFORM_COIN } from "../../../protocol/fee-deduction";
import type { PlatformFeeEstimate } from "~/lib/trade/platform-fee";

/**
 * The order summary's "fee paid in" row (docs/decisions/353): the platform coin at its discount when
 * the deduction is on and the balance covers the estimate, else the usual coin (and why, when on).
 */
export function FeeCoinRow({
  on,
  estimate,
  usual,
  testId,
}: {
  on: boolean;
  estimate: PlatformFeeEstimate | undefined;
  usual: string;
  testId: string;
}) {
  const { t } = useTranslation("gtfees");
  const text = !on
    ? usual
    : estimate?.covered
      ? t("form.platform", { coin: PLATFORM_COIN, discount: DEDUCT_DISCOUNT_PERCENT })
      : t("form.short", { coin: usual, platform: PLATFORM_COIN });
  return (
    <>
      <dt>{t("form.feeCoin")}</dt>
      <dd data-testid={testId} data-deduct={on && estimate?.covered ? "yes" : "no"}>
        {text}
      </dd>
    </>
  );
}
