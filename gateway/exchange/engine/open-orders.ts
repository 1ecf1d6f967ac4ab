import type { Order } from "./types.ts";

const INITIAL = 1024;

/**
 * Open orders by id, with the part of a Map's interface the gateway uses (get, has, values, size),
 * in insertion order like a Map. A Map keyed by id strings cost the matching path three to four
 * cache misses per access once a hundred thousand orders rest (bucket, entry, and the key strings
 * of the chain); this is an open-addressing table keyed by the order's numeric `seq` in a
 * Float64Array (linear probing, backward-shift deletion, load <= 1/2): a lookup reads the key
 * array and the order. The id of an order is the decimal string of its seq; lookups by id check it.
 */
export class OpenOrders {
  /** seq per slot; 0 = empty (ids start above 0). */
  private keys = new Float64Array(INITIAL);
  private orders: Array<Order | null> = new Array<Order | null>(INITIAL).fill(null);
  private mask = INITIAL - 1;
  private shift = 32 - Math.log2(INITIAL);
  /** Insertion order, with holes where orders left (an open order knows its place: `openPos`); compacted once half of it is holes. */
  private list: Array<Order | null> = [];
  private holes = 0;
  private count = 0;

  get size(): number {
    return this.count;
  }

  private home(seq: number): number {
    // low 32 bits of the seq (consecutive ids differ there), spread by Fibonacci hashing
    return Math.imul(seq >>> 0, 0x9e3779b1) >>> this.shift;
  }

  private find(seq: number): number {
    const keys = this.keys;
    const mask = this.mask;
    for (let i = this.home(seq); ; i = (i + 1) & mask) {
      const k = keys[i] as number;
      if (k === seq) return i;
      if (k === 0) return -1;
    }
  }

  /** The open order with this id. */
  get(id: string): Order | undefined {
    const seq = parseDigits(id);
    if (seq <= 0) return undefined;
    const i = this.find(seq);
    if (i < 0) return undefined;
    const o = this.orders[i] as Order;
    return o.id === id ? o : undefined;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** A snapshot of the open orders in the order they were added. */
  values(): IterableIterator<Order> {
    const out: Order[] = [];
    for (const o of this.list) if (o !== null) out.push(o);
    return out.values();
  }

  /** Adds an order that is not open yet (seqs are unique and positive: see IdGen). */
  add(o: Order): void {
    if (!(o.seq > 0)) throw new Error(`order ${o.id} has no seq`);
    if ((this.count + 1) * 2 > this.keys.length) this.grow();
    this.place(o);
    o.openPos = this.list.length;
    this.list.push(o);
    this.count++;
  }

  private place(o: Order): void {
    const keys = this.keys;
    const mask = this.mask;
    let i = this.home(o.seq);
    while (keys[i] !== 0) i = (i + 1) & mask;
    keys[i] = o.seq;
    this.orders[i] = o;
  }

  /** Removes an open order; false if it was not open. */
  remove(o: Order): boolean {
    if (o.openPos < 0 || this.list[o.openPos] !== o) return false;
    const keys = this.keys;
    const orders = this.orders;
    const mask = this.mask;
    let i = this.home(o.seq);
    while (orders[i] !== o) {
      if (keys[i] === 0) return false;
      i = (i + 1) & mask;
    }
    this.list[o.openPos] = null;
    o.openPos = -1;
    this.count--;
    // backward-shift deletion: move later entries of the probe run into the gap
    for (let j = (i + 1) & mask; ; j = (j + 1) & mask) {
      const k = keys[j] as number;
      if (k === 0) break;
      const h = this.home(k);
      // the entry at j may move to i unless its home lies cyclically in (i, j]
      if (i <= j ? h <= i || h > j : h <= i && h > j) {
        keys[i] = k;
        orders[i] = orders[j] as Order;
        i = j;
      }
    }
    keys[i] = 0;
    orders[i] = null;
    if (++this.holes > 32 && this.holes * 2 > this.list.length) this.compact();
    return true;
  }

  private compact(): void {
    const list: Order[] = [];
    for (const o of this.list) {
      if (o === null) continue;
      o.openPos = list.length;
      list.push(o);
    }
    this.list = list;
    this.holes = 0;
  }

  private grow(): void {
    const n = this.keys.length * 2;
    this.keys = new Float64Array(n);
    this.orders = new Array<Order | null>(n).fill(null);
    this.mask = n - 1;
    this.shift = 32 - Math.log2(n);
    for (const o of this.list) if (o !== null) this.place(o);
  }
}

/**
 * The number a string of decimal digits spells (exact for ids: decimal strings of safe integers),
 * or -1. Number() goes through the runtime for strings longer than an array index (about three
 * times slower); callers check the id of what they find, so inexact values of longer strings are harmless.
 */
function parseDigits(s: string): number {
  const n = s.length;
  if (n === 0 || n > 17) return -1;
  let v = 0;
  for (let i = 0; i < n; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}
