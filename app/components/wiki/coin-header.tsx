import { useTranslation } from "react-i18next";
import type { CoinRow } from "~/utils/wiki.server";
import { Change, CoinIcon, Figure } from "./market-values";

/** The article's heading and live price in the visitor's currency. */
export function CoinDetailsHeader({ coin, currency, marketsUp }: { coin: CoinRow; currency: string; marketsUp: boolean }) {
  const { t } = useTranslation("wiki");
  const live = coin.symbol ?? coin.coin;
  return (
    <>
      <h1 className="coin-title">
        <CoinIcon coin={coin} size={32} /> {t("article.title", { name: coin.name, coin: coin.coin })}
      </h1>
      <p className="coin-price big" data-testid="live-price">
        <span className="visually-hidden">{t("market.priceIn", { currency })}: </span>
        <Figure value={coin.figures.price} unknownLabel={t("list.unknown")} live={`${live}:price`} />{" "}
        <Change value={coin.figures.change} trend={coin.figures.trend} unknownLabel={t("list.unknown")} live={`${live}:change`} />
      </p>
      {!marketsUp && (
        <p role="status" className="notice error">
          {t("market.unavailable")}
        </p>
      )}
    </>
  );
}
