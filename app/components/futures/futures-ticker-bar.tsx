import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { TickerBar, usePriceText } from "~/components/trade/ticker-bar";
import { formatNumber, formatPercent } from "~/lib/i18n/format";
import type { FuturesTicker } from "~/lib/futures/api";
import type { FuturesMarket } from "~/lib/futures/contract";
import { countdown, nextFunding } from "~/lib/futures/maths";
import type { FundingRate } from "~/lib/futures/page-data";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";

/**
 * The contract's header: last, mark and index price, funding rate with the countdown to its next
 * settlement, open interest and the 24 h figures, kept live by the futures ticker stream.
 */
export function FuturesTickerBar({
  ticker,
  market,
  funding,
  openInterest,
  serverNow,
}: {
  ticker: FuturesTicker | undefined;
  market: FuturesMarket;
  funding: FundingRate | null;
  openInterest: string | null;
  serverNow: number;
}) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  // The server's clock for the first paint (hydration matches), then the browser's, each second.
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  const price = usePriceText(market);
  const rate = ticker?.fundingRate || funding?.fundingRate;
  const hours = Number(funding?.fundingRateInterval) || market.fundingHours;
  const next = nextFunding(now, hours, Number(ticker?.nextFundingTime ?? funding?.nextUpdate) || undefined);
  const interest = ticker?.holdingAmount || openInterest;
  return (
    <TickerBar
      ticker={ticker}
      market={market}
      className="futures-ticker"
      baseVolume={false}
      end={
        <div>
          <dt>{t("futures.ticker.contract")}</dt>
          <dd data-testid="contract-info">
            {t("futures.ticker.perpetual")} · {t("futures.ticker.maxLeverage", { n: market.maxLeverage })}
          </dd>
        </div>
      }
    >
      <div>
        <dt>{t("futures.ticker.mark")}</dt>
        <dd data-testid="mark-price">{price(ticker?.markPrice)}</dd>
      </div>
      <div>
        <dt>{t("futures.ticker.index")}</dt>
        <dd data-testid="index-price">{price(ticker?.indexPrice)}</dd>
      </div>
      <div>
        <dt>{t("futures.ticker.funding")}</dt>
        <dd data-testid="funding">
          <span className={rate?.startsWith("-") ? "down" : "up"}>{rate ? formatPercent(rate, intl) : "—"}</span>{" "}
          <time
            dateTime={new Date(next).toISOString()}
            aria-label={t("futures.ticker.countdown", { time: countdown(now, next) })}
            data-testid="funding-countdown"
            suppressHydrationWarning
          >
            {countdown(now, next)}
          </time>
        </dd>
      </div>
      <div>
        <dt>{t("futures.ticker.openInterest", { coin: market.base })}</dt>
        <dd data-testid="open-interest">{interest ? formatNumber(interest, intl, { maxDigits: market.quantityPrecision }) : "—"}</dd>
      </div>
    </TickerBar>
  );
}
