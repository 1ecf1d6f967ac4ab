import { lazy, memo, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "~/lib/i18n/format";
import { dateTimeFormat } from "~/lib/i18n/formatters";
import { useLocalPref } from "~/lib/prefs/use-local-pref";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import type { AccountView } from "~/lib/trade/account-feed";
import type { Candle } from "~/lib/trade/candles";
import type { KlineView } from "~/lib/trade/chart/chart-prefs";
import { changeBetween } from "~/lib/trade/chart/kline-history";
import { fillMarks, priceMarks, type FillMark, type PriceMark } from "~/lib/trade/chart/marks";
import {
  barsOf,
  isPaneStudy,
  loadStudyParams,
  saveStudyParams,
  STUDY_SCALE,
  studyOutput,
  type DrawnStudy,
  type StudyParams,
} from "~/lib/trade/chart/studies";
import type { Market } from "~/lib/trade/market";
import type { BookView } from "~/lib/trade/market-feed";
import { SPOT_CHART, type ChartPageData, type ChartSource } from "~/lib/trade/chart/source";
import { useFrameStore } from "~/lib/ws/frame-store";
import { nextTask, whenIdle } from "~/lib/scheduling/idle";
import { formatTime } from "~/components/trade/time-text";
import { useCandleFeed } from "~/components/trade/use-feeds";
import type { ChartEngine, ChartLib, ChartTexts } from "./chart-engine";
import { DepthChart } from "./depth-chart";
import { IntervalAndViewTools, StudyTools } from "./chart-toolbars";
import { DrawingTools, type PriceClick } from "./drawing-tools";
// The settings dialog is opened on demand: its code is fetched then, not with the page.
const StudySettings = lazy(() => import("./study-settings").then((m) => ({ default: m.StudySettings })));
import { useChartColors } from "./use-chart-colors";
import { useKlineHistory, usePlanOrders } from "./use-kline-data";
import "./kline-chart.css";

export interface KlineChartProps {
  data: ChartPageData;
  market: Market;
  /** Where candles and plans come from; spot unless the page says otherwise. */
  source?: ChartSource;
  /** Lines the page adds: a futures position's entry and liquidation, the mark price. */
  lines?: readonly PriceMark[];
  /** The book the page follows, for the depth view. */
  book: BookView;
  /** The trader's orders and fills; undefined for a guest. */
  account: Pick<AccountView, "openOrders" | "fills"> | undefined;
}

/** Keys on the focused canvas: arrows move ten candles, + and − zoom, End returns to the latest. */
const CHART_KEYS: Record<string, (e: ChartEngine) => void> = {
  ArrowLeft: (e) => e.scrollBars(-10),
  ArrowRight: (e) => e.scrollBars(10),
  "+": (e) => e.zoom(1.25),
  "=": (e) => e.zoom(1.25),
  "-": (e) => e.zoom(0.8),
  End: (e) => e.scrollToLatest(),
};

/** The previous list while its content is unchanged. */
function useSameList<T>(list: T[]): T[] {
  const kept = useRef({ key: JSON.stringify(list), list });
  const key = JSON.stringify(list);
  if (kept.current.key !== key) kept.current = { key, list };
  return kept.current.list;
}

/** One empty list, so "nothing yet" keeps its identity between renders. */
const NONE: never[] = [];

type LibState = { state: "loading" } | { state: "ready"; lib: ChartLib; Engine: typeof ChartEngine } | { state: "failed" };

/** Axis and crosshair time formats in the reader's language and zone. */
const TIME_STYLES: Record<Parameters<ChartTexts["time"]>[1], Intl.DateTimeFormatOptions> = {
  "tick-year": { year: "numeric" },
  "tick-month": { month: "short" },
  "tick-date": { day: "numeric", month: "short" },
  "tick-time": { hour: "2-digit", minute: "2-digit" },
  crosshair: { dateStyle: "medium", timeStyle: "short" },
};

/**
 * The spot page's price chart: candles on a canvas (lightweight-charts, loaded after first paint)
 * with volume, studies, the trader's marks, older history as they pan left, and a depth view; a
 * text summary stands in for the canvas for screen readers (docs/decisions/703).
 */
export function KlineChart({ data, market, book, account, source = SPOT_CHART, lines = NONE }: KlineChartProps) {
  const [view, setView] = useLocalPref("klineView");
  // The book changes ten times a second: only the depth view follows it, the rest is not rendered again.
  const depth = view === "depth" ? <DepthChart book={book} market={market} /> : null;
  return (
    <ChartCard data={data} market={market} account={account} source={source} lines={lines} view={view} onView={setView} depth={depth} />
  );
}

interface CardProps extends Omit<KlineChartProps, "book"> {
  view: KlineView;
  onView: (v: KlineView) => void;
  /** The depth view, drawn instead of the candles when chosen. */
  depth: ReactNode;
}

const ChartCard = memo(function ChartCard({
  data,
  market,
  account,
  source = SPOT_CHART,
  lines = NONE,
  view,
  onView: setView,
  depth,
}: CardProps) {
  const { t } = useTranslation("trade");
  const { t: tc } = useTranslation("chart");
  const { intl } = usePagePrefs();
  const summaryId = useId();
  const keysId = useId();
  const [interval, setKlineInterval] = useLocalPref("klineInterval");
  const [studies, setStudies] = useLocalPref("klineStudies");
  const [params, setParams] = useState<StudyParams>({});
  useEffect(() => setParams(loadStudyParams()), []);
  const [editStudies, setEditStudies] = useState(false);
  const openStudySettings = useCallback(() => setEditStudies(true), []);
  const clicks = useRef<PriceClick>(() => {});
  const [rise, setRise] = useLocalPref("riseColor");
  const [markOrders, setMarkOrders] = useLocalPref("entrustKlineMark");
  const [markPlans, setMarkPlans] = useLocalPref("planKlineMark");
  const [markFills, setMarkFills] = useLocalPref("positionKlineMark");
  const [moveTip, setMoveTip] = useLocalPref("moveKlineMarkTip");
  const [tipClosed, setTipClosed] = useState(false);
  const live = useFrameStore(useCandleFeed(data, interval, source).store);
  const { history, older, onNearLeftEdge } = useKlineHistory(market.symbol, live, source);
  const loggedIn = account !== undefined;
  const plans = usePlanOrders(market.symbol, loggedIn, markPlans, source);
  const colors = useChartColors(rise);

  const price = useCallback(
    (v: string) => formatNumber(v, intl, { minDigits: market.pricePrecision, maxDigits: market.pricePrecision }),
    [intl, market.pricePrecision],
  );
  const size = useCallback((v: string) => formatNumber(v, intl, { maxDigits: market.quantityPrecision }), [intl, market.quantityPrecision]);

  // The trader's marks, each kind behind its own preference.
  const orders = account?.openOrders.state === "ready" ? account.openOrders.data : NONE;
  const fills = account?.fills.state === "ready" ? account.fills.data : NONE;
  const prices = useMemo(
    () => [
      ...priceMarks(orders, plans, { orders: markOrders, plans: markPlans, fills: markFills }),
      // A position's lines follow the position mark switch; the mark price is always drawn.
      ...lines.filter((l) => l.kind === "mark" || markFills),
    ],
    [orders, plans, lines, markOrders, markPlans, markFills],
  );
  // The same markers keep their identity, so a live tick does not redraw the marks.
  const fillList = useSameList(fillMarks(fills, history.candles, markFills));

  // The library, once the browser is idle after the page's start (hydration and the streams' first
  // frames come first, docs/decisions/725); its evaluation and the chart's creation are separate tasks.
  // Never on the server.
  const [lib, setLib] = useState<LibState>({ state: "loading" });
  useEffect(() => {
    let alive = true;
    const cancel = whenIdle(() => {
      Promise.all([import("lightweight-charts"), import("./chart-engine")])
        .then(async (loaded) => {
          await nextTask();
          return loaded;
        })
        .then(
          ([l, e]) => alive && setLib({ state: "ready", lib: l, Engine: e.ChartEngine }),
          () => alive && setLib({ state: "failed" }),
        );
    });
    return () => {
      alive = false;
      cancel();
    };
  }, []);

  const texts = useRef<ChartTexts>({ markTitle: () => "", fillText: () => "", time: () => "" });
  texts.current = {
    markTitle: (m: PriceMark) =>
      m.kind === "plan" || m.kind === "order"
        ? t(m.kind === "plan" ? "chart.markPlan" : "chart.markOrder", { side: t(`side.${m.side}`), size: size(m.size) })
        : t(`futures.chart.${m.kind}`),
    fillText: (m: FillMark) => t(m.side === "buy" ? "chart.fillBuy" : "chart.fillSell"),
    time: (ms, style) => dateTimeFormat(intl, TIME_STYLES[style]).format(ms),
  };

  const box = useRef<HTMLDivElement>(null);
  const [engine, setEngine] = useState<ChartEngine>();
  const [hover, setHover] = useState<number | null>(null);
  const drawn = useRef<{ engine: ChartEngine; candles: readonly Candle[]; interval: string }>();
  const [drawnLines, setDrawnLines] = useState<string[]>([]);
  const edge = useRef(onNearLeftEdge);
  edge.current = onNearLeftEdge;
  const ready = lib.state === "ready" && colors !== undefined;
  useEffect(() => {
    if (lib.state !== "ready" || !colors || view !== "candles" || !box.current) return;
    const e = new lib.Engine(
      lib.lib,
      box.current,
      colors,
      // Through the ref, so the canvas always speaks the current language.
      {
        markTitle: (m) => texts.current.markTitle(m),
        fillText: (m) => texts.current.fillText(m),
        time: (ms, s) => texts.current.time(ms, s),
      },
      { onCrosshair: setHover, onNearLeftEdge: (from) => edge.current(from), onPriceClick: (at, id) => clicks.current(at, id) },
      market.pricePrecision,
    );
    // Its colours, studies, candles and marks (the effects below, and the library's first paint of
    // them) in a task of their own after the creation (docs/decisions/725): two shorter tasks.
    let alive = true;
    void nextTask().then(() => alive && setEngine(e));
    return () => {
      alive = false;
      e.destroy();
      drawn.current = undefined;
      setEngine(undefined);
    };
    // Colours, studies, candles and marks reach an existing chart through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lib, view, ready]);

  useEffect(() => {
    if (engine && colors) engine.setColors(colors);
  }, [engine, colors]);
  useEffect(() => engine?.setPrecision(market.pricePrecision), [engine, market.pricePrecision]);
  useEffect(() => engine?.setStudies(studies, false, params), [engine, studies, params]);
  useEffect(() => {
    if (!engine) return;
    const same = drawn.current?.engine === engine ? drawn.current : undefined;
    const before = same?.candles ?? [];
    const change = changeBetween(before, history.candles);
    engine.setCandles(history.candles, change);
    // Another interval starts at its latest candle; a repaired older bar leaves the view alone.
    if (same && same.interval !== history.interval) engine.scrollToLatest();
    drawn.current = { engine, candles: history.candles, interval: history.interval };
  }, [engine, history.candles, history.interval]);
  useEffect(() => {
    const lines = engine ? engine.setMarks(prices, fillList) : NONE;
    setDrawnLines((was) => (was.join() === lines.join() ? was : lines));
  }, [engine, prices, fillList]);
  // After the effects above put the colours, studies, candles and marks in: one first drawing.
  useEffect(() => engine?.reveal(), [engine]);

  const bars = useMemo(() => barsOf(history.candles), [history.candles]);
  const drawnStudies = useMemo(() => studies.filter((s): s is DrawnStudy => s !== "vol"), [studies]);
  const outputs = useMemo(
    () => drawnStudies.map((study) => ({ study, out: studyOutput(study, bars, params) })),
    [bars, drawnStudies, params],
  );
  const firstTs = history.candles[Math.max(0, history.candles.length - 21)]?.ts;
  const lastTs = history.candles[history.candles.length - 1]?.ts;
  const drawingSpan = useMemo(
    () => (firstTs !== undefined && lastTs !== undefined ? { from: firstTs, to: lastTs } : undefined),
    [firstTs, lastTs],
  );
  const drawingPrice = useCallback(
    (v: number) =>
      formatNumber(v.toFixed(market.pricePrecision), intl, { minDigits: market.pricePrecision, maxDigits: market.pricePrecision }),
    [intl, market.pricePrecision],
  );
  const last = history.candles[history.candles.length - 1];
  const shown = (hover !== null ? history.candles.find((c) => c.ts === hover) : undefined) ?? last;
  const shownIndex = shown ? history.candles.indexOf(shown) : -1;
  const previous = shownIndex > 0 ? history.candles[shownIndex - 1] : undefined;
  const change = shown && previous ? ((Number(shown.close) - Number(previous.close)) / Number(previous.close)) * 100 : undefined;
  const orderLines = prices.filter((m) => m.kind === "order");
  const planLines = prices.filter((m) => m.kind === "plan");
  /** The text-alternative sentence of one kind of price line ("Open orders: buy 0.1 at 60,000; ..."). */
  const linesSummary = (key: string, lineKey: string, lines: typeof prices) =>
    lines.length > 0 && (
      <>
        {" "}
        {t(key, {
          list: lines.map((o) => t(lineKey, { side: t(`side.${o.side}`), size: size(o.size), price: price(o.price) })).join("; "),
        })}
      </>
    );
  const showTip = moveTip && !tipClosed && view === "candles" && (prices.some((m) => m.kind !== "mark") || fillList.length > 0);

  return (
    <section className="card trade-card chart kline-chart" aria-labelledby="chart-title" data-rise={rise}>
      <div className="card-head chart-head">
        <h2 id="chart-title">{t("chart.title")}</h2>
        <IntervalAndViewTools interval={interval} onInterval={setKlineInterval} view={view} onView={setView} />
      </div>
      {view === "candles" && (
        <StudyTools
          studies={studies}
          onStudies={setStudies}
          onEditStudies={openStudySettings}
          loggedIn={loggedIn}
          withPlans={source.plans}
          markOrders={markOrders}
          onMarkOrders={setMarkOrders}
          markPlans={markPlans}
          onMarkPlans={setMarkPlans}
          markFills={markFills}
          onMarkFills={setMarkFills}
          rise={rise}
          onRise={setRise}
        />
      )}
      {view === "candles" && (
        <DrawingTools
          engine={engine}
          instType={source.instType}
          symbol={market.symbol}
          clicks={clicks}
          price={drawingPrice}
          span={drawingSpan}
        />
      )}
      {editStudies && (
        <Suspense fallback={null}>
          <StudySettings
            studies={drawnStudies}
            params={params}
            onClose={() => setEditStudies(false)}
            onApply={(next) => {
              setParams(saveStudyParams(next));
              setEditStudies(false);
            }}
          />
        </Suspense>
      )}
      {depth ?? (
        <figure className="chart-figure" aria-busy={!live.ready || lib.state === "loading"}>
          {shown && (
            <p className="chart-legend" aria-hidden="true" data-testid="chart-legend">
              {/* In the reader's zone, like every time: the browser corrects the server's first paint. */}
              <span suppressHydrationWarning>{formatTime(shown.ts, intl)}</span>
              {(["open", "high", "low", "close"] as const).map((k) => (
                <span key={k}>
                  {t(`chart.legend.${k}`)} {price(shown[k])}
                </span>
              ))}
              <span>
                {t("chart.legend.volume")} {size(shown.volume)}
              </span>
              {change !== undefined && Number.isFinite(change) && (
                <span className={change >= 0 ? "rise" : "fall"}>
                  {formatNumber(change.toFixed(2), intl, { minDigits: 2, maxDigits: 2 })}%
                </span>
              )}
            </p>
          )}
          {shown && outputs.length > 0 && (
            <p className="chart-legend" aria-hidden="true" data-testid="chart-study-legend">
              {outputs.map(({ study, out }) => {
                const name = tc(`studyNames.${study}`);
                const scale = STUDY_SCALE[study];
                const digits = scale === "percent" ? 2 : scale === "volume" ? market.quantityPrecision : market.pricePrecision;
                const value = (v: number | null | undefined) =>
                  v === null || v === undefined ? "—" : formatNumber(v.toFixed(digits), intl, { minDigits: digits, maxDigits: digits });
                // MA and EMA print each length as its own line; the others name their parameters once.
                const labels = study === "ma" || study === "ema" ? out.params.map((p) => `${name}(${p})`) : [`${name}(${out.params[0]})`];
                const hist = out.histogram?.[shownIndex];
                return (
                  <span key={study} className="legend-study">
                    {out.lines.map((line, k) => (
                      <span key={k} className={`line-${study === "boll" || study === "vwap" ? Math.min(k, 1) : k}`}>
                        {labels[k] ? `${labels[k]} ` : ""}
                        {value(line[shownIndex])}
                      </span>
                    ))}
                    {out.histogram && <span className={(hist ?? 0) >= 0 ? "rise" : "fall"}>{value(hist)}</span>}
                  </span>
                );
              })}
            </p>
          )}
          <div
            role="img"
            aria-labelledby={summaryId}
            aria-describedby={keysId}
            // The canvas pans and zooms from the keyboard too, so older history is reachable without a pointer.
            tabIndex={0}
            onKeyDown={(e) => {
              const act = CHART_KEYS[e.key];
              if (!engine || !act) return;
              e.preventDefault();
              act(engine);
            }}
            className="chart-canvas"
            data-testid="kline-chart"
            data-interval={history.interval}
            data-candles={history.candles.length}
            data-studies={studies.join(",")}
            data-panes={studies.filter(isPaneStudy).length}
            data-price-lines={drawnLines.join(" ")}
            data-fill-marks={fillList.reduce((n, f) => n + f.count, 0)}
            data-up-color={colors?.up}
            data-down-color={colors?.down}
            ref={box}
          />
          {lib.state === "loading" && (
            <div className="chart-progress" role="status">
              <progress aria-label={t("chart.loadingLibrary")} />
              <span>{t("chart.loadingLibrary")}</span>
            </div>
          )}
          {lib.state === "failed" && (
            <p role="alert" className="notice error">
              {t("chart.libraryFailed")}
            </p>
          )}
          {older === "loading" && (
            <p role="status" className="chart-older muted">
              {t("chart.loadingOlder")}
            </p>
          )}
          <figcaption id={summaryId} className="visually-hidden">
            {/* Times are in the reader's zone: the server's first paint may differ, the browser corrects it. */}
            <span suppressHydrationWarning>
              {last
                ? t("chart.summary", {
                    symbol: market.symbol,
                    interval: t(`chart.intervalNames.${history.interval}`),
                    time: formatTime(last.ts, intl),
                    open: price(last.open),
                    high: price(last.high),
                    low: price(last.low),
                    close: price(last.close),
                    volume: size(last.volume),
                    base: market.base,
                  })
                : live.ready
                  ? t("chart.noData")
                  : t("chart.loading")}
            </span>
            {linesSummary("chart.ordersSummary", "chart.orderLine", orderLines)}
            {linesSummary("chart.plansSummary", "chart.planLine", planLines)}
            {fillList.length > 0 && <> {t("chart.fillsSummary", { count: fillList.reduce((n, f) => n + f.count, 0) })}</>}
          </figcaption>
          <p id={keysId} className="visually-hidden">
            {t("chart.keysHint")}
          </p>
          <ul className="visually-hidden">
            {orderLines.map((o) => (
              <li key={o.id} data-testid="order-line" data-price={o.price}>
                {t("chart.orderLine", { side: t(`side.${o.side}`), size: size(o.size), price: price(o.price) })}
              </li>
            ))}
            {prices
              .filter((m) => m.kind === "entry" || m.kind === "liquidation" || m.kind === "mark")
              .map((m) => (
                <li key={m.id} data-testid={`${m.kind}-line`} data-price={m.price}>
                  {t(`futures.chart.${m.kind}`)} {price(m.price)}
                </li>
              ))}
          </ul>
        </figure>
      )}
      {showTip && (
        <div role="note" className="chart-tip">
          <p>{t("chart.tip")}</p>
          <div className="chart-tip-actions">
            <button type="button" className="button primary" onClick={() => setTipClosed(true)}>
              {t("chart.tipClose")}
            </button>
            <button type="button" className="button" onClick={() => setMoveTip(false)}>
              {t("chart.tipNever")}
            </button>
          </div>
        </div>
      )}
    </section>
  );
});
