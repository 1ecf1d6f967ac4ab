import { useLocation } from "@remix-run/react";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import type { ListedPair, PairTicker } from "~/lib/trade/market-list";
import type { Market } from "~/lib/trade/market";
import { priceDirection, type PublicTrade, type Ticker } from "~/lib/trade/market-data";
import { KlineChart, type KlineChartProps } from "./chart/kline-chart";
import { DemoSwitch } from "./demo-switch";
import { OrderBook } from "./order-book";
import { RecentTrades } from "./recent-trades";
import { SymbolSwitcher } from "./symbol-switcher";
import { TickerBar } from "./ticker-bar";
import { hydrateLater } from "~/components/ui/hydrate-later";

// The heavy panels of a trading screen hydrate after its shell, each in React's background pass
// (docs/decisions/725, "Main thread at start-up"): the picker's every pair, the chart card, the
// book's levels and the recent trades.
const LateSwitcher = hydrateLater(SymbolSwitcher, "LateSymbolSwitcher");
const LateChart = hydrateLater(KlineChart, "LateKlineChart");
const LateTrades = hydrateLater(RecentTrades, "LateRecentTrades");

/**
 * The head of a pair's screen, spot or margin (docs/decisions/704, 707): its heading, the market
 * picker, the ticker and, for a user, the demo switch.
 */
export function PairHead({
  heading,
  data,
  market,
  screen: { ticker, loggedIn },
  pathOf,
}: {
  heading: string;
  /** The page's data: the pair shown and every listed pair with its ticker, for the picker. */
  data: { symbol: { symbol: string }; pairs: readonly ListedPair[]; tickers: readonly PairTicker[] };
  market: Market;
  /** The pair screen's live ticker, and whether a user is logged in. */
  screen: { ticker: Ticker | undefined; loggedIn: boolean };
  pathOf?: (symbol: string) => string;
}) {
  return (
    <>
      <h1>{heading}</h1>
      <LateSwitcher current={data.symbol.symbol} pairs={data.pairs} tickers={data.tickers} pathOf={pathOf} />
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

const LateBook = hydrateLater(ScreenBook, "LateScreenBook");
const NO_ORDERS: never[] = [];

/** A market's live views for its panes, and how the book shows sizes and passes its clicks on. */
export type MarketLive = Pick<ComponentProps<typeof ScreenBook>, "book" | "trades" | "unit" | "onPick"> & {
  ticker: { lastPr: string } | undefined;
};

/**
 * The market half of every trading screen (spot, margin, futures): the chart with the trader's
 * orders and the page's lines, the book with those orders marked, and the recent trades.
 */
export function MarketPanes({ live, ...chart }: Omit<KlineChartProps, "book"> & { live: MarketLive }) {
  const orders = chart.account?.openOrders;
  return (
    <>
      <div className="chart-slot" id="trade-chart" data-slot="chart">
        <LateChart {...chart} book={live.book} />
      </div>
      <LateBook
        book={live.book}
        market={chart.market}
        openOrders={orders?.state === "ready" ? orders.data : NO_ORDERS}
        unit={live.unit}
        ticker={live.ticker}
        trades={live.trades}
        onPick={live.onPick}
      />
      <LateTrades trades={live.trades} market={chart.market} />
    </>
  );
}
