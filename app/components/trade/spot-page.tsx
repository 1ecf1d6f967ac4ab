import { useEffect, useMemo, useRef } from "react";
import { useScreen } from "~/components/trade/use-screen";
import { BRAND } from "~/lib/i18n/meta";
import { formatNumber } from "~/lib/i18n/format";
import { parseDecimal, type Decimal } from "~/lib/numbers/decimal";
import { useLocalPref } from "~/lib/prefs/use-local-pref";
import { useSimulationMode } from "~/lib/simulation/simulation-mode";
import { showToast } from "~/lib/toast";
import type { SpotAsset } from "~/lib/assets/valuation";
import type { Async } from "~/lib/async-state";
import type { AccountFeed, AccountView } from "~/lib/trade/account-feed";
import { marketOf, type Market } from "~/lib/trade/market";
import type { OrderEvent, PlanEvent } from "~/lib/trade/order-events";
import { FrameStore, useFrameStore } from "~/lib/ws/frame-store";
import type { SpotPageData } from "~/lib/trade/spot-page-data";
import { AccountSection } from "./account-section";
import { KlineChart } from "./chart/kline-chart";
import { OrderPanel } from "./order-panel";
import { RecentTrades } from "./recent-trades";
import { MarketUnavailable, PairHead, ScreenBook, useLoginTo } from "./screen-parts";
import { TradeLayout } from "./trade-layout";
import { useAccountFeed, usePublicFeeds } from "./use-feeds";
import { useBookPick, useOrderSide } from "./use-order-side";

/** One spot market: its data live from the streams, the order panel on the side the layout says. */
export function SpotPage({ data }: { data: SpotPageData }) {
  const demo = useSimulationMode();
  const market = useMemo(() => marketOf(data.symbol), [data.symbol]);
  const symbol = data.symbol.symbol;
  const feeds = usePublicFeeds(data);
  const { t, intl, user, book, trades, ticker } = useScreen(feeds);
  const [unit, setUnit] = useLocalPref("tradeUnit");
  const { side, setSide, sides } = useOrderSide();
  const { pick, onPick } = useBookPick();
  const accountFeed = useAccountFeed(symbol, user !== null);
  const account = useFeedView(accountFeed);
  const available = useMemo(() => availableOf(account?.balances, market), [account?.balances, market]);
  const loginTo = useLoginTo();
  /** What this tab already announced itself ("placed:<clientOid>", "cancelled:<orderId>"): the stream does not say it twice. */
  const announced = useRef(new Set<string>());

  // The live price in the tab's title, as the route's meta writes it for the first paint.
  const last = ticker?.lastPr;
  useEffect(() => {
    if (!last) return;
    document.title = `${last} | ${t("meta.title", { symbol })} | ${BRAND}`;
  }, [last, symbol, t]);

  // Toasts of what happened to the trader's orders, from the private stream, in the page's language.
  useEffect(() => {
    if (!accountFeed || !market) return;
    const amount = (v: string) => formatNumber(v, intl, { maxDigits: market.quantityPrecision });
    const price = (v: string) => formatNumber(v, intl, { minDigits: market.pricePrecision, maxDigits: market.pricePrecision });
    return accountFeed.onEvent((e: OrderEvent | PlanEvent) => {
      if ("plan" in e) {
        const p = e.plan;
        if (e.kind === "triggered") showToast(t("spot.toast.triggered", { side: t(`side.${p.side}`), price: price(p.triggerPrice) }));
        else showToast(t("spot.toast.planFailed", { reason: p.failReason || "—" }), "notice");
        return;
      }
      const o = e.order;
      const key = e.kind === "placed" ? `placed:${o.clientOid}` : e.kind === "cancelled" ? `cancelled:${o.orderId}` : "";
      if (key && announced.current.delete(key)) return;
      const values = {
        side: t(`side.${o.side}`),
        filled: amount(o.baseVolume),
        size: o.orderType === "market" && o.side === "buy" ? `${amount(o.size)} ${market.quote}` : `${amount(o.size)} ${market.base}`,
        coin: market.base,
        price: o.orderType === "market" ? t("form.market") : price(o.priceAvg),
      };
      showToast(t(`spot.toast.${e.kind}`, values), e.kind === "cancelled" ? "message" : "notice");
    });
  }, [accountFeed, market, intl, t]);

  if (!market) return <MarketUnavailable />;
  const refreshIfOffline = () => {
    if (account?.stream !== "open") accountFeed?.refresh();
  };
  return (
    <TradeLayout
      testId="spot-page"
      head={
        <PairHead
          heading={t("heading", { base: market.base, quote: market.quote })}
          data={data}
          market={market}
          ticker={ticker}
          loggedIn={user !== null}
        />
      }
      chart={<KlineChart data={data} market={market} book={book} account={account} />}
      book={
        <ScreenBook
          book={book}
          market={market}
          openOrders={account?.openOrders.state === "ready" ? account.openOrders.data : NO_ORDERS}
          unit={unit}
          ticker={ticker}
          trades={trades}
          onPick={onPick}
        />
      }
      trades={<RecentTrades trades={trades} market={market} />}
      account={
        <AccountSection
          view={account}
          market={market}
          demo={demo}
          onChanged={refreshIfOffline}
          onCancelling={(ids) => ids.forEach((id) => announced.current.add(`cancelled:${id}`))}
          loginTo={loginTo}
        />
      }
      formLabel={t("form.title")}
      form={
        <OrderPanel
          market={market}
          lastPrice={ticker?.lastPr}
          available={available}
          loggedIn={user !== null}
          side={side}
          onSide={setSide}
          unit={unit}
          onUnit={setUnit}
          pick={pick}
          onSending={(clientOid) => announced.current.add(`placed:${clientOid}`)}
          onPlaced={refreshIfOffline}
        />
      }
      sides={sides}
    />
  );
}

const NO_ORDERS: readonly never[] = [];

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
