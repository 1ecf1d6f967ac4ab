import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { browserHttp } from "~/lib/http/browser-client";
import { candlesFromRows, type Candle } from "~/lib/trade/candles";
import { mergeLive, MAX_HISTORY, nearLeftEdge, OlderPages, prependOlder, type PageResult } from "~/lib/trade/chart/kline-history";
import { mergePlans, type PlanOrder } from "~/lib/trade/chart/marks";
import { SPOT_CHART, type ChartSource } from "~/lib/trade/chart/source";
import type { KlineInterval } from "~/lib/trade/intervals";
import type { CandleView } from "~/lib/trade/market-feed";
import { privateStream } from "~/lib/ws/streams";

export interface KlineHistory {
  interval: KlineInterval;
  candles: Candle[];
}

/** One older page of `symbol` from the public `history-candles` read (docs/protocol.md). */
async function fetchOlder(source: ChartSource, symbol: string, interval: KlineInterval, endTime: number, limit: number): Promise<Candle[]> {
  const rows = await browserHttp().get<string[][]>(source.historyPath, {
    ...source.query,
    symbol,
    granularity: source.granularity(interval),
    endTime: String(endTime),
    limit: String(limit),
  });
  return candlesFromRows(rows, MAX_HISTORY);
}

/**
 * The candles the chart draws: the live feed's (the server's first paint, then the stream) merged
 * into everything loaded so far, plus older pages asked for as the trader pans left.
 */
export function useKlineHistory(symbol: string, live: CandleView, source: ChartSource = SPOT_CHART) {
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

  const pages = useMemo(
    () => new OlderPages((end, limit) => fetchOlder(source, symbol, history.interval, end, limit)),
    [source, symbol, history.interval],
  );
  useEffect(() => setOlder("idle"), [pages]);
  const current = useRef(history);
  current.current = history;
  const onNearLeftEdge = useCallback(
    (visibleFrom: number) => {
      if (!nearLeftEdge(visibleFrom) || !pages.ready) return;
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

/**
 * The trader's waiting plan orders on this pair, from the private `orders-algo` channel of the
 * screen's own account; none for a guest or on a screen whose account has no plans (margin).
 */
export function usePlanOrders(symbol: string, loggedIn: boolean, wanted: boolean, source: ChartSource = SPOT_CHART): PlanOrder[] {
  const [plans, setPlans] = useState<PlanOrder[]>([]);
  useEffect(() => {
    if (!loggedIn || !wanted || !source.plans) return;
    const off = privateStream().subscribe(
      { instType: source.instType, channel: "orders-algo", instId: source.instType === "SPOT" ? symbol : "default" },
      (push) => setPlans((p) => mergePlans(p, push.data, symbol, push.action === "snapshot")),
    );
    return () => {
      off();
      setPlans([]);
    };
  }, [symbol, loggedIn, wanted, source]);
  return plans;
}
