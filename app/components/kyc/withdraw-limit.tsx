import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import { useAsync } from "~/lib/async-state";
import { formatCoin } from "~/lib/i18n/format";
import { kyc } from "~/lib/kyc/api";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";

/** The withdraw page's note of the daily limit of the account's identity level and what is left of it (docs/decisions/352). */
export function WithdrawLimit({ version }: { version: number }) {
  const { t } = useTranslation("kyc");
  const { intl } = usePagePrefs();
  const load = useCallback(
    () => kyc.info(),
    // `version` reads it again after a withdrawal
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [version],
  );
  const [info] = useAsync(load);
  if (info.state !== "ready") return null;
  const { level, withdraw } = info.data;
  return (
    <p className="notice" data-testid="withdraw-limit">
      {t("wLimit", {
        level,
        limit: formatCoin(withdraw.limit, "USDT", intl),
        left: formatCoin(withdraw.remaining, "USDT", intl),
      })}{" "}
      {level < 2 && !info.data.subAccount && <LocaleLink to="/account/kyc">{t("wRaise")}</LocaleLink>}
    </p>
  );
}
