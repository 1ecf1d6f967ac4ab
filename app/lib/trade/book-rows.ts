import { add, compare, div, mul, parseDecimal, roundToStep, toText, type Decimal } from "~/lib/numbers/decimal";
import type { BookLevel } from "~/lib/ws/order-book";

export interface BookRow extends BookLevel {
  /** Size from the best level down to this one. */
  total: string;
  /** This row's cumulative size as a percentage of the side's deepest, for its depth bar ("0"–"100"). */
  depth: string;
}

const ZERO: Decimal = { int: 0n, scale: 0 };

/** Cumulative totals and depth bars of one side, best level first; both sides share `scaleTo` so bars compare. */
export function bookRows(levels: readonly BookLevel[], scaleTo?: Decimal): BookRow[] {
  let sum = ZERO;
  const totals = levels.map((l) => (sum = add(sum, parseDecimal(l.size) ?? ZERO)));
  const max = scaleTo ?? sum;
  return levels.map((l, i) => {
    const total = totals[i]!;
    const pct = max.int === 0n ? ZERO : (div(total, max, 2, "down") ?? ZERO);
    return { ...l, total: toText(total), depth: toText({ int: pct.int * 100n, scale: pct.scale }) };
  });
}

/** The larger of two sides' total sizes: the length of a full depth bar. */
export function deeperSide(a: readonly BookLevel[], b: readonly BookLevel[]): Decimal {
  const total = (side: readonly BookLevel[]) => side.reduce((s, l) => add(s, parseDecimal(l.size) ?? ZERO), ZERO);
  const x = total(a);
  const y = total(b);
  return compare(x, y) >= 0 ? x : y;
}

/** The gap between the best ask and the best bid, and that gap as a ratio of the ask. */
export function spreadOf(asks: readonly BookLevel[], bids: readonly BookLevel[]): { spread: string; ratio: string } | undefined {
  const ask = asks[0] && parseDecimal(asks[0].price);
  const bid = bids[0] && parseDecimal(bids[0].price);
  if (!ask || !bid) return undefined;
  const spread = add(ask, { int: -bid.int, scale: bid.scale });
  return { spread: toText(spread), ratio: toText(div(spread, ask, 6) ?? ZERO) };
}

/** The book's price groupings: the tick, then ten, a hundred and a thousand ticks. */
export function groupSteps(tick: Decimal): Decimal[] {
  return [1n, 10n, 100n, 1000n].map((m) => ({ int: tick.int * m, scale: tick.scale }));
}

/**
 * Levels merged into buckets of `step`, best first. Asks round up and bids round down (as
 * exchanges group), so a bucket's price is never better than any order in it. Unreadable levels
 * are skipped.
 */
export function groupLevels(levels: readonly BookLevel[], side: "asks" | "bids", step: Decimal): BookLevel[] {
  const out: Array<{ price: Decimal; size: Decimal }> = [];
  for (const l of levels) {
    const price = parseDecimal(l.price);
    const size = parseDecimal(l.size);
    if (!price || !size) continue;
    const bucket = roundToStep(price, step, side === "asks" ? "up" : "down");
    const last = out[out.length - 1];
    if (last && compare(last.price, bucket) === 0) last.size = add(last.size, size);
    else out.push({ price: bucket, size });
  }
  return out.map((b) => ({ price: toText(b.price), size: toText(b.size) }));
}

/** Each level's size as its value in the quote coin (price × size), for a trader who sizes in the quote. */
export function inQuote(levels: readonly BookLevel[]): BookLevel[] {
  return levels.flatMap((l) => {
    const price = parseDecimal(l.price);
    const size = parseDecimal(l.size);
    return price && size ? [{ price: l.price, size: toText(mul(price, size)) }] : [];
  });
}

/** The buy and sell sides' shares of the shown depth in whole percent (they add up to 100); none for an empty book. */
export function bookRatio(asks: readonly BookLevel[], bids: readonly BookLevel[]): { bids: number; asks: number } | undefined {
  const total = (side: readonly BookLevel[]) => side.reduce((s, l) => add(s, parseDecimal(l.size) ?? ZERO), ZERO);
  const b = total(bids);
  const all = add(b, total(asks));
  if (all.int === 0n) return undefined;
  const share = Number(toText(div(mul(b, { int: 100n, scale: 0 }), all, 0) ?? ZERO));
  return { bids: share, asks: 100 - share };
}

/**
 * The book rows holding the trader's own orders, as `ask:<price>`/`bid:<price>` in the grouping
 * shown (a sell is an ask, a buy a bid, each bucketed as `groupLevels` does).
 */
export function ownLevels(orders: ReadonlyArray<{ side: string; priceAvg: string }>, step: Decimal): Set<string> {
  const out = new Set<string>();
  for (const o of orders) {
    const price = parseDecimal(o.priceAvg);
    if (!price || price.int <= 0n) continue;
    const ask = o.side === "sell";
    out.add(`${ask ? "ask" : "bid"}:${toText(roundToStep(price, step, ask ? "up" : "down"))}`);
  }
  return out;
}
