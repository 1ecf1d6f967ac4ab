import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import { MarketUnavailable } from "~/components/trade/screen-parts";
import { TickerBar } from "~/components/trade/ticker-bar";
import { RecentTrades } from "~/components/trade/recent-trades";
import { usePairScreen } from "~/components/trade/use-pair-screen";
import { formatCoin, formatNumber } from "~/lib/i18n/format";
import { toText } from "~/lib/numbers/decimal";
import { spotPath } from "~/lib/trade/paths";
import { phonePaths } from "~/lib/trade/phone-paths";
import type { SpotPageData } from "~/lib/trade/spot-page-data";
import { PhoneFrame, PhoneSection } from "./phone-frame";
import { PairLinks } from "./phone-spot";

/**
 * A pair's details and statistics on a phone (`/trade-info/:symbol`, docs/decisions/723): the live
 * 24 h figures, the trading rules (tick, lot, limits, minimum order value) and the latest trades;
 * buy and sell in the sticky bar lead to the pair's phone spot screen.
 */
export function PhoneInfoPage({ data }: { data: SpotPageData }) {
  const screen = usePairScreen(data, "meta.title");
  const { t: tt, intl, market, symbol } = screen;
  const { t } = useTranslation("phone");
  if (!market) return <MarketUnavailable />;
  const price = (v: string | undefined) =>
    v ? formatNumber(v, intl, { minDigits: market.pricePrecision, maxDigits: market.pricePrecision }) : "—";
  const rules: Array<[string, string]> = [
    [t("info.status"), data.symbol.status === "online" ? t("info.online") : t("info.offline")],
    [t("info.base"), market.base],
    [t("info.quote"), market.quote],
    [t("info.tick"), `${price(toText(market.tick))} ${market.quote}`],
    [t("info.lot"), `${formatCoin(toText(market.lot), market.base, intl)} ${market.base}`],
    [t("info.minSize"), `${formatCoin(toText(market.minSize), market.base, intl)} ${market.base}`],
    [t("info.minValue"), `${formatCoin(toText(market.minNotional), market.quote, intl)} ${market.quote}`],
    [t("info.high"), price(screen.ticker?.high24h)],
    [t("info.low"), price(screen.ticker?.low24h)],
    [t("info.volume"), screen.ticker ? `${formatCoin(screen.ticker.baseVolume, market.base, intl)} ${market.base}` : "—"],
    [t("info.turnover"), screen.ticker ? `${formatCoin(screen.ticker.quoteVolume, market.quote, intl)} ${market.quote}` : "—"],
  ];
  return (
    <PhoneFrame
      testId="phone-info"
      title={t("info.title", { base: market.base, quote: market.quote })}
      desktop={{ to: spotPath(symbol), label: t("desktop") }}
      nav={<PairLinks symbol={symbol} current="info" />}
      bar={
        <>
          <LocaleLink className="button submit-buy" to={phonePaths.spot(symbol)}>
            {tt("side.buy")}
          </LocaleLink>
          <LocaleLink className="button submit-sell" to={phonePaths.spot(symbol)}>
            {tt("side.sell")}
          </LocaleLink>
        </>
      }
    >
      <TickerBar ticker={screen.ticker} market={market} />
      <PhoneSection id="pair-rules" title={t("info.rules")}>
        <dl className="phone-facts" data-testid="pair-facts">
          {rules.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </PhoneSection>
      <RecentTrades trades={screen.trades} market={market} />
    </PhoneFrame>
  );
}
