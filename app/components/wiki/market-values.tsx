import { useTranslation } from "react-i18next";
import type { CoinView, MarketView, Trend } from "~/lib/wiki/market-view";
import { Img } from "~/components/img";

/** A signed 24 h change, coloured by direction (the sign carries it for those who cannot see colour). */
export function Change({ value, trend }: { value: string; trend: Trend }) {
  return <span className={trend === "flat" ? undefined : trend}>{value}</span>;
}

/** A price in USDT, the quote of every market here. */
export function Usdt({ value }: { value: string }) {
  const { t } = useTranslation("wiki");
  return <>{t("market.inUsdt", { value })}</>;
}

/** The coin's icon; decorative, its name is always written beside it. */
export function CoinIcon({ coin, size = 24 }: { coin: Pick<CoinView, "icon">; size?: number }) {
  return coin.icon ? <Img src={coin.icon} alt="" width={size} height={size} className="coin-icon" /> : null;
}

/** The article page's market figures as a description list. */
export function MarketStats({ coin, market }: { coin: string; market: MarketView }) {
  const { t } = useTranslation("wiki");
  const rows: Array<[string, React.ReactNode]> = [
    [t("market.change24h"), <Change key="c" value={market.change} trend={market.trend} />],
    [t("market.high24h"), <Usdt key="h" value={market.high} />],
    [t("market.low24h"), <Usdt key="l" value={market.low} />],
    [t("market.volumeQuote"), market.volume],
    [t("market.volumeBase", { coin }), market.baseVolume],
  ];
  return (
    <dl className="market-stats">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
