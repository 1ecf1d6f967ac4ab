import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber, formatPercent } from "~/lib/i18n/format";
import type { Market } from "~/lib/trade/market";
import type { Ticker } from "~/lib/trade/market-data";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";

/** A price at the market's precision, or a dash while there is none. */
export function usePriceText(market: Market): (v: string | undefined) => string {
  const { intl } = usePagePrefs();
  return (v) => (!v ? "—" : formatNumber(v, intl, { minDigits: market.pricePrecision, maxDigits: market.pricePrecision }));
}

/**
 * The market's last price and 24 h statistics, kept live by the ticker stream. A product puts its
 * own figures after the last price (`children`: futures' mark, index and funding) and at the end
 * (`end`); `baseVolume` leaves out the base-coin volume where the product does not show it.
 */
export function TickerBar({
  ticker,
  market,
  className = "",
  baseVolume = true,
  children,
  end,
}: {
  ticker: Ticker | undefined;
  market: Market;
  className?: string;
  baseVolume?: boolean;
  children?: ReactNode;
  end?: ReactNode;
}) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const price = usePriceText(market);
  const down = ticker?.change24h.startsWith("-") ?? false;
  return (
    <dl className={`ticker-bar ${className}`.trim()} aria-label={t("ticker.label", { symbol: market.symbol })}>
      <div className="ticker-last">
        <dt>{t("ticker.last")}</dt>
        <dd className={down ? "down" : "up"} data-testid="last-price">
          {price(ticker?.lastPr)}
        </dd>
      </div>
      {children}
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
      {baseVolume && (
        <div>
          <dt>{t("ticker.volume", { coin: market.base })}</dt>
          <dd>{ticker ? formatNumber(ticker.baseVolume, intl, { maxDigits: 2 }) : "—"}</dd>
        </div>
      )}
      <div>
        <dt>{t("ticker.turnover", { coin: market.quote })}</dt>
        <dd>{ticker ? formatNumber(ticker.quoteVolume, intl, { maxDigits: 0 }) : "—"}</dd>
      </div>
      {end}
    </dl>
  );
}
