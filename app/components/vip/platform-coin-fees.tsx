import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DEDUCT_DISCOUNT_PERCENT, DEDUCT_PATHS, PLATFORM_COIN, PLATFORM_SYMBOL } from "../../../protocol/fee-deduction";
import { LocaleLink } from "~/components/locale-link";
import { browserHttp } from "~/lib/http/browser-client";
import { formatCoin } from "~/lib/i18n/format";
import { toText } from "~/lib/numbers/decimal";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { showToast } from "~/lib/toast";
import { spotPath } from "~/lib/trade/paths";
import { usePlatformFees } from "~/lib/trade/use-platform-fees";

/**
 * Paying fees with the platform coin (docs/decisions/353), on the fee page: the switch (Bitget's
 * `switch-deduct`, the only way `openGtFees` changes), the spot balance it draws on, and what applies.
 */
export function PlatformCoinFees({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation("gtfees");
  const { intl } = usePagePrefs();
  const [fees, reload] = usePlatformFees(loggedIn);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const vars = { coin: PLATFORM_COIN, discount: DEDUCT_DISCOUNT_PERCENT };
  const on = fees.state === "ready" && fees.data.on;

  const toggle = (next: boolean) => {
    setSaving(true);
    setFailed(false);
    browserHttp()
      .post(DEDUCT_PATHS.switch, { deduct: next ? "on" : "off" })
      .then(() => {
        showToast(t(next ? "page.savedOn" : "page.savedOff", vars));
        reload();
      })
      .catch(() => {
        setFailed(true);
        showToast(t("page.failed"), "notice");
      })
      .finally(() => setSaving(false));
  };

  return (
    <section className="card" aria-labelledby="gtfees-title" aria-busy={fees.state === "loading" || saving}>
      <h2 id="gtfees-title">{t("page.title", vars)}</h2>
      <p>{t("page.lead", vars)}</p>
      <p>{t("page.futures")}</p>
      {!loggedIn ? (
        <p>
          <LocaleLink to={`/login?redirectTo=${encodeURIComponent("/fee")}`}>{t("page.guest", vars)}</LocaleLink>
        </p>
      ) : (
        <>
          <label className="choice">
            <input
              type="checkbox"
              role="switch"
              data-testid="gtfees-switch"
              checked={on}
              disabled={fees.state !== "ready" || saving}
              onChange={(e) => toggle(e.target.checked)}
            />
            {t("page.switch", vars)}
          </label>
          {fees.state === "ready" && (
            <p role="status" data-testid="gtfees-state">
              {t(on ? "page.on" : "page.off", vars)}{" "}
              {t("page.balance", { coin: PLATFORM_COIN, amount: formatCoin(toText(fees.data.available), PLATFORM_COIN, intl) })}
            </p>
          )}
          {fees.state === "error" && (
            <p role="alert" className="notice error">
              {t("page.loadFailed")}
            </p>
          )}
          {failed && (
            <p role="alert" className="notice error">
              {t("page.failed")}
            </p>
          )}
          <p>
            <LocaleLink to={spotPath(PLATFORM_SYMBOL)}>{t("page.buy", vars)}</LocaleLink>
          </p>
        </>
      )}
    </section>
  );
}
