/**
 * The depth chart's curve: cumulative size from the best price outwards on each side of the
 * book the page already follows (docs/decisions/703).
 */
import type { BookLevel } from "~/lib/ws/order-book";

export interface DepthPoint {
  price: number;
  /** Size of this level and every better one. */
  total: number;
}

export interface DepthCurve {
  bids: DepthPoint[];
  asks: DepthPoint[];
  minPrice: number;
  maxPrice: number;
  maxTotal: number;
}

function cumulative(levels: readonly BookLevel[]): DepthPoint[] {
  let total = 0;
  const out: DepthPoint[] = [];
  for (const l of levels) {
    const price = Number(l.price);
    const size = Number(l.size);
    if (!Number.isFinite(price) || !Number.isFinite(size) || size <= 0) continue;
    total += size;
    out.push({ price, total });
  }
  return out;
}

/** Bids from the best (highest) down, asks from the best (lowest) up; undefined for an empty book. */
export function depthCurve(book: { bids: readonly BookLevel[]; asks: readonly BookLevel[] }): DepthCurve | undefined {
  const bids = cumulative(book.bids);
  const asks = cumulative(book.asks);
  const prices = [...bids, ...asks].map((p) => p.price);
  if (prices.length === 0) return undefined;
  const totals = [...bids, ...asks].map((p) => p.total);
  return { bids, asks, minPrice: Math.min(...prices), maxPrice: Math.max(...prices), maxTotal: Math.max(...totals) };
}

/**
 * An SVG path of one side as a step area in a `width`×`height` box (y grows down): it rises at each
 * level away from the mid price and closes along the bottom edge.
 */
export function depthPath(points: readonly DepthPoint[], curve: DepthCurve, width: number, height: number): string {
  if (points.length === 0) return "";
  const span = curve.maxPrice - curve.minPrice || 1;
  const x = (p: number) => ((p - curve.minPrice) / span) * width;
  const y = (t: number) => height - (t / curve.maxTotal) * height;
  const f = (n: number) => Math.round(n * 10) / 10;
  let d = `M${f(x(points[0]!.price))},${height}`;
  let prevY = height;
  for (const p of points) {
    d += `L${f(x(p.price))},${f(prevY)}L${f(x(p.price))},${f(y(p.total))}`;
    prevY = y(p.total);
  }
  const edge = x(points[points.length - 1]!.price) < x(points[0]!.price) ? 0 : width;
  d += `L${f(edge)},${f(prevY)}L${f(edge)},${height}Z`;
  return d;
}
