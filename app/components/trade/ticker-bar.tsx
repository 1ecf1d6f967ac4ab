import { useTranslation } from "react-i18next";
import { formatNumber, formatPercent } from "~/lib/i18n/format";
import type { Market } from "~/lib/trade/market";
import type { Ticker } from "~/lib/trade/market-data";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";

/** The pair's last price and 24 h statistics, kept live by the ticker stream. */
export function TickerBar({ ticker, market }: { ticker: Ticker | undefined; market: Market }) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const price = (v: string | undefined) =>
    v === undefined ? "—" : formatNumber(v, intl, { minDigits: market.pricePrecision, maxDigits: market.pricePrecision });
  const down = ticker?.change24h.startsWith("-") ?? false;
  return (
    <dl className="ticker-bar" aria-label={t("ticker.label", { symbol: market.symbol })}>
      <div className="ticker-last">
        <dt>{t("ticker.last")}</dt>
        <dd className={down ? "down" : "up"} data-testid="last-price">
          {price(ticker?.lastPr)}
        </dd>
      </div>
      <div>
        <dt>{t("ticker.change")}</dt>
        <dd className={down ? "down" : "up"}>{ticker ? formatPercent(ticker.change24h, intl) : "—"}</dd>
      </div>
      <div>
        <dt>{t("ticker.high")}</dt>
        <dd>{price(ticker?.high24h)}</dd>
      </div>
      <div>
        <dt>{t("ticker.low")}</dt>
        <dd>{price(ticker?.low24h)}</dd>
      </div>
      <div>
        <dt>{t("ticker.volume", { coin: market.base })}</dt>
        <dd>{ticker ? formatNumber(ticker.baseVolume, intl, { maxDigits: 2 }) : "—"}</dd>
      </div>
      <div>
        <dt>{t("ticker.turnover", { coin: market.quote })}</dt>
        <dd>{ticker ? formatNumber(ticker.quoteVolume, intl, { maxDigits: 0 }) : "—"}</dd>
      </div>
    </dl>
  );
}
