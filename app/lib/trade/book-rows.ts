import { add, compare, div, parseDecimal, toText, type Decimal } from "~/lib/numbers/decimal";
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
