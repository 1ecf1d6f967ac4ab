import type { Book } from "../engine/book.ts";

export type Level = [price: number, size: number];

/**
 * A book's best `n` levels a side in ticks and lots, merged into buckets of 10^step ticks (bids
 * rounded down, asks up, so a bucket never promises a better price than its orders). Spot and futures
 * depth answers both read it.
 */
export function mergedLevels(book: Book, n: number, step = 0): { asks: Level[]; bids: Level[] } {
  const bucket = 10 ** step;
  const merge = (levels: Level[], up: boolean) => {
    const out: Level[] = [];
    for (const [p, s] of levels) {
      const b = step === 0 ? p : (up ? Math.ceil(p / bucket) : Math.floor(p / bucket)) * bucket;
      const last = out[out.length - 1];
      if (last && last[0] === b) last[1] += s;
      else if (out.length < n) out.push([b, s]);
      else break;
    }
    return out;
  };
  // Merged buckets may each hold many levels: read deep enough to fill n of them.
  const deep = step === 0 ? n : n * 50;
  return { asks: merge(book.asks.depth(deep), true), bids: merge(book.bids.depth(deep), false) };
}
