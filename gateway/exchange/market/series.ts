/**
 * A growable run of candles at one resolution, column-wise in typed arrays (prices in ticks,
 * volumes in lots and quote cents: integers stored in float64, exact below 2^53).
 */
export class Series {
  length = 0;
  o: Float64Array;
  h: Float64Array;
  l: Float64Array;
  c: Float64Array;
  v: Float64Array;
  q: Float64Array;

  constructor(
    readonly start: number,
    readonly res: number,
    capacity = 1024,
  ) {
    this.o = new Float64Array(capacity);
    this.h = new Float64Array(capacity);
    this.l = new Float64Array(capacity);
    this.c = new Float64Array(capacity);
    this.v = new Float64Array(capacity);
    this.q = new Float64Array(capacity);
  }

  private grow(min: number): void {
    let cap = this.o.length;
    if (min <= cap) return;
    while (cap < min) cap *= 2;
    for (const k of ["o", "h", "l", "c", "v", "q"] as const) {
      const a = new Float64Array(cap);
      a.set(this[k]);
      this[k] = a;
    }
  }

  ts(i: number): number {
    return this.start + i * this.res;
  }

  indexOf(ts: number): number {
    return Math.floor((ts - this.start) / this.res);
  }

  set(i: number, o: number, h: number, l: number, c: number, v: number, q: number): void {
    this.grow(i + 1);
    this.fillTo(i);
    this.o[i] = o;
    this.h[i] = h;
    this.l[i] = l;
    this.c[i] = c;
    this.v[i] = v;
    this.q[i] = q;
    if (i >= this.length) this.length = i + 1;
  }

  /** Flat candles (last close, no volume) over a gap without trades. */
  private fillTo(i: number): void {
    if (this.length === 0 || i <= this.length) return;
    const last = this.c[this.length - 1] as number;
    for (let k = this.length; k < i; k++) {
      this.o[k] = this.h[k] = this.l[k] = this.c[k] = last;
      this.v[k] = this.q[k] = 0;
    }
    this.length = i;
  }

  /** Adds a trade to the candle of `ts`. */
  trade(ts: number, price: number, lots: number, quoteCents: number): void {
    const i = this.indexOf(ts);
    if (i < 0) return;
    if (i < this.length - 1) return; // late trade for a closed candle: ignore
    if (i === this.length - 1) {
      if (price > (this.h[i] as number)) this.h[i] = price;
      if (price < (this.l[i] as number)) this.l[i] = price;
      this.c[i] = price;
      this.v[i] = (this.v[i] as number) + lots;
      this.q[i] = (this.q[i] as number) + quoteCents;
      return;
    }
    this.set(i, price, price, price, price, lots, quoteCents);
  }

  lastClose(): number | undefined {
    return this.length > 0 ? this.c[this.length - 1] : undefined;
  }
}
