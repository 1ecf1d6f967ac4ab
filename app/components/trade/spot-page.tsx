import { useLocation } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/lib/root-data";
import { parseDecimal, type Decimal } from "~/lib/numbers/decimal";
import { useSimulationMode } from "~/lib/simulation/simulation-mode";
import type { SpotAsset } from "~/lib/assets/valuation";
import type { Async } from "~/lib/async-state";
import type { AccountFeed, AccountView } from "~/lib/trade/account-feed";
import { marketOf, type Market } from "~/lib/trade/market";
import { FrameStore, useFrameStore } from "~/lib/ws/frame-store";
import type { SpotPageData } from "~/lib/trade/spot-page-data";
import { AccountSection } from "./account-section";
import { KlineChart } from "./chart/kline-chart";
import { DemoSwitch } from "./demo-switch";
import { OrderBook } from "./order-book";
import { OrderPanel } from "./order-panel";
import { RecentTrades } from "./recent-trades";
import { SymbolSwitcher } from "./symbol-switcher";
import { TickerBar } from "./ticker-bar";
import { useAccountFeed, usePublicFeeds } from "./use-feeds";

/** One spot market: its data live from the streams, the order panel on the side the layout says. */
export function SpotPage({ data }: { data: SpotPageData }) {
  const { t } = useTranslation("trade");
  const user = useRootData()?.user ?? null;
  const demo = useSimulationMode();
  const { pathname, search } = useLocation();
  const market = useMemo(() => marketOf(data.symbol), [data.symbol]);
  const symbol = data.symbol.symbol;
  const feeds = usePublicFeeds(data);
  const book = useFrameStore(feeds.book.store);
  const trades = useFrameStore(feeds.trades.store);
  const ticker = useFrameStore(feeds.ticker.store);
  const accountFeed = useAccountFeed(symbol, user !== null);
  const account = useFeedView(accountFeed);
  const available = useMemo(() => availableOf(account?.balances, market), [account?.balances, market]);
  const loginTo = `/login?redirectTo=${encodeURIComponent(pathname + search)}`;

  if (!market)
    return (
      <p role="alert" className="notice error">
        {t("unavailable")}
      </p>
    );
  const refreshIfOffline = () => {
    if (account?.stream !== "open") accountFeed?.refresh();
  };
  return (
    <div className="trade-page" data-testid="spot-page">
      <div className="trade-head">
        <h1>{t("heading", { base: market.base, quote: market.quote })}</h1>
        <SymbolSwitcher current={symbol} pairs={data.pairs} tickers={data.tickers} />
        <TickerBar ticker={ticker} market={market} />
        {user && <DemoSwitch />}
      </div>
      <div className="with-side">
        <div className="main-column">
          <div className="market-grid">
            <KlineChart data={data} market={market} book={book} account={account} />
            <OrderBook book={book} market={market} />
            <RecentTrades trades={trades} market={market} />
          </div>
          <AccountSection view={account} market={market} demo={demo} onChanged={refreshIfOffline} loginTo={loginTo} />
        </div>
        <aside className="side-column" aria-label={t("form.title")}>
          <OrderPanel
            market={market}
            lastPrice={ticker?.lastPr}
            available={available}
            loggedIn={user !== null}
            onPlaced={refreshIfOffline}
          />
        </aside>
      </div>
    </div>
  );
}

/** A store that never changes, so a guest's page calls the same hooks. */
const NO_ACCOUNT = new FrameStore<AccountView | undefined>(() => undefined);

function useFeedView(feed: AccountFeed | undefined): AccountView | undefined {
  return useFrameStore(feed ? (feed.store as FrameStore<AccountView | undefined>) : NO_ACCOUNT);
}

function availableOf(balances: Async<SpotAsset[]> | undefined, market: Market | undefined): { base: Decimal; quote: Decimal } | undefined {
  if (!market || balances?.state !== "ready") return undefined;
  const of = (coin: string) => parseDecimal(balances.data.find((b) => b.coin === coin)?.available ?? "0") ?? { int: 0n, scale: 0 };
  return { base: of(market.base), quote: of(market.quote) };
}
