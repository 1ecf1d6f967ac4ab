/**
 * The trader's drawings on the price chart: what they are, where they are kept (per pair and per
 * product line, in the `common` local area) and the geometry shared by the canvas and the list
 * (docs/decisions/721). Anchors are a time (ms) and a price, so a drawing stays on the same market
 * moment whatever the interval.
 */
import { localArea, type AreaStore } from "~/lib/prefs/local-store";

export const DRAWING_KINDS = ["trend", "hline", "hray", "fib", "rect", "text"] as const;
export type DrawingKind = (typeof DRAWING_KINDS)[number];

/** How many clicks place each kind. */
export const ANCHORS: Record<DrawingKind, 1 | 2> = { trend: 2, hline: 1, hray: 1, fib: 2, rect: 2, text: 1 };

export interface Anchor {
  ts: number;
  price: number;
}

export interface Drawing {
  id: string;
  kind: DrawingKind;
  points: Anchor[];
  /** The note of a text drawing. */
  text?: string;
}

/** Fibonacci retracement levels, from the second point (0) back to the first (1). */
export const FIB_LEVELS = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1] as const;

/** Each retracement level's price: 0 at the second point, 1 at the first. */
export function fibLevels(d: Pick<Drawing, "points">): { level: number; price: number }[] {
  const [a, b] = d.points;
  if (!a || !b) return [];
  return FIB_LEVELS.map((level) => ({ level, price: b.price + (a.price - b.price) * level }));
}

export const MAX_DRAWINGS = 100;
export const MAX_TEXT = 200;
const MAX_STORED = 60_000;

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** A stored list, read defensively: malformed drawings are dropped, never the whole list. */
export function parseDrawings(raw: string): Drawing[] {
  if (raw.length > MAX_STORED) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const out: Drawing[] = [];
  const ids = new Set<string>();
  for (const item of data) {
    if (typeof item !== "object" || item === null) continue;
    const { id, kind, points, text } = item as Record<string, unknown>;
    if (typeof id !== "string" || !/^[\w-]{1,40}$/.test(id) || ids.has(id)) continue;
    if (typeof kind !== "string" || !(DRAWING_KINDS as readonly string[]).includes(kind)) continue;
    const k = kind as DrawingKind;
    if (!Array.isArray(points) || points.length !== ANCHORS[k]) continue;
    const anchors = points.map((p) => (typeof p === "object" && p !== null ? (p as Record<string, unknown>) : {}));
    if (!anchors.every((p) => finite(p.ts) && finite(p.price) && p.price > 0)) continue;
    if (k === "text" && (typeof text !== "string" || text.trim() === "" || text.length > MAX_TEXT)) continue;
    ids.add(id);
    out.push({
      id,
      kind: k,
      points: anchors.map((p) => ({ ts: p.ts as number, price: p.price as number })),
      ...(k === "text" ? { text: text as string } : {}),
    });
    if (out.length === MAX_DRAWINGS) break;
  }
  return out;
}

/** The stored key of a pair's drawings on a product line: `common:klineDrawings:SPOT:BTCUSDT`. */
export const drawingsKey = (instType: string, symbol: string) => `klineDrawings:${instType}:${symbol}`;

export function loadDrawings(instType: string, symbol: string, area: AreaStore = localArea("common")): Drawing[] {
  const raw = area.get(drawingsKey(instType, symbol));
  return raw === undefined ? [] : parseDrawings(raw);
}

export function saveDrawings(instType: string, symbol: string, list: readonly Drawing[], area: AreaStore = localArea("common")): void {
  const key = drawingsKey(instType, symbol);
  if (list.length === 0) area.remove(key);
  else area.set(key, JSON.stringify(list.slice(0, MAX_DRAWINGS)));
}

/** A new drawing's id: time and a random tail, unique within a list. */
export function newDrawingId(now = Date.now(), random = Math.random): string {
  return `${now.toString(36)}-${Math.floor(random() * 36 ** 6).toString(36)}`;
}

/**
 * Where a time falls on the chart's bar index (fractional between bars, extended at either end by
 * the spacing of the nearest two bars), so anchors placed on one interval land on another.
 */
export function logicalOf(times: readonly number[], ts: number): number | null {
  const n = times.length;
  if (n === 0) return null;
  if (n === 1) return ts === times[0] ? 0 : null;
  if (ts <= times[0]!) return (ts - times[0]!) / (times[1]! - times[0]!);
  if (ts >= times[n - 1]!) return n - 1 + (ts - times[n - 1]!) / (times[n - 1]! - times[n - 2]!);
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= ts) lo = mid;
    else hi = mid;
  }
  return lo + (ts - times[lo]!) / (times[hi]! - times[lo]!);
}

/** The time at a bar index, the inverse of `logicalOf` (rounded to the millisecond). */
export function timeOf(times: readonly number[], logical: number): number | null {
  const n = times.length;
  if (n < 2) return n === 1 && logical === 0 ? times[0]! : null;
  const i = Math.min(Math.max(Math.floor(logical), 0), n - 2);
  return Math.round(times[i]! + (logical - i) * (times[i + 1]! - times[i]!));
}

/** Distance from (x, y) to the segment a–b, in pixels. */
export function segmentDistance(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}
