import { useEffect } from "react";
import { lazyPrivate } from "~/components/trade/use-feeds";
import { browserHttp } from "~/lib/http/browser-client";
import { MarginAccountFeed, type MarginAccountApi } from "~/lib/margin/account-feed";
import {
  marginAssetsOf,
  marginOrdersOf,
  marginPaths,
  maxBorrowableOf,
  RECORD_WINDOW_MS,
  riskRateOf,
  type MarginMode,
} from "~/lib/margin/api";
import { useStateOnceHydrated } from "~/lib/scheduling/hydration-gate";
import type { Market } from "~/lib/trade/market";

/** The signed reads of one margin mode for one pair (Bitget v2 margin, docs/decisions/707). */
export function marginApi(mode: MarginMode, market: Market): MarginAccountApi {
  const p = marginPaths(mode);
  const symbol = market.symbol;
  const scope = mode === "isolated" ? { symbol } : {};
  const http = () => browserHttp();
  const since = () => String(Date.now() - RECORD_WINDOW_MS);
  const maxOf = (coin: string) =>
    http()
      .get<unknown>(p.maxBorrowable, { ...scope, coin })
      .then((d) => maxBorrowableOf(d, coin));
  return {
    assets: () => http().get<unknown>(p.assets, scope).then(marginAssetsOf),
    riskRate: () =>
      http()
        .get<unknown>(p.riskRate, scope)
        .then((rows) => riskRateOf(rows, symbol)),
    borrowable: async () => {
      const [base, quote] = await Promise.all([maxOf(market.base).catch(() => undefined), maxOf(market.quote).catch(() => undefined)]);
      return { ...(base !== undefined ? { base } : {}), ...(quote !== undefined ? { quote } : {}) };
    },
    openOrders: () => http().get<unknown>(p.openOrders, { symbol, startTime: since() }).then(marginOrdersOf),
    recentDone: () => http().get<unknown>(p.historyOrders, { symbol, startTime: since(), limit: "20" }).then(marginOrdersOf),
  };
}

/** The trader's margin account of the mode for the pair, live while the page is open; undefined for a guest. */
export function useMarginAccount(
  mode: MarginMode,
  market: Market | undefined,
  loggedIn: boolean,
  warning?: number,
): MarginAccountFeed | undefined {
  // The page's first effects run before its late panels have hydrated: the feed reaches them as
  // new props, which must wait for them (docs/decisions/725, "An update before a panel hydrated").
  const [feed, setFeed] = useStateOnceHydrated<MarginAccountFeed | undefined>(undefined);
  useEffect(() => {
    if (!loggedIn || !market) return;
    const f = new MarginAccountFeed(mode, market.symbol, lazyPrivate, marginApi(mode, market), warning);
    setFeed(f);
    const stop = f.start();
    return () => {
      stop();
      setFeed(undefined);
    };
  }, [mode, market, loggedIn, warning, setFeed]);
  return feed;
}
