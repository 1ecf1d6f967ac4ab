import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import type { CoinRow } from "~/utils/wiki.server";
import { Change, CoinIcon, Figure } from "./market-values";

/** The article's key statistics as a description list; unknown figures are "—", never guessed. */
export function KeyStats({ coin, asOf }: { coin: CoinRow; asOf: string }) {
  const { t } = useTranslation("wiki");
  const unknown = t("list.unknown");
  const live = coin.symbol ?? coin.coin;
  const f = coin.figures;
  const rows: Array<[string, React.ReactNode]> = [
    [t("market.change24h"), <Change key="c" value={f.change} trend={f.trend} unknownLabel={unknown} live={`${live}:change`} />],
    [t("market.high24h"), <Figure key="h" value={f.high} unknownLabel={unknown} live={`${live}:high`} />],
    [t("market.low24h"), <Figure key="l" value={f.low} unknownLabel={unknown} live={`${live}:low`} />],
    [t("market.volume"), <Figure key="v" value={f.volume} unknownLabel={unknown} live={`${live}:volume`} />],
    [t("market.cap"), <Figure key="m" value={f.cap} unknownLabel={unknown} live={`${live}:cap`} />],
    [
      t("market.circulating", { date: asOf }),
      <Figure key="s" value={coin.circulating && `${coin.circulating} ${coin.coin}`} unknownLabel={unknown} />,
    ],
    [t("market.maxSupply"), coin.maxSupply ? `${coin.maxSupply} ${coin.coin}` : t("market.noMax")],
  ];
  return (
    <dl className="market-stats" data-testid="key-stats">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Related coins with their price, each linking to its article. */
export function RelatedCoins({ coins }: { coins: readonly CoinRow[] }) {
  const { t } = useTranslation("wiki");
  if (coins.length === 0) return null;
  return (
    <section aria-labelledby="related-title">
      <h2 id="related-title">{t("article.relatedTitle")}</h2>
      <ul className="related-coins">
        {coins.map((c) => (
          <li key={c.article} className="card">
            <LocaleLink to={`/wiki/${c.article}`}>
              <CoinIcon coin={c} size={20} /> {c.name} <span className="muted">{c.coin}</span>
            </LocaleLink>
            <span className="coin-price">
              <Figure value={c.figures.price} unknownLabel={t("list.unknown")} />
              <Change value={c.figures.change} trend={c.figures.trend} unknownLabel={t("list.unknown")} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
