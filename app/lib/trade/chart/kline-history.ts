import type { Candle } from "~/lib/trade/candles";

/** Candles per older page: the most `history-candles` returns at once. */
export const HISTORY_PAGE = 200;
/** Candles the chart keeps in memory at most; beyond this the oldest are dropped rather than paged. */
export const MAX_HISTORY = 5000;

/**
 * The page that ends just before the oldest candle shown: `endTime` is inclusive of its bucket on
 * the gateway (docs/protocol.md), so one millisecond earlier is the previous candle's bucket.
 */
export function olderPageEnd(oldest: Candle | undefined): number | undefined {
  return oldest && oldest.ts > 0 ? oldest.ts - 1 : undefined;
}

/** What changed on the chart after new candles came in. */
export type CandleChange =
  | { kind: "none" }
  /** Only the last candle grew and/or new ones were appended: update those, draw nothing else again. */
  | { kind: "tail"; bars: Candle[] }
  /** Something earlier than the last bar changed (an older page, a repaired gap): draw it all. */
  | { kind: "reset" };

const same = (a: Candle, b: Candle) =>
  a.open === b.open && a.high === b.high && a.low === b.low && a.close === b.close && a.volume === b.volume;

/**
 * Merges stream candles into the chart's candles. Candles at or after the last one shown are a
 * tail change (the live bar or a new bar); a changed older candle asks for a full redraw.
 */
export function mergeLive(current: readonly Candle[], incoming: readonly Candle[]): { candles: Candle[]; change: CandleChange } {
  const last = current[current.length - 1];
  const byTs = new Map(current.map((c, i) => [c.ts, i]));
  const out = current.slice();
  const tail: Candle[] = [];
  let reset = false;
  for (const c of [...incoming].sort((a, b) => a.ts - b.ts)) {
    const at = byTs.get(c.ts);
    if (at !== undefined) {
      if (same(out[at]!, c)) continue;
      out[at] = c;
      if (last && c.ts === last.ts) tail.push(c);
      else reset = true;
    } else if (!last || c.ts > (tail[tail.length - 1]?.ts ?? last.ts)) {
      out.push(c);
      byTs.set(c.ts, out.length - 1);
      tail.push(c);
    } else {
      // A candle inside the known range that we did not have: keep the order, redraw.
      out.push(c);
      byTs.set(c.ts, out.length - 1);
      reset = true;
    }
  }
  if (reset) {
    const sorted = out.sort((a, b) => a.ts - b.ts).slice(-MAX_HISTORY);
    return { candles: sorted, change: { kind: "reset" } };
  }
  if (tail.length === 0) return { candles: out, change: { kind: "none" } };
  if (out.length > MAX_HISTORY) return { candles: out.slice(-MAX_HISTORY), change: { kind: "reset" } };
  return { candles: out, change: { kind: "tail", bars: tail } };
}

/** Puts an older page in front of what is shown; returns how many candles were new. */
export function prependOlder(current: readonly Candle[], older: readonly Candle[]): { candles: Candle[]; added: number } {
  const first = current[0];
  const fresh = older.filter((c) => !first || c.ts < first.ts);
  const room = Math.max(0, MAX_HISTORY - current.length);
  const kept = fresh.slice(Math.max(0, fresh.length - room));
  return { candles: [...kept, ...current], added: kept.length };
}

export type PageResult = "loaded" | "exhausted" | "busy" | "failed";

/** Pages start at least this far apart, so panning fast stays well inside the API's 20 requests a second per address. */
export const PAGE_GAP_MS = 250;
/** After a refused or failed page (a 429, the network), the next try waits this long. */
export const PAGE_RETRY_MS = 2000;

/**
 * Loads older candles one page at a time as the trader pans left: one request at a time, paced
 * (PAGE_GAP_MS, PAGE_RETRY_MS after a failure), none after the gateway ran out of history (a page
 * with nothing older) or the memory cap was reached.
 */
export class OlderPages {
  private busy = false;
  private done = false;
  /** When the next page may start. */
  private nextAt = 0;

  constructor(
    private readonly fetchPage: (endTime: number, limit: number) => Promise<Candle[]>,
    private readonly now: () => number = Date.now,
  ) {}

  get exhausted(): boolean {
    return this.done;
  }

  /** A page is on its way. */
  get loading(): boolean {
    return this.busy;
  }

  /** Whether a page may start now (none on its way, history left, its pause over). */
  get ready(): boolean {
    return !this.busy && !this.done && this.now() >= this.nextAt;
  }

  /** Asks for the page before `current`; `apply` gets the page's candles to put in front of whatever is shown by then. */
  async load(current: readonly Candle[], apply: (older: Candle[]) => void): Promise<PageResult> {
    if (this.done) return "exhausted";
    if (this.busy) return "busy";
    // Nothing shown yet: there is no edge to page from (the stream's snapshot comes first).
    if (current.length === 0) return "busy";
    const end = olderPageEnd(current[0]);
    if (end === undefined || current.length >= MAX_HISTORY) {
      this.done = true;
      return "exhausted";
    }
    if (this.now() < this.nextAt) return "busy";
    this.busy = true;
    this.nextAt = this.now() + PAGE_GAP_MS;
    try {
      const page = await this.fetchPage(end, HISTORY_PAGE);
      if (prependOlder(current, page).added === 0) {
        this.done = true;
        return "exhausted";
      }
      apply(page);
      return "loaded";
    } catch {
      this.nextAt = this.now() + PAGE_RETRY_MS;
      return "failed";
    } finally {
      this.busy = false;
    }
  }
}

/** Whether the left edge of the visible range is close enough to the first candle to ask for more. */
export function nearLeftEdge(visibleFrom: number | null | undefined, margin = 20): boolean {
  return typeof visibleFrom === "number" && visibleFrom < margin;
}

export type DrawChange = CandleChange | { kind: "older"; added: number };

/**
 * What to hand the chart to go from the candles it has to the candles of the page now. Unchanged
 * candles keep their identity through `mergeLive` and `prependOlder`, so a comparison by
 * reference finds a grown last bar, new bars, or a page put in front; anything else is a redraw.
 */
export function changeBetween(drawn: readonly Candle[], next: readonly Candle[]): DrawChange {
  if (drawn === next) return { kind: "none" };
  if (drawn.length === 0 || next.length === 0) return { kind: "reset" };
  // An older page puts candles in front: the drawn ones then start further in.
  const added = next[0] === drawn[0] ? 0 : next.indexOf(drawn[0]!);
  if (added < 0 || next.length < added + drawn.length) return { kind: "reset" };
  const lastDrawn = drawn.length - 1;
  for (let i = 0; i < lastDrawn; i++) if (next[added + i] !== drawn[i]) return { kind: "reset" };
  if (next[added + lastDrawn]!.ts !== drawn[lastDrawn]!.ts) return { kind: "reset" };
  // The page is drawn whole (with any live bar that came in the same frame); the view is kept.
  if (added > 0) return { kind: "older", added };
  const bars = next.slice(next[lastDrawn] === drawn[lastDrawn] ? drawn.length : lastDrawn);
  return bars.length === 0 ? { kind: "none" } : { kind: "tail", bars };
}
