import { useMemo, useState } from "react";
import { useLiveTitle, useScreen } from "~/components/trade/use-screen";
import { DemoSwitch } from "~/components/trade/demo-switch";
import { MarketPanes, MarketUnavailable, useLoginTo, type MarketLive } from "~/components/trade/screen-parts";
import { TradeLayout } from "~/components/trade/trade-layout";
import { useMarketFeeds } from "~/components/trade/use-feeds";
import { FUTURES_CHART, futuresTickerOf, PRODUCT_TYPE, type FuturesTicker } from "~/lib/futures/api";
import { futuresMarketOf } from "~/lib/futures/contract";
import type { HoldSide } from "~/lib/futures/maths";
import type { FuturesPageData } from "~/lib/futures/page-data";
import { useLocalPref } from "~/lib/prefs/use-local-pref";
import { chartAccountOf } from "~/lib/trade/chart-account";
import type { PriceMark } from "~/lib/trade/chart/marks";
import { mergeTrades } from "~/lib/trade/market-data";
import { BOOK_FEED_DEPTH, bookFeed, productTickerFeed, tradesFeed } from "~/lib/trade/market-feed";
import { FuturesOpeningGate } from "./futures-opening";
import { FuturesOrderPanel } from "./futures-order-panel";
import { FuturesPanels } from "./futures-panels";
import { FuturesTickerBar } from "./futures-ticker-bar";
import { useFuturesAccountView } from "./use-futures-account";
import { HydrateLater, hydrateLater } from "~/components/ui/hydrate-later";

// The positions panels and the order form hydrate after the screen's shell (docs/decisions/725).
const LateFuturesPanels = hydrateLater(FuturesPanels, "LateFuturesPanels");

/** The book, trades and futures ticker of a contract: the server's first paint, then the public stream. */
export function useFuturesFeeds(data: FuturesPageData) {
  const symbol = data.symbol.symbol;
  return useMarketFeeds(() => ({
    book: bookFeed(symbol, data.book ?? { asks: [], bids: [] }, BOOK_FEED_DEPTH, undefined, PRODUCT_TYPE),
    trades: tradesFeed(symbol, mergeTrades([], data.trades ?? []), undefined, PRODUCT_TYPE),
    ticker: productTickerFeed<FuturesTicker | undefined>(PRODUCT_TYPE, symbol, futuresTickerOf(data.ticker), (v, prev) =>
      futuresTickerOf(v, prev),
    ),
  }));
}

const NONE: never[] = [];

/** The USDT-M futures screen of one contract (docs/decisions/705): the spot screen's pieces, futures data. */
export function FuturesPage({ data }: { data: FuturesPageData }) {
  const market = useMemo(() => futuresMarketOf(data.contract), [data.contract]);
  const symbol = data.symbol.symbol;
  const feeds = useFuturesFeeds(data);
  const { t, user, book, trades, ticker } = useScreen(feeds);
  const [unit] = useLocalPref("futuresTradeUnit");
  const [holdSide, setHoldSide] = useState<HoldSide>("long");
  const [pick, setPick] = useState<{ price: string; n: number }>();
  const loginTo = useLoginTo();

  const { view, positions } = useFuturesAccountView(symbol, user !== null, market, ticker?.markPrice);

  useLiveTitle(ticker?.lastPr, t("futures.meta.title", { symbol }));

  // The chart's lines: the mark price, and each position's entry and liquidation on this contract.
  const lines = useMemo(() => {
    const out: PriceMark[] = [];
    if (ticker?.markPrice) out.push({ id: "mark", kind: "mark", side: "buy", price: ticker.markPrice, size: "" });
    for (const p of positions) {
      if (p.symbol !== symbol) continue;
      const side = p.holdSide === "long" ? "buy" : "sell";
      out.push({ id: `entry-${p.holdSide}`, kind: "entry", side, price: p.openPriceAvg, size: p.total });
      if (Number(p.liquidationPrice) > 0)
        out.push({ id: `liq-${p.holdSide}`, kind: "liquidation", side, price: p.liquidationPrice, size: p.total });
    }
    return out;
  }, [ticker?.markPrice, positions, symbol]);

  // The book's clicks copy a price into the form; sizes follow the futures unit preference.
  const live: MarketLive = {
    book,
    trades,
    ticker,
    unit: unit === "quote" ? "quote" : "coin",
    onPick: (p) => "price" in p && setPick((cur) => ({ price: p.price, n: (cur?.n ?? 0) + 1 })),
  };
  // The shared chart reads orders in the spot shape: a futures limit order is the same line.
  const chartAccount = useMemo(() => view && chartAccountOf(view.orders, (o) => o.baseVolume), [view]);

  if (!market) return <MarketUnavailable />;
  const account = view?.account.state === "ready" ? view.account.data : undefined;
  return (
    <TradeLayout
      testId="futures-page"
      className="futures-page"
      head={
        <>
          <h1>{t("futures.heading", { symbol })}</h1>
          <FuturesTickerBar ticker={ticker} market={market} funding={data.funding} openInterest={data.openInterest} serverNow={data.now} />
          {user && <DemoSwitch />}
        </>
      }
      market={<MarketPanes data={data} market={market} account={chartAccount} source={FUTURES_CHART} lines={lines} live={live} />}
      account={<LateFuturesPanels view={view} market={market} positions={positions} loginTo={loginTo} />}
      formLabel={t("futures.form.title")}
      form={
        <HydrateLater>
          <FuturesOpeningGate loggedIn={user !== null}>
            <FuturesOrderPanel
              market={market}
              lastPrice={ticker?.lastPr}
              markPrice={ticker?.markPrice}
              account={account}
              positions={view?.positions.state === "ready" ? view.positions.data : NONE}
              loggedIn={user !== null}
              holdSide={holdSide}
              onHoldSide={setHoldSide}
              pick={pick}
              onChanged={() => view?.afterAction("settings")}
            />
          </FuturesOpeningGate>
        </HydrateLater>
      }
      sides={{
        buy: { label: t("futures.form.openLong"), pick: () => setHoldSide("long") },
        sell: { label: t("futures.form.openShort"), pick: () => setHoldSide("short") },
      }}
    />
  );
}
