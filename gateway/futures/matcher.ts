/**
 * Futures matching on the spot engine's books (docs/decisions/310): the price levels, FIFO queues
 * and time priority are `engine/book.ts`'s; what a fill means (margin, positions) is the caller's.
 */
import type { Book } from "../exchange/engine/book.ts";
import type { Order } from "../exchange/engine/types.ts";
import { notional } from "../exchange/instruments.ts";

/** Told of every match once both orders' fills are counted; the maker has left the book when it is filled. */
export type OnMatch = (maker: Order, price: number, lots: number) => void;

/**
 * Asked before a maker fills (docs/decisions/341): it may cut the maker's size or cancel it (take
 * it out of the book) and answers whether it may still fill. A reduce-only maker is capped here
 * at the position it closes, so a fill can never open or flip a position through it.
 */
export type MakerCap = (maker: Order) => boolean;

/**
 * Matches `t` against the opposite side, best price first, up to its limit price (`t.price`; 0 for
 * a market order). A user's taker stops at its own resting order (Bitget's cancel-taker rule).
 */
export function matchTaker(book: Book, t: Order, onMatch: OnMatch, cap?: MakerCap): void {
  const inst = book.inst;
  if (!inst) return;
  const opp = t.side === "buy" ? book.asks : book.bids;
  const limited = t.price > 0;
  for (;;) {
    const lvl = opp.best();
    if (!lvl) return;
    if (limited && (t.side === "buy" ? lvl.price > t.price : lvl.price < t.price)) return;
    const px = lvl.price;
    let m = lvl.head;
    while (m) {
      const next = m.next;
      if (!t.house && m.userId === t.userId) return;
      if (cap !== undefined && !cap(m)) {
        // cancelled: on with the next order (the level is gone when it was the last)
        m = lvl.count > 0 ? next : null;
        continue;
      }
      const left = t.size - t.filled;
      const open = m.size - m.filled;
      const qty = left < open ? left : open;
      const quote = notional(inst, px, qty);
      m.filled += qty;
      m.filledQuote += quote;
      t.filled += qty;
      t.filledQuote += quote;
      opp.reduce(m, qty);
      book.touch(m.side, px);
      if (m.filled >= m.size) opp.remove(m, 0);
      onMatch(m, px, qty);
      if (t.filled >= t.size) return;
      // a fill may have cancelled other orders of the level (a shrunk position cuts its user's
      // reduce-only orders): go on from the level's head when the next one left the book
      m = next !== null && next.level !== lvl ? (lvl.count > 0 ? lvl.head : null) : next;
    }
  }
}

/** Lots the opposite side offers up to the taker's limit price (for fill-or-kill), skipping the taker's own orders. */
export function fillableLots(book: Book, t: Order): number {
  const opp = t.side === "buy" ? book.asks : book.bids;
  let total = 0;
  for (let i = opp.levels.length - 1; i >= 0; i--) {
    const lvl = opp.levels[i]!;
    if (t.price > 0 && (t.side === "buy" ? lvl.price > t.price : lvl.price < t.price)) break;
    for (let m = lvl.head; m; m = m.next) if (m.userId !== t.userId) total += m.size - m.filled;
    if (total >= t.size) break;
  }
  return total;
}

/** Rests what is left of an order in its book. */
export function rest(book: Book, o: Order): void {
  book.side(o.side).add(o, o.size - o.filled);
  book.touch(o.side, o.price);
}

/** Takes a resting order out of its book. */
export function unrest(o: Order): void {
  const side = o.level === null ? null : o.level.side;
  if (side === null) return;
  side.remove(o, o.size - o.filled);
  side.book.touch(o.side, o.price);
}

/** What a taker would take now: lots and their value in (tick × lot) cells. Reused: read it before the next walk. */
export const WALKED = { lots: 0, cells: 0 };

/**
 * Walks the opposite side as `matchTaker` would (best price first, up to the taker's limit, stopping
 * at the taker's own order) without filling anything: the expected immediate fill of an order, for
 * the post-trade check (docs/decisions/341). Cells (ticks × lots) are exact while they are safe integers.
 */
export function walkFill(book: Book, t: Order): typeof WALKED {
  const opp = t.side === "buy" ? book.asks : book.bids;
  let lots = 0;
  let cells = 0;
  outer: for (let i = opp.levels.length - 1; i >= 0 && lots < t.size; i--) {
    const lvl = opp.levels[i]!;
    if (t.price > 0 && (t.side === "buy" ? lvl.price > t.price : lvl.price < t.price)) break;
    for (let m = lvl.head; m; m = m.next) {
      if (!t.house && m.userId === t.userId) break outer;
      const q = Math.min(m.size - m.filled, t.size - lots);
      lots += q;
      cells += lvl.price * q;
      if (lots >= t.size) break outer;
    }
  }
  WALKED.lots = lots;
  WALKED.cells = cells;
  return WALKED;
}
