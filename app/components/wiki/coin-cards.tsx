import { useTranslation } from "react-i18next";
import type { CoinView } from "~/lib/wiki/market-view";
import { LocaleLink } from "~/components/locale-link";
import { Change, CoinIcon, Usdt } from "./market-values";

/** /wiki: one card per coin, linking to its guide, with its summary and live price. */
export function CoinCards({ coins }: { coins: readonly CoinView[] }) {
  const { t } = useTranslation("wiki");
  return (
    <ul className="coin-cards">
      {coins.map((c) => (
        <li key={c.article} className="card">
          <h2>
            <LocaleLink to={`/wiki/${c.article}`}>
              <CoinIcon coin={c} /> {c.name} <span className="muted">{c.coin}</span>
            </LocaleLink>
          </h2>
          <p lang={c.lang}>{c.summary}</p>
          {c.market ? (
            <p className="coin-price">
              <span className="visually-hidden">{t("market.price")}: </span>
              <Usdt value={c.market.price} /> <Change value={c.market.change} trend={c.market.trend} />
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
