import { useCallback, useEffect, useRef, useState } from "react";
import type { Async } from "~/lib/async-state";
import { browserHttp } from "~/lib/http/browser-client";
import {
  futuresAccountOf,
  futuresOrderOf,
  MARGIN_COIN,
  mergeOrders,
  mergePositions,
  MIX,
  PRODUCT_TYPE,
  type FuturesAccount,
  type FuturesOrder,
  type Position,
} from "~/lib/futures/api";
import { mergePlans, type PlanOrder } from "~/lib/trade/chart/marks";
import { privateStream } from "~/lib/ws/streams";

/** A fill the trader just got (the private `fill` channel), for a toast. */
export interface FuturesFill {
  tradeId: string;
  symbol: string;
  side: string;
  tradeSide: string;
  price: string;
  baseVolume: string;
  profit: string;
}

export interface FuturesAccountView {
  account: Async<FuturesAccount>;
  positions: Async<Position[]>;
  orders: Async<FuturesOrder[]>;
  plans: PlanOrder[];
  refresh: () => void;
}

const ready = <T>(data: T): Async<T> => ({ state: "ready", data });
/** Mix plan rows name their state `planStatus`; the shared plan reader wants `status`. */
const planRows = (rows: readonly unknown[]) =>
  rows.map((r) => (r && typeof r === "object" && !("status" in r) ? { ...r, status: (r as { planStatus?: unknown }).planStatus } : r));
const arg = (channel: string) => ({ instType: PRODUCT_TYPE, channel, instId: "default" }) as const;

/**
 * The trader's futures account, positions, open and plan orders: signed REST to start from (and
 * again when the private stream reconnects), then the `USDT-FUTURES` private channels. A guest
 * gets nothing and calls nothing.
 */
export function useFuturesAccount(symbol: string, loggedIn: boolean, onFill: (f: FuturesFill) => void): FuturesAccountView | undefined {
  const [account, setAccount] = useState<Async<FuturesAccount>>({ state: "loading" });
  const [positions, setPositions] = useState<Async<Position[]>>({ state: "loading" });
  const [orders, setOrders] = useState<Async<FuturesOrder[]>>({ state: "loading" });
  const [plans, setPlans] = useState<PlanOrder[]>([]);
  const fillRef = useRef(onFill);
  fillRef.current = onFill;

  const refresh = useCallback(() => {
    if (!loggedIn) return;
    const http = browserHttp();
    const base = { productType: PRODUCT_TYPE, marginCoin: MARGIN_COIN };
    http.get<unknown>(MIX.account, { ...base, symbol }).then(
      (a) => {
        const acc = futuresAccountOf(a);
        setAccount(acc ? ready(acc) : { state: "error", error: new Error("account") });
      },
      (error: unknown) => setAccount({ state: "error", error }),
    );
    http.get<unknown[]>(MIX.allPosition, base).then(
      (rows) => setPositions(ready(mergePositions([], Array.isArray(rows) ? rows : [], true))),
      (error: unknown) => setPositions({ state: "error", error }),
    );
    http.get<{ entrustedList: unknown[] | null }>(MIX.ordersPending, { productType: PRODUCT_TYPE, symbol }).then(
      (page) => setOrders(ready(mergeOrders([], page?.entrustedList ?? [], true))),
      (error: unknown) => setOrders({ state: "error", error }),
    );
    http
      .get<{ entrustedList: unknown[] | null }>(MIX.ordersPlanPending, { productType: PRODUCT_TYPE, symbol, planType: "normal_plan" })
      .then(
        (page) => setPlans(mergePlans([], planRows(page?.entrustedList ?? []), symbol, true)),
        () => undefined,
      );
  }, [loggedIn, symbol]);

  useEffect(() => {
    if (!loggedIn) return;
    refresh();
    const stream = privateStream();
    const offs = [
      stream.onReady(refresh),
      stream.subscribe(arg("account"), (push) => {
        const row = push.data.map((d) => futuresAccountOf(d)).find((a) => a?.marginCoin === MARGIN_COIN);
        if (row) setAccount((cur) => ready(cur.state === "ready" ? { ...cur.data, ...row } : row));
      }),
      stream.subscribe(arg("positions"), (push) =>
        setPositions((cur) => ready(mergePositions(cur.state === "ready" ? cur.data : [], push.data, push.action === "snapshot"))),
      ),
      stream.subscribe(arg("orders"), (push) =>
        setOrders((cur) =>
          ready(
            mergeOrders(
              cur.state === "ready" ? cur.data : [],
              push.data.filter((o) => futuresOrderOf(o)?.symbol === symbol),
              push.action === "snapshot",
            ),
          ),
        ),
      ),
      stream.subscribe(arg("orders-algo"), (push) =>
        setPlans((p) => mergePlans(p, planRows(push.data), symbol, push.action === "snapshot")),
      ),
      stream.subscribe(arg("fill"), (push) => {
        if (push.action === "snapshot") return;
        for (const d of push.data) {
          const f = d as Partial<Record<keyof FuturesFill, unknown>>;
          if (typeof f.tradeId === "string" && typeof f.price === "string" && typeof f.baseVolume === "string")
            fillRef.current({
              tradeId: f.tradeId,
              symbol: typeof f.symbol === "string" ? f.symbol : "",
              side: typeof f.side === "string" ? f.side : "",
              tradeSide: typeof f.tradeSide === "string" ? f.tradeSide : "",
              price: f.price,
              baseVolume: f.baseVolume,
              profit: typeof f.profit === "string" ? f.profit : "0",
            });
        }
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [loggedIn, symbol, refresh]);

  return loggedIn ? { account, positions, orders, plans, refresh } : undefined;
}
