/**
 * The trader's drawings as one series primitive on the candles (lightweight-charts' plugin API):
 * it draws every drawing, the one being placed (following the pointer) and the selection, and
 * reports which drawing is under the pointer through the library's hit test (docs/decisions/721).
 * Loaded with the chart engine, after first paint.
 */
import type * as Lwc from "lightweight-charts";
import { ANCHORS, fibLevels, logicalOf, segmentDistance, type Anchor, type Drawing, type DrawingKind } from "~/lib/trade/chart/drawings";

export interface DrawingColors {
  line: string;
  selected: string;
  text: string;
  fill: string;
  background: string;
}

/** The drawing being placed: its kind and the points clicked so far. */
export interface Pending {
  kind: DrawingKind;
  points: Anchor[];
}

type Xy = { x: number; y: number };
const HIT = 6;

export class DrawingLayer implements Lwc.ISeriesPrimitive<Lwc.Time> {
  private chart: Lwc.IChartApiBase<Lwc.Time> | undefined;
  private series: Lwc.ISeriesApi<Lwc.SeriesType, Lwc.Time> | undefined;
  private requestUpdate: (() => void) | undefined;
  private drawings: readonly Drawing[] = [];
  private selected: string | null = null;
  private pending: Pending | null = null;
  private pointer: Anchor | null = null;
  private times: readonly number[] = [];
  private readonly views: Lwc.IPrimitivePaneView[];

  constructor(
    private colors: DrawingColors,
    private format: (price: number) => string,
  ) {
    this.views = [{ zOrder: () => "top", renderer: () => ({ draw: (target) => this.draw(target) }) }];
  }

  attached(p: Lwc.SeriesAttachedParameter<Lwc.Time>): void {
    this.chart = p.chart;
    this.series = p.series;
    this.requestUpdate = p.requestUpdate;
  }

  detached(): void {
    this.chart = this.series = this.requestUpdate = undefined;
  }

  paneViews(): readonly Lwc.IPrimitivePaneView[] {
    return this.views;
  }

  updateAllViews(): void {}

  set(update: {
    drawings?: readonly Drawing[];
    selected?: string | null;
    pending?: Pending | null;
    pointer?: Anchor | null;
    times?: readonly number[];
    colors?: DrawingColors;
    format?: (price: number) => string;
  }): void {
    if (update.drawings !== undefined) this.drawings = update.drawings;
    if (update.selected !== undefined) this.selected = update.selected;
    if (update.pending !== undefined) this.pending = update.pending;
    if (update.pointer !== undefined) this.pointer = update.pointer;
    if (update.times !== undefined) this.times = update.times;
    if (update.colors !== undefined) this.colors = update.colors;
    if (update.format !== undefined) this.format = update.format;
    this.requestUpdate?.();
  }

  get placing(): boolean {
    return this.pending !== null;
  }

  /** A point on the chart as an anchor: the price under it and the time of its bar position. */
  anchorAt(x: number, y: number, timeOf: (logical: number) => number | null): Anchor | null {
    if (!this.chart || !this.series) return null;
    const logical = this.chart.timeScale().coordinateToLogical(x);
    const price = this.series.coordinateToPrice(y);
    if (logical === null || price === null || !(price > 0)) return null;
    const ts = timeOf(logical);
    return ts === null ? null : { ts, price };
  }

  private xy(a: Anchor): Xy | null {
    if (!this.chart || !this.series) return null;
    const logical = logicalOf(this.times, a.ts);
    if (logical === null) return null;
    const x = this.chart.timeScale().logicalToCoordinate(logical as Lwc.Logical);
    const y = this.series.priceToCoordinate(a.price);
    return x === null || y === null ? null : { x, y };
  }

  private points(d: Pick<Drawing, "points">): Xy[] | null {
    const out: Xy[] = [];
    for (const a of d.points) {
      const p = this.xy(a);
      if (!p) return null;
      out.push(p);
    }
    return out;
  }

  hitTest(x: number, y: number): Lwc.PrimitiveHoveredItem | null {
    if (this.pending) return null;
    const width = this.chart?.timeScale().width() ?? 0;
    for (let i = this.drawings.length - 1; i >= 0; i--) {
      const d = this.drawings[i]!;
      const p = this.points(d);
      if (!p) continue;
      if (distance(d, p, x, y, width, this.fibYs(d)) <= HIT)
        return { externalId: d.id, zOrder: "top", cursorStyle: "pointer", hitTestPriority: 1, itemType: "primitive" };
    }
    return null;
  }

  private fibYs(d: Drawing): number[] {
    if (d.kind !== "fib" || !this.series) return [];
    return fibLevels(d)
      .map((l) => this.series!.priceToCoordinate(l.price))
      .filter((y): y is Lwc.Coordinate => y !== null);
  }

  private draw(target: Parameters<Lwc.IPrimitivePaneRenderer["draw"]>[0]): void {
    target.useMediaCoordinateSpace(({ context: ctx, mediaSize }) => {
      for (const d of this.drawings) this.drawOne(ctx, mediaSize.width, d, d.id === this.selected);
      const p = this.pending;
      // The drawing being placed follows the pointer to its next point.
      if (p && this.pointer)
        this.drawOne(
          ctx,
          mediaSize.width,
          { id: "", kind: p.kind, points: [...p.points, this.pointer].slice(0, ANCHORS[p.kind]), text: "…" },
          true,
        );
    });
  }

  private drawOne(ctx: CanvasRenderingContext2D, width: number, d: Drawing, selected: boolean): void {
    const p = this.points(d);
    if (!p) return;
    const c = this.colors;
    ctx.save();
    ctx.strokeStyle = selected ? c.selected : c.line;
    ctx.fillStyle = c.text;
    ctx.lineWidth = selected ? 2 : 1.5;
    ctx.font = "11px system-ui, sans-serif";
    const [a, b] = p as [Xy, Xy | undefined];
    const line = (x1: number, y1: number, x2: number, y2: number) => {
      ctx.beginPath();
      ctx.moveTo(x1, y1);
      ctx.lineTo(x2, y2);
      ctx.stroke();
    };
    switch (d.kind) {
      case "trend":
        if (b) line(a.x, a.y, b.x, b.y);
        break;
      case "hline":
        line(0, a.y, width, a.y);
        ctx.fillText(this.format(d.points[0]!.price), 4, a.y - 4);
        break;
      case "hray":
        line(a.x, a.y, width, a.y);
        ctx.fillText(this.format(d.points[0]!.price), a.x + 4, a.y - 4);
        break;
      case "rect":
        if (!b) break;
        ctx.fillStyle = c.fill;
        ctx.fillRect(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.abs(b.x - a.x), Math.abs(b.y - a.y));
        ctx.strokeRect(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.abs(b.x - a.x), Math.abs(b.y - a.y));
        break;
      case "fib": {
        if (!b) break;
        const left = Math.min(a.x, b.x);
        const right = Math.max(a.x, b.x, left + 40);
        ctx.setLineDash([4, 3]);
        line(a.x, a.y, b.x, b.y);
        ctx.setLineDash([]);
        for (const l of fibLevels(d)) {
          const y = this.series?.priceToCoordinate(l.price);
          if (y === null || y === undefined) continue;
          line(left, y, right, y);
          ctx.fillText(`${l.level} (${this.format(l.price)})`, right + 4, y + 4);
        }
        break;
      }
      case "text": {
        const text = d.text ?? "";
        const w = ctx.measureText(text).width;
        ctx.fillStyle = c.background;
        ctx.fillRect(a.x - 2, a.y - 13, w + 4, 16);
        if (selected) ctx.strokeRect(a.x - 2, a.y - 13, w + 4, 16);
        ctx.fillStyle = c.text;
        ctx.fillText(text, a.x, a.y);
        break;
      }
    }
    if (selected)
      for (const q of p) {
        ctx.beginPath();
        ctx.arc(q.x, q.y, 3.5, 0, Math.PI * 2);
        ctx.fillStyle = c.background;
        ctx.fill();
        ctx.stroke();
      }
    ctx.restore();
  }
}

/** How far (x, y) is from a drawing's strokes, in pixels; inside a rectangle or a note is 0. */
function distance(d: Drawing, p: Xy[], x: number, y: number, width: number, fibYs: number[]): number {
  const [a, b] = p as [Xy, Xy | undefined];
  switch (d.kind) {
    case "trend":
      return b ? segmentDistance(x, y, a.x, a.y, b.x, b.y) : Infinity;
    case "hline":
      return Math.abs(y - a.y);
    case "hray":
      return segmentDistance(x, y, a.x, a.y, width, a.y);
    case "rect":
      if (!b) return Infinity;
      return x >= Math.min(a.x, b.x) - HIT &&
        x <= Math.max(a.x, b.x) + HIT &&
        y >= Math.min(a.y, b.y) - HIT &&
        y <= Math.max(a.y, b.y) + HIT
        ? 0
        : Infinity;
    case "fib": {
      if (!b) return Infinity;
      const left = Math.min(a.x, b.x);
      const right = Math.max(a.x, b.x, left + 40);
      return Math.min(segmentDistance(x, y, a.x, a.y, b.x, b.y), ...fibYs.map((fy) => segmentDistance(x, y, left, fy, right, fy)));
    }
    case "text":
      return x >= a.x - 2 && x <= a.x + 7 * (d.text?.length ?? 1) && y >= a.y - 13 && y <= a.y + 3 ? 0 : Infinity;
  }
}
