import { useTranslation } from "react-i18next";
import { formatDateTime, formatNumber } from "~/lib/i18n/format";
import { usePageRates } from "~/lib/prefs/page-rates";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";

/** What one USDT is worth in every supported fiat; the user's own currency first. */
export function RatesCard() {
  const { t } = useTranslation("common");
  const { intl, currency } = usePagePrefs();
  const rates = usePageRates();
  const list = [...rates.supported].sort((a, b) => Number(b.value === currency) - Number(a.value === currency));
  return (
    <section aria-labelledby="rates-title" className="card">
      <h2 id="rates-title">{t("home.ratesTitle")}</h2>
      {list.length ? (
        <>
          <table className="data-table" data-testid="rates-table">
            <thead>
              <tr>
                <th scope="col">{t("home.currency")}</th>
                <th scope="col" className="num">
                  {t("home.rate")}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((f) => (
                <tr key={f.value} aria-current={f.value === currency || undefined}>
                  <th scope="row">
                    <span className="fiat-symbol" aria-hidden="true">
                      {f.symbol}
                    </span>{" "}
                    {f.name}
                  </th>
                  <td className="num">{formatNumber(rates.rates[f.value] ?? "", intl)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {/* A time in the reader's zone: the browser corrects the server's first paint (docs/decisions/021). */}
          <p className="muted" suppressHydrationWarning>
            {t("home.updated", { time: formatDateTime(rates.fetchedAt, intl) })}
          </p>
        </>
      ) : (
        <p role="alert" className="notice error">
          {t("home.unavailable")}
        </p>
      )}
    </section>
  );
}
