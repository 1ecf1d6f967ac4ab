import { useTranslation } from "react-i18next";
import type { SpotTicker } from "../../../protocol/bitget";
import { LocaleLink } from "~/components/locale-link";
import { spotPath } from "~/lib/trade/paths";
import { formatMoney, formatNumber, formatPercent } from "~/lib/i18n/format";
import { usePageRates } from "~/lib/prefs/page-rates";
import { usdtIn } from "~/lib/prefs/rates";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";

/** The ticker fields the table shows (Bitget's spot ticker). */
export type MarketTicker = Pick<SpotTicker, "symbol" | "lastPr" | "change24h" | "high24h" | "low24h" | "quoteVolume">;

/** The spot markets with their last price also shown in the user's currency. */
export function MarketsTable({ tickers }: { tickers: readonly MarketTicker[] }) {
  const { t } = useTranslation("common");
  const { intl, currency } = usePagePrefs();
  const rates = usePageRates();
  return (
    <section aria-labelledby="markets-title" className="card">
      <h2 id="markets-title">{t("home.marketsTitle")}</h2>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t("home.pair")}</th>
            <th scope="col" className="num">{t("home.lastPrice")}</th>
            <th scope="col" className="num">{t("home.priceIn", { currency })}</th>
            <th scope="col" className="num">{t("home.change24h")}</th>
            <th scope="col" className="num">{t("home.high24h")}</th>
            <th scope="col" className="num">{t("home.low24h")}</th>
            <th scope="col" className="num">{t("home.volume24h")}</th>
          </tr>
        </thead>
        <tbody>
          {tickers.map((tk) => {
            const fiat = usdtIn(tk.lastPr, currency, rates);
            return (
              <tr key={tk.symbol}>
                <th scope="row"><LocaleLink to={spotPath(tk.symbol)}>{tk.symbol}</LocaleLink></th>
                <td className="num">{formatNumber(tk.lastPr, intl)}</td>
                <td className="num" data-testid={`fiat-${tk.symbol}`}>{fiat === undefined ? "—" : formatMoney(fiat, currency, intl)}</td>
                <td className={`num ${tk.change24h.startsWith("-") ? "down" : "up"}`}>{formatPercent(tk.change24h, intl)}</td>
                <td className="num">{formatNumber(tk.high24h, intl)}</td>
                <td className="num">{formatNumber(tk.low24h, intl)}</td>
                <td className="num">{formatNumber(tk.quoteVolume, intl, { maxDigits: 0 })}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
