import { useTranslation } from "react-i18next";
import { formatNumber } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import type { Market } from "~/lib/trade/market";
import type { PublicTrade } from "~/lib/trade/market-data";
import { TimeText } from "./time-text";

/** The latest trades of the pair, newest first; the side is said in words, not only in colour. */
export function RecentTrades({ trades, market }: { trades: readonly PublicTrade[]; market: Market }) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  return (
    <section className="card trade-card trades" aria-labelledby="trades-title" data-testid="recent-trades">
      <h2 id="trades-title">{t("trades.title")}</h2>
      {trades.length === 0 ? (
        <p className="muted">{t("trades.empty")}</p>
      ) : (
        <table className="data-table compact">
          <thead>
            <tr>
              <th scope="col">{t("book.price", { coin: market.quote })}</th>
              <th scope="col" className="num">{t("book.amount", { coin: market.base })}</th>
              <th scope="col" className="num">{t("trades.time")}</th>
            </tr>
          </thead>
          <tbody>
            {trades.map((tr) => (
              <tr key={tr.tradeId}>
                <td className={tr.side === "buy" ? "up" : "down"}>
                  <span className="visually-hidden">{t(`side.${tr.side}`)} </span>
                  {formatNumber(tr.price, intl, { minDigits: market.pricePrecision, maxDigits: market.pricePrecision })}
                </td>
                <td className="num">{formatNumber(tr.size, intl, { maxDigits: market.quantityPrecision })}</td>
                <td className="num muted"><TimeText ms={Number(tr.ts)} style="time" /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
