import { useTranslation } from "react-i18next";
import type { CoinView } from "~/lib/wiki/market-view";
import { LocaleLink } from "~/components/locale-link";
import { Change, CoinIcon } from "./market-values";

/** /wiki/page: every coin's market in one table; a coin without a market says so. */
export function PriceTable({ coins }: { coins: readonly CoinView[] }) {
  const { t } = useTranslation("wiki");
  return (
    <table className="data-table price-table">
      <caption className="visually-hidden">{t("prices.caption")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("market.coin")}</th>
          <th scope="col" className="num">{t("market.price")}</th>
          <th scope="col" className="num">{t("market.change24h")}</th>
          <th scope="col" className="num">{t("market.high24h")}</th>
          <th scope="col" className="num">{t("market.low24h")}</th>
          <th scope="col" className="num">{t("market.volumeQuote")}</th>
        </tr>
      </thead>
      <tbody>
        {coins.map((c) => (
          <tr key={c.article}>
            <th scope="row">
              <LocaleLink to={`/wiki/${c.article}`}>
                <CoinIcon coin={c} size={20} /> {c.name} <span className="muted">{c.coin}</span>
              </LocaleLink>
            </th>
            {c.market ? (
              <>
                <td className="num">{c.market.price}</td>
                <td className="num"><Change value={c.market.change} trend={c.market.trend} /></td>
                <td className="num">{c.market.high}</td>
                <td className="num">{c.market.low}</td>
                <td className="num">{c.market.volume}</td>
              </>
            ) : (
              <td colSpan={5}>{t("market.noMarket", { coin: c.coin })}</td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
