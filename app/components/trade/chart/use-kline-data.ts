import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { V2 } from "../../../../protocol/bitget";
import { browserHttp } from "~/lib/http/browser-client";
import { candlesFromRows, type Candle } from "~/lib/trade/candles";
import { mergeLive, MAX_HISTORY, nearLeftEdge, OlderPages, prependOlder, type PageResult } from "~/lib/trade/chart/kline-history";
import { mergePlans, type PlanOrder } from "~/lib/trade/chart/marks";
import { INTERVALS, type KlineInterval } from "~/lib/trade/intervals";
import type { CandleView } from "~/lib/trade/market-feed";
import { privateStream } from "~/lib/ws/streams";

export interface KlineHistory {
  interval: KlineInterval;
  candles: Candle[];
}

/** One older page of `symbol` from the public `history-candles` read (docs/protocol.md). */
async function fetchOlder(symbol: string, interval: KlineInterval, endTime: number, limit: number): Promise<Candle[]> {
  const rows = await browserHttp().get<string[][]>(V2.historyCandles, {
    symbol,
    granularity: INTERVALS[interval].granularity,
    endTime: String(endTime),
    limit: String(limit),
  });
  return candlesFromRows(rows, MAX_HISTORY);
}

/**
 * The candles the chart draws: the live feed's (the server's first paint, then the stream) merged
 * into everything loaded so far, plus older pages asked for as the trader pans left.
 */
export function useKlineHistory(symbol: string, live: CandleView) {
  const [history, setHistory] = useState<KlineHistory>(() => ({ interval: live.interval, candles: live.candles }));
  const [older, setOlder] = useState<PageResult | "loading" | "idle">("idle");
  useEffect(() => {
    // While another interval loads, the previous candles stay until its own arrive.
    if (!live.ready) return;
    setHistory((h) => {
      if (h.interval !== live.interval) return { interval: live.interval, candles: live.candles };
      const merged = mergeLive(h.candles, live.candles);
      return merged.change.kind === "none" ? h : { interval: h.interval, candles: merged.candles };
    });
  }, [live]);

  const pages = useMemo(() => new OlderPages((end, limit) => fetchOlder(symbol, history.interval, end, limit)), [symbol, history.interval]);
  useEffect(() => setOlder("idle"), [pages]);
  const current = useRef(history);
  current.current = history;
  const onNearLeftEdge = useCallback(
    (visibleFrom: number) => {
      if (!nearLeftEdge(visibleFrom) || pages.exhausted || pages.loading) return;
      const interval = current.current.interval;
      setOlder("loading");
      void pages
        .load(current.current.candles, (page) =>
          setHistory((h) => (h.interval === interval ? { interval, candles: prependOlder(h.candles, page).candles } : h)),
        )
        .then((r) => r !== "busy" && setOlder(r));
    },
    [pages],
  );
  return { history, older, onNearLeftEdge };
}

/** The trader's waiting plan orders on this pair, from the private `orders-algo` channel; none for a guest. */
export function usePlanOrders(symbol: string, loggedIn: boolean, wanted: boolean): PlanOrder[] {
  const [plans, setPlans] = useState<PlanOrder[]>([]);
  useEffect(() => {
    if (!loggedIn || !wanted) return;
    const off = privateStream().subscribe({ instType: "SPOT", channel: "orders-algo", instId: symbol }, (push) =>
      setPlans((p) => mergePlans(p, push.data, symbol, push.action === "snapshot")),
    );
    return () => {
      off();
      setPlans([]);
    };
  }, [symbol, loggedIn, wanted]);
  return plans;
}
