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
 * Matches `t` against the opposite side, best price first, up to its limit price (`t.price`; 0 for
 * a market order). A user's taker stops at its own resting order (Bitget's cancel-taker rule).
 */
export function matchTaker(book: Book, t: Order, onMatch: OnMatch): void {
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
      m = next;
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
