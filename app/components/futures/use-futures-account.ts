import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { browserHttp } from "~/lib/http/browser-client";
import {
  FuturesAccountFeed,
  planRows,
  type FuturesAccountApi,
  type FuturesAccountState,
  type FuturesEvent,
} from "~/lib/futures/account-feed";
import type { FuturesMarket } from "~/lib/futures/contract";
import { livePosition } from "~/lib/futures/live-position";
import { formatCoin, formatNumber } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { showToast } from "~/lib/toast";
import { FrameStore, useFrameStore } from "~/lib/ws/frame-store";
import { futuresAccountOf, MARGIN_COIN, mergeOrders, mergePositions, MIX, PRODUCT_TYPE } from "~/lib/futures/api";
import { LIQUIDATION_BILLS, liquidationBills } from "~/lib/futures/private-events";
import { mergePlans } from "~/lib/trade/chart/marks";
import { lazyPrivate } from "~/components/trade/use-feeds";

/** The trader's account on the screen: what the feed holds, and what to do after an action. */
export type FuturesAccountView = FuturesAccountState & { afterAction: (scope?: "trade" | "settings") => void };

const base = { productType: PRODUCT_TYPE, marginCoin: MARGIN_COIN };

/** The signed REST reads the futures feed starts from and resyncs with (Bitget v2 mix). */
const restApi: FuturesAccountApi = {
  account: (symbol) =>
    browserHttp()
      .get<unknown>(MIX.account, { ...base, symbol })
      .then((a) => futuresAccountOf(a) ?? Promise.reject(new Error("account"))),
  positions: () =>
    browserHttp()
      .get<unknown[]>(MIX.allPosition, base)
      .then((rows) => mergePositions([], Array.isArray(rows) ? rows : [], true)),
  openOrders: (symbol) =>
    browserHttp()
      .get<{ entrustedList: unknown[] | null }>(MIX.ordersPending, { productType: PRODUCT_TYPE, symbol })
      .then((page) => mergeOrders([], page?.entrustedList ?? [], true)),
  // Trigger orders and TP/SL are two lists in Bitget's API; the orders-algo channel pushes both.
  plans: (symbol) =>
    Promise.all(
      (["normal_plan", "profit_loss"] as const).map((planType) =>
        browserHttp().get<{ entrustedList: unknown[] | null }>(MIX.ordersPlanPending, { productType: PRODUCT_TYPE, symbol, planType }),
      ),
    ).then((pages) => mergePlans([], planRows(pages.flatMap((page) => page?.entrustedList ?? [])), symbol, true)),
  liquidations: (symbol) =>
    Promise.all(
      Object.keys(LIQUIDATION_BILLS).map((businessType) =>
        browserHttp().get<unknown>(MIX.bill, { productType: PRODUCT_TYPE, symbol, businessType, limit: "100" }),
      ),
    ).then((pages) => liquidationBills(pages, symbol)),
};

/**
 * The trader's futures account, positions, orders and liquidations for the contract, live from the
 * private stream (docs/decisions/706); undefined for a guest, who gets nothing and calls nothing.
 */
export function useFuturesAccount(symbol: string, loggedIn: boolean): FuturesAccountFeed | undefined {
  const [feed] = useState(() => (loggedIn ? new FuturesAccountFeed(symbol, lazyPrivate, restApi) : undefined));
  useEffect(() => feed?.start(), [feed]);
  return feed;
}

const NONE: never[] = [];
const NO_ACCOUNT = new FrameStore<FuturesAccountState | undefined>(() => undefined);

/**
 * The trader's futures account as a screen shows it (the desktop's and the phone's, docs/decisions/723):
 * the feed's state with what to do after an action, the positions at the live mark price, and the
 * stream's toasts. Undefined view and no positions for a guest.
 */
export function useFuturesAccountView(symbol: string, loggedIn: boolean, market: FuturesMarket | undefined, markPrice: string | undefined) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const feed = useFuturesAccount(symbol, loggedIn);
  const state = useFrameStore(feed ? (feed.store as FrameStore<FuturesAccountState | undefined>) : NO_ACCOUNT);
  const view = useMemo<FuturesAccountView | undefined>(
    () => (feed && state ? { ...state, afterAction: (scope) => feed.afterAction(scope) } : undefined),
    [feed, state],
  );
  // Toasts of what the private stream says happened: fills of this contract, and any position
  // near liquidation (once, until it recovers), or liquidated or auto-deleveraged as the gateway says (docs/decisions/706, 717).
  useEffect(() => {
    if (!feed || !market) return;
    return feed.onEvent((e: FuturesEvent) => {
      if (e.kind === "fill") {
        if (e.fill.symbol !== symbol) return;
        const digits = market.pricePrecision;
        const values = {
          size: formatCoin(e.fill.baseVolume, market.base, intl),
          coin: market.base,
          price: formatNumber(e.fill.price, intl, { minDigits: digits, maxDigits: digits }),
        };
        showToast(t("futures.toast.filled", values), "notice");
        return;
      }
      const p = e.position;
      const values = { symbol: p.symbol, side: t(`futures.pos.${p.holdSide}`), size: formatCoin(p.total, market.base, intl) };
      const key = {
        liquidated: "futures.live.liquidated",
        deleveraged: "futures.live.deleveraged",
        nearLiquidation: "futures.toast.nearLiquidation",
      };
      showToast(t(key[e.kind], values), "notice");
    });
  }, [feed, symbol, market, intl, t]);

  const mark = Number(markPrice) || undefined;
  const positions = useMemo(
    () =>
      view?.positions.state === "ready" ? view.positions.data.map((p) => livePosition(p, p.symbol === symbol ? mark : undefined)) : NONE,
    [view?.positions, symbol, mark],
  );
  return { view, positions };
}
