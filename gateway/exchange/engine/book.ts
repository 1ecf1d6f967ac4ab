import type { Side } from "../../../protocol/bitget.ts";
import { instrument, type Instrument } from "../instruments.ts";
import { mapEntry } from "../../map-entry.ts";
import { type Balance, type Env, type Level, type Order } from "./types.ts";

/**
 * One side of a book: levels sorted worst-to-best so the best level is the array's last element
 * (taking it is a pop), a map from price to level, and a FIFO list of orders per level.
 */
export class BookSide {
  readonly levels: Level[] = [];
  private readonly byPrice = new Map<number, Level>();
  constructor(
    readonly side: Side,
    readonly book: Book,
  ) {}

  best(): Level | undefined {
    return this.levels[this.levels.length - 1];
  }

  level(price: number): Level | undefined {
    return this.byPrice.get(price);
  }

  /** True when `a` is a better price than `b` for this side. */
  better(a: number, b: number): boolean {
    return this.side === "buy" ? a > b : a < b;
  }

  add(order: Order, lots: number): void {
    let lvl = this.byPrice.get(order.price);
    if (!lvl) {
      lvl = { price: order.price, head: null, tail: null, lots: 0, count: 0, side: this };
      this.byPrice.set(order.price, lvl);
      const levels = this.levels;
      // insert before the first level better than the new price
      const lo = this.firstBetter(order.price);
      if (lo === levels.length) levels.push(lvl);
      else levels.splice(lo, 0, lvl);
    }
    order.level = lvl;
    order.prev = lvl.tail;
    order.next = null;
    if (lvl.tail) lvl.tail.next = order;
    else lvl.head = order;
    lvl.tail = order;
    lvl.lots += lots;
    lvl.count++;
  }

  /** Unlinks a resting order that still has `lots` open. */
  remove(order: Order, lots: number): void {
    const lvl = order.level;
    if (!lvl) return;
    order.level = null;
    if (order.prev) order.prev.next = order.next;
    else lvl.head = order.next;
    if (order.next) order.next.prev = order.prev;
    else lvl.tail = order.prev;
    order.prev = order.next = null;
    lvl.lots -= lots;
    lvl.count--;
    if (lvl.count === 0) this.dropLevel(lvl);
  }

  /** Reduces the open lots of a resting order's level after it was (partly) filled. */
  reduce(order: Order, lots: number): void {
    const lvl = order.level;
    if (lvl) lvl.lots -= lots;
  }

  /** Binary search: the index of the first level better than `price` (the levels' length when none is). */
  private firstBetter(price: number): number {
    const levels = this.levels;
    let lo = 0;
    let hi = levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.better((levels[mid] as Level).price, price)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  private dropLevel(lvl: Level): void {
    this.byPrice.delete(lvl.price);
    const levels = this.levels;
    if (levels[levels.length - 1] === lvl) {
      levels.pop();
      return;
    }
    // the first level better than this one is one past it
    const i = this.firstBetter(lvl.price) - 1;
    if (levels[i] === lvl) levels.splice(i, 1);
  }

  /** Best-first [price, lots] pairs of up to `n` levels. */
  depth(n: number): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    for (let i = this.levels.length - 1; i >= 0 && out.length < n; i--) {
      const l = this.levels[i] as Level;
      out.push([l.price, l.lots]);
    }
    return out;
  }
}

/** One symbol's book in one environment, with a sequence number per change for stream followers. */
export class Book {
  readonly bids = new BookSide("buy", this);
  readonly asks = new BookSide("sell", this);
  /** Increments on every change of a level's size. */
  seq = 0;
  /** Prices touched since the last drain, per side (only when a stream follows this book). */
  tracking = false;
  readonly touchedBids = new Set<number>();
  readonly touchedAsks = new Set<number>();
  readonly inst: Instrument | undefined;
  /** The fee account's balances in this book's coins (set by the engine at the first fee). */
  feeBase: Balance | null = null;
  feeQuote: Balance | null = null;
  /** The last trade price in ticks (0 before the first trade since the start): the price bands' reference. */
  last = 0;
  /** The price band (docs/decisions/340) worked out for `bandRef`, so an order checks it without arithmetic. */
  bandRef = 0;
  buyMin = 0;
  buyMax = 0;
  sellMin = 0;
  sellMax = 0;
  /** The protection prices of a market buy and sell at `bandRef`. */
  buyProtect = 0;
  sellProtect = 0;
  constructor(
    readonly env: Env,
    readonly symbol: string,
  ) {
    this.inst = instrument(symbol);
  }

  side(side: Side): BookSide {
    return side === "buy" ? this.bids : this.asks;
  }

  touch(side: Side, price: number): void {
    this.seq++;
    if (this.tracking) (side === "buy" ? this.touchedBids : this.touchedAsks).add(price);
  }
}

/** The books of one product, one per environment and symbol, made the first time they are asked for. */
export class Books {
  private readonly byEnv: Record<Env, Map<string, Book>> = { live: new Map(), paper: new Map() };
  /** In the order they were made, so a walk over them is deterministic. */
  private readonly made: Book[] = [];

  of(env: Env, symbol: string): Book {
    return mapEntry(this.byEnv[env], symbol, () => {
      const b = new Book(env, symbol);
      this.made.push(b);
      return b;
    });
  }

  /** Every book (streams walk them for touched levels). */
  all(): IterableIterator<Book> {
    return this.made.values();
  }
}
