import { useLocation } from "@remix-run/react";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import type { ListedPair, PairTicker } from "~/lib/trade/market-list";
import type { Market } from "~/lib/trade/market";
import { priceDirection, type PublicTrade, type Ticker } from "~/lib/trade/market-data";
import { DemoSwitch } from "./demo-switch";
import { OrderBook } from "./order-book";
import { SymbolSwitcher } from "./symbol-switcher";
import { TickerBar } from "./ticker-bar";

/**
 * The head of a pair's screen, spot or margin (docs/decisions/704, 707): its heading, the market
 * picker, the ticker and, for a user, the demo switch.
 */
export function PairHead({
  heading,
  data,
  market,
  ticker,
  pathOf,
  loggedIn,
}: {
  heading: string;
  /** The page's data: the pair shown and every listed pair with its ticker, for the picker. */
  data: { symbol: { symbol: string }; pairs: readonly ListedPair[]; tickers: readonly PairTicker[] };
  market: Market;
  ticker: Ticker | undefined;
  pathOf?: (symbol: string) => string;
  loggedIn: boolean;
}) {
  return (
    <>
      <h1>{heading}</h1>
      <SymbolSwitcher current={data.symbol.symbol} pairs={data.pairs} tickers={data.tickers} pathOf={pathOf} />
      <TickerBar ticker={ticker} market={market} />
      {loggedIn && <DemoSwitch />}
    </>
  );
}

/** The login page's link that comes back to this page (query included) after logging in. */
export function useLoginTo(): string {
  const { pathname, search } = useLocation();
  return `/login?redirectTo=${encodeURIComponent(pathname + search)}`;
}

/** What a trading screen shows instead when its market is not listed. */
export function MarketUnavailable() {
  const { t } = useTranslation("trade");
  return (
    <p role="alert" className="notice error">
      {t("unavailable")}
    </p>
  );
}

/**
 * The book of a trading screen (spot, futures, margin): the last price and its direction come
 * from the public feeds, and the user's open limit orders are marked at their prices.
 */
export function ScreenBook({
  ticker,
  trades,
  openOrders,
  ...book
}: Omit<ComponentProps<typeof OrderBook>, "lastPrice" | "direction" | "ownOrders"> & {
  ticker: { lastPr: string } | undefined;
  trades: readonly PublicTrade[];
  openOrders: ReadonlyArray<{ orderType: string; side: string; priceAvg: string }>;
}) {
  return (
    <OrderBook
      {...book}
      lastPrice={ticker?.lastPr}
      direction={priceDirection(trades)}
      ownOrders={openOrders.filter((o) => o.orderType === "limit")}
    />
  );
}
