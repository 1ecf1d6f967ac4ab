/**
 * The canvas chart: lightweight-charts driven imperatively. The library is passed in (it is
 * imported dynamically after first paint), so nothing here runs on the server or in the
 * initial bundle (docs/decisions/703).
 */
import type * as Lwc from "lightweight-charts";
import type { KlineStudy } from "~/lib/trade/chart/chart-prefs";
import type { CandleChange } from "~/lib/trade/chart/kline-history";
import type { Series } from "~/lib/trade/chart/indicators";
import { barsOf, isPaneStudy, STUDY_SCALE, studyOutput, type DrawnStudy, type StudyParams } from "~/lib/trade/chart/studies";
import type { FillMark, PriceMark } from "~/lib/trade/chart/marks";
import type { Candle } from "~/lib/trade/candles";
import { timeOf, type Anchor, type Drawing } from "~/lib/trade/chart/drawings";
import { DrawingLayer, type Pending } from "./drawing-layer";

export type ChartLib = typeof Lwc;

export interface ChartColors {
  up: string;
  down: string;
  text: string;
  muted: string;
  grid: string;
  background: string;
  /** Study lines, in order: the first three also serve MA/EMA 7, 25, 99. */
  lines: [string, string, string];
  plan: string;
}

export interface ChartTexts {
  /** A price line's label: side, size and kind ("Buy 0.01", "Plan sell 0.5"). */
  markTitle: (m: PriceMark) => string;
  fillText: (m: FillMark) => string;
  /** Dates and times on the axis and the crosshair, in the reader's language and zone. */
  time: (ms: number, style: "tick-date" | "tick-time" | "tick-month" | "tick-year" | "crosshair") => string;
}

export interface ChartHandlers {
  /** The crosshair moved to a candle (its time in ms), or left the chart (null). */
  onCrosshair: (ts: number | null) => void;
  /** The trader panned close to the oldest candle loaded. */
  onNearLeftEdge: (visibleFrom: number) => void;
  /** A click on the price pane: the point as an anchor, and the drawing under it if any. */
  onPriceClick?: (at: Anchor | null, drawing: string | null) => void;
}

type Time = Lwc.UTCTimestamp;
const sec = (ms: number) => Math.floor(ms / 1000) as Time;
type LineApi = Lwc.ISeriesApi<"Line">;
type HistApi = Lwc.ISeriesApi<"Histogram">;

interface StudySeries {
  lines: LineApi[];
  hist?: HistApi;
}

export class ChartEngine {
  private readonly chart: Lwc.IChartApi;
  private readonly candles: Lwc.ISeriesApi<"Candlestick">;
  private readonly markers: Lwc.ISeriesMarkersPluginApi<Lwc.Time>;
  private volume: HistApi | undefined;
  private readonly studies = new Map<DrawnStudy, StudySeries>();
  private data: readonly Candle[] = [];
  private priceLines: Lwc.IPriceLine[] = [];
  private marks: { prices: readonly PriceMark[]; fills: readonly FillMark[] } = { prices: [], fills: [] };
  private active: readonly KlineStudy[] = [];
  private precision: number;
  private params: StudyParams = {};
  private readonly layer: DrawingLayer;
  private readonly container: HTMLElement;
  private downAt: { x: number; y: number } | undefined;
  /** Where a press started, so a drag that pans the chart is not taken for a click. */
  private readonly onDown = (e: PointerEvent) => {
    this.downAt = { x: e.clientX, y: e.clientY };
  };
  private readonly onClick: (e: MouseEvent) => void;
  /** How many candles the drawings were last placed against. */
  private layerTimes = -1;

  constructor(
    private readonly lib: ChartLib,
    container: HTMLElement,
    private colors: ChartColors,
    private readonly texts: ChartTexts,
    handlers: ChartHandlers,
    precision: number,
  ) {
    this.precision = precision;
    // Made at no width, so the library's first frame draws nothing; `reveal` gives the width back
    // once the candles are in, and the chart's first real drawing is its only one (docs/decisions/725).
    container.style.width = "0px";
    this.chart = lib.createChart(container, {
      autoSize: true,
      layout: { attributionLogo: false, fontSize: 11, panes: { separatorColor: colors.grid } },
      localization: {
        timeFormatter: (t: Lwc.Time) => texts.time(Number(t) * 1000, "crosshair"),
        priceFormatter: (p: number) => p.toFixed(this.precision),
      },
      timeScale: {
        timeVisible: true,
        secondsVisible: false,
        rightOffset: 6,
        tickMarkFormatter: (t: Lwc.Time, type: Lwc.TickMarkType) => {
          const ms = Number(t) * 1000;
          if (type === lib.TickMarkType.Year) return texts.time(ms, "tick-year");
          if (type === lib.TickMarkType.Month) return texts.time(ms, "tick-month");
          if (type === lib.TickMarkType.DayOfMonth) return texts.time(ms, "tick-date");
          return texts.time(ms, "tick-time");
        },
      },
      crosshair: { mode: lib.CrosshairMode.Normal },
    });
    this.candles = this.chart.addSeries(lib.CandlestickSeries, { priceFormat: this.priceFormat() });
    this.markers = lib.createSeriesMarkers(this.candles, []);
    this.layer = new DrawingLayer(this.drawingColors(), (p) => p.toFixed(this.precision));
    this.candles.attachPrimitive(this.layer);
    this.chart.subscribeCrosshairMove((p) => {
      handlers.onCrosshair(p.time === undefined ? null : Number(p.time) * 1000);
      if (this.layer.placing) this.layer.set({ pointer: p.point && p.paneIndex === 0 ? this.anchorAt(p.point) : null });
    });
    // Clicks are read from the page, not the library's click event: the library holds back a second
    // click within half a second as a possible double click, and a trend line is two quick clicks.
    this.container = container;
    this.onClick = (e: MouseEvent) => {
      const down = this.downAt;
      if (!handlers.onPriceClick || (down && Math.abs(down.x - e.clientX) + Math.abs(down.y - e.clientY) > 5)) return;
      const pane = this.chart.panes()[0]?.getHTMLElement();
      if (!pane) return;
      const box = pane.getBoundingClientRect();
      const x = e.clientX - box.left - this.chart.priceScale("left").width();
      const y = e.clientY - box.top;
      if (x < 0 || x > this.chart.timeScale().width() || y < 0 || y > box.height) return;
      handlers.onPriceClick(
        this.anchorAt({ x: x as Lwc.Coordinate, y: y as Lwc.Coordinate }),
        this.layer.hitTest(x, y)?.externalId ?? null,
      );
    };
    container.addEventListener("pointerdown", this.onDown);
    container.addEventListener("click", this.onClick);
    this.chart.timeScale().subscribeVisibleLogicalRangeChange((range) => {
      if (range) handlers.onNearLeftEdge(range.from);
    });
    this.applyColors();
  }

  private anchorAt(point: Lwc.Point): Anchor | null {
    const times = this.data.map((c) => c.ts);
    return this.layer.anchorAt(point.x, point.y, (logical) => timeOf(times, logical));
  }

  private drawingColors() {
    const c = this.colors;
    return { line: c.lines[1], selected: c.plan, text: c.text, fill: withAlpha(c.lines[1], 0.12), background: c.background };
  }

  /** The trader's drawings, the selected one, and the one being placed (null: none). */
  setDrawings(drawings: readonly Drawing[], selected: string | null, pending: Pending | null): void {
    this.layer.set({ drawings, selected, pending, ...(pending ? {} : { pointer: null }) });
  }

  private priceFormat(): Lwc.PriceFormat {
    return { type: "price", precision: this.precision, minMove: 10 ** -this.precision };
  }

  setPrecision(precision: number): void {
    if (precision === this.precision) return;
    this.precision = precision;
    this.candles.applyOptions({ priceFormat: this.priceFormat() });
    this.layer.set({});
  }

  setColors(colors: ChartColors): void {
    this.colors = colors;
    this.applyColors();
    this.layer.set({ colors: this.drawingColors() });
    this.setStudies(this.active, true);
    this.drawMarks();
  }

  private applyColors(): void {
    const c = this.colors;
    this.chart.applyOptions({
      layout: {
        background: { type: this.lib.ColorType.Solid, color: c.background },
        textColor: c.muted,
        panes: { separatorColor: c.grid },
      },
      grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
      rightPriceScale: { borderColor: c.grid },
      timeScale: { borderColor: c.grid },
      crosshair: { vertLine: { labelBackgroundColor: c.text }, horzLine: { labelBackgroundColor: c.text } },
    });
    this.candles.applyOptions({
      upColor: c.up,
      downColor: c.down,
      borderUpColor: c.up,
      borderDownColor: c.down,
      wickUpColor: c.up,
      wickDownColor: c.down,
    });
    if (this.volume) this.volume.setData(this.volumeData(this.data));
  }

  /** New candles: a tail change updates only the bars that changed; anything else redraws. */
  setCandles(candles: readonly Candle[], change: CandleChange | { kind: "older"; added: number }): void {
    this.data = candles;
    if (change.kind === "none") return;
    if (change.kind !== "tail" || this.layerTimes !== candles.length) {
      this.layerTimes = candles.length;
      this.layer.set({ times: candles.map((c) => c.ts) });
    }
    if (change.kind === "tail") {
      for (const c of change.bars) {
        this.candles.update(this.bar(c));
        this.volume?.update(this.volumeBar(c));
      }
      this.updateStudies(change.bars.length);
    } else {
      const range = change.kind === "older" ? this.chart.timeScale().getVisibleLogicalRange() : null;
      this.candles.setData(candles.map((c) => this.bar(c)));
      this.volume?.setData(this.volumeData(candles));
      this.fillStudies();
      // Keep the view where the trader was looking when older candles come in at the left.
      if (range && change.kind === "older")
        this.chart.timeScale().setVisibleLogicalRange({ from: range.from + change.added, to: range.to + change.added });
    }
    this.drawFills();
  }

  private bar(c: Candle): Lwc.CandlestickData<Time> {
    return { time: sec(c.ts), open: Number(c.open), high: Number(c.high), low: Number(c.low), close: Number(c.close) };
  }

  private volumeBar(c: Candle): Lwc.HistogramData<Time> {
    const up = Number(c.close) >= Number(c.open);
    return { time: sec(c.ts), value: Number(c.volume), color: withAlpha(up ? this.colors.up : this.colors.down, 0.45) };
  }

  private volumeData(candles: readonly Candle[]) {
    return candles.map((c) => this.volumeBar(c));
  }

  /** Shows exactly `studies`; `rebuild` draws them again even if unchanged (new colours, a full redraw). */
  setStudies(studies: readonly KlineStudy[], rebuild = false, params: StudyParams = this.params): void {
    if (params !== this.params) {
      this.params = params;
      rebuild = true;
    }
    const was = this.active;
    this.active = studies;
    const on = new Set(studies);
    // Volume sits in the price pane, on its own scale at the bottom fifth.
    if (on.has("vol") && !this.volume) {
      this.volume = this.chart.addSeries(this.lib.HistogramSeries, {
        priceScaleId: "vol",
        priceFormat: { type: "volume" },
        lastValueVisible: false,
        priceLineVisible: false,
      });
      this.volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
      this.volume.setData(this.volumeData(this.data));
    } else if (!on.has("vol") && this.volume) {
      this.chart.removeSeries(this.volume);
      this.volume = undefined;
    }
    const oscillators = (list: readonly KlineStudy[]) => list.filter(isPaneStudy).join();
    // Oscillator panes are numbered in order, so a change of either rebuilds both.
    const paneChange = oscillators(was) !== oscillators(studies);
    for (const [study, series] of [...this.studies]) {
      const isOsc = isPaneStudy(study);
      if (rebuild || !on.has(study) || (isOsc && paneChange)) {
        for (const s of series.lines) this.chart.removeSeries(s);
        if (series.hist) this.chart.removeSeries(series.hist);
        this.studies.delete(study);
      }
    }
    if (paneChange || rebuild) while (this.chart.panes().length > 1) this.chart.removePane(this.chart.panes().length - 1);
    let pane = 1;
    for (const study of studies) {
      if (study === "vol") continue;
      const isOsc = isPaneStudy(study);
      if (!this.studies.has(study)) this.studies.set(study, this.addStudy(study, isOsc ? pane : 0));
      if (isOsc) pane += 1;
    }
    for (let i = 1; i < this.chart.panes().length; i++) this.chart.panes()[i]!.setStretchFactor(0.3);
    this.fillStudies();
  }

  private line(color: string, pane: number, width: Lwc.LineWidth = 1): LineApi {
    return this.chart.addSeries(
      this.lib.LineSeries,
      {
        color,
        lineWidth: width,
        priceLineVisible: false,
        lastValueVisible: false,
        crosshairMarkerVisible: false,
        priceFormat: this.priceFormat(),
      },
      pane,
    );
  }

  private addStudy(study: DrawnStudy, pane: number): StudySeries {
    const [a, b, c] = this.colors.lines;
    const count = studyOutput(study, [], this.params).lines.length;
    const scale = STUDY_SCALE[study];
    const format: Lwc.PriceFormat =
      scale === "percent"
        ? { type: "price", precision: 2, minMove: 0.01 }
        : scale === "volume"
          ? { type: "volume", precision: 0, minMove: 1 }
          : this.priceFormat();
    const colors = study === "boll" || study === "vwap" ? [a, b, b] : [a, b, c];
    // MACD's histogram first, so its lines are drawn over it.
    const hist =
      study === "macd"
        ? this.chart.addSeries(
            this.lib.HistogramSeries,
            { priceLineVisible: false, lastValueVisible: false, priceFormat: this.priceFormat() },
            pane,
          )
        : undefined;
    const lines = Array.from({ length: count }, (_, k) => {
      const l = this.line(colors[k]!, isPaneStudy(study) ? pane : 0);
      l.applyOptions({ priceFormat: format });
      return l;
    });
    if (study === "sar")
      lines[0]!.applyOptions({ lineVisible: false, pointMarkersVisible: true, pointMarkersRadius: 1.5, color: this.colors.plan });
    if (isPaneStudy(study)) lines[0]!.applyOptions({ lastValueVisible: true });
    const levels = study === "rsi" ? [70, 30] : study === "stochrsi" || study === "kdj" ? [80, 20] : [];
    for (const level of levels)
      lines[0]!.createPriceLine({
        price: level,
        color: this.colors.muted,
        lineStyle: this.lib.LineStyle.Dashed,
        lineWidth: 1,
        axisLabelVisible: false,
        title: "",
      });
    return hist ? { hist, lines } : { lines };
  }

  /** The candles as numbers, computed once per change of the candles. */
  private barCache: { data: readonly Candle[]; bars: ReturnType<typeof barsOf> } | undefined;
  private bars() {
    if (this.barCache?.data !== this.data) this.barCache = { data: this.data, bars: barsOf(this.data) };
    return this.barCache.bars;
  }

  /** Each study's values for the candles (nulls become gaps). */
  private studyValues(study: DrawnStudy): { lines: Series[]; hist?: Series } {
    const out = studyOutput(study, this.bars(), this.params);
    return { lines: out.lines, hist: out.histogram };
  }

  private point(i: number, v: number | null): Lwc.LineData<Time> | Lwc.WhitespaceData<Time> {
    const time = sec(this.data[i]!.ts);
    return v === null ? { time } : { time, value: v };
  }

  private histPoint(i: number, v: number | null): Lwc.HistogramData<Time> | Lwc.WhitespaceData<Time> {
    const time = sec(this.data[i]!.ts);
    return v === null ? { time } : { time, value: v, color: withAlpha(v >= 0 ? this.colors.up : this.colors.down, 0.6) };
  }

  private fillStudies(): void {
    for (const [study, series] of this.studies) {
      const v = this.studyValues(study);
      series.lines.forEach((s, k) => s.setData(v.lines[k]!.map((x, i) => this.point(i, x))));
      if (series.hist && v.hist) series.hist.setData(v.hist.map((x, i) => this.histPoint(i, x)));
    }
  }

  /** Recomputes the studies but hands the library only the last `n` points (the live bar). */
  private updateStudies(n: number): void {
    const from = Math.max(0, this.data.length - n);
    for (const [study, series] of this.studies) {
      const v = this.studyValues(study);
      for (let i = from; i < this.data.length; i++) {
        series.lines.forEach((s, k) => s.update(this.point(i, v.lines[k]![i]!)));
        if (series.hist && v.hist) series.hist.update(this.histPoint(i, v.hist[i]!));
      }
    }
  }

  /** Price lines for orders and plan triggers, arrows for fills; returns the prices drawn. */
  setMarks(prices: readonly PriceMark[], fills: readonly FillMark[]): string[] {
    this.marks = { prices, fills };
    this.drawMarks();
    return this.priceLines.map((l) => String(l.options().price));
  }

  private drawMarks(): void {
    for (const l of this.priceLines) this.candles.removePriceLine(l);
    this.priceLines = this.marks.prices.map((m) =>
      this.candles.createPriceLine({
        price: Number(m.price),
        color:
          m.kind === "plan" || m.kind === "liquidation"
            ? this.colors.plan
            : m.kind === "mark"
              ? this.colors.muted
              : m.side === "buy"
                ? this.colors.up
                : this.colors.down,
        lineWidth: m.kind === "liquidation" ? 2 : 1,
        lineStyle:
          m.kind === "plan" || m.kind === "mark"
            ? this.lib.LineStyle.Dotted
            : m.kind === "entry"
              ? this.lib.LineStyle.Solid
              : this.lib.LineStyle.Dashed,
        axisLabelVisible: true,
        title: this.texts.markTitle(m),
      }),
    );
    this.drawFills();
  }

  private drawFills(): void {
    const known = new Set(this.data.map((c) => c.ts));
    this.markers.setMarkers(
      this.marks.fills
        .filter((f) => known.has(f.time))
        .map((f) => ({
          time: sec(f.time),
          position: f.side === "buy" ? "belowBar" : "aboveBar",
          shape: f.side === "buy" ? "arrowUp" : "arrowDown",
          color: f.side === "buy" ? this.colors.up : this.colors.down,
          text: this.texts.fillText(f),
        })),
    );
  }

  /** Moves the view by `bars` (negative: back in time), as a drag would. */
  scrollBars(bars: number): void {
    const ts = this.chart.timeScale();
    ts.scrollToPosition(ts.scrollPosition() + bars, false);
  }

  /** Widens (factor > 1) or narrows the candles, as the wheel would. */
  zoom(factor: number): void {
    const ts = this.chart.timeScale();
    const spacing = ts.options().barSpacing;
    ts.applyOptions({ barSpacing: Math.min(50, Math.max(1, spacing * factor)) });
  }

  /** Shows the latest candles (after an interval change). */
  scrollToLatest(): void {
    this.chart.timeScale().scrollToRealTime();
  }

  /** The chart at its box's width, drawn at the next frame (made at no width: see the constructor). */
  reveal(): void {
    this.container.style.removeProperty("width");
  }

  destroy(): void {
    this.container.style.removeProperty("width");
    this.container.removeEventListener("pointerdown", this.onDown);
    this.container.removeEventListener("click", this.onClick);
    this.chart.remove();
  }
}

/** A `#rrggbb` theme token at `alpha`; any other colour format is used as it is. */
function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color.trim());
  if (hex) {
    const n = parseInt(hex[1]!, 16);
    return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
  }
  return color;
}
