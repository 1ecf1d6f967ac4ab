import { useEffect, useState } from "react";
import { browserHttp } from "~/lib/http/browser-client";
import { FuturesAccountFeed, planRows, type FuturesAccountApi, type FuturesAccountState } from "~/lib/futures/account-feed";
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
