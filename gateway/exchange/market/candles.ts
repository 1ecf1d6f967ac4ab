/**
 * Candles of every Bitget granularity, aggregated on request from 1-minute candles (the last
 * 30 days: back-fill then live trades) and 1-hour candles (the year before). Granularities from
 * 6h up without the `utc` suffix are aligned to UTC+8 as Bitget's are; weeks start on Monday.
 */
import { GRANULARITIES, type Granularity } from "../../../protocol/bitget.ts";
import type { Db } from "../../db/database.ts";
import { INSTRUMENTS } from "../instruments.ts";
import { buildHistory, DAY, HOUR, MINUTE } from "./history.ts";
import type { Series } from "./series.ts";

export interface Candle {
  ts: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  q: number;
}

const UTC8 = 8 * HOUR;
const MONDAY_SHIFT = 4 * DAY; // 1970-01-01 was a Thursday

function offsetOf(g: Granularity): number {
  if (g.endsWith("utc")) return 0;
  const ms = GRANULARITIES[g];
  return ms === 0 || ms >= 6 * HOUR ? UTC8 : 0;
}

export function bucketStart(g: Granularity, ts: number): number {
  const off = offsetOf(g);
  const ms = GRANULARITIES[g];
  if (ms === 0) {
    const d = new Date(ts + off);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - off;
  }
  if (ms === 7 * DAY) return Math.floor((ts + off - MONDAY_SHIFT) / ms) * ms + MONDAY_SHIFT - off;
  return Math.floor((ts + off) / ms) * ms - off;
}

export class CandleStore {
  readonly minutes: Series[];
  readonly hours: Series[];
  private readonly index = new Map(INSTRUMENTS.map((inst, i) => [inst.symbol, i]));
  private readonly dirty = new Set<number>();

  /** `table` holds the live minutes: the spot market's, or another market's on the same pairs (futures). */
  constructor(
    seed: number,
    genesisMs: number,
    private readonly table = "ex_candles",
  ) {
    const h = buildHistory(seed, genesisMs);
    this.minutes = h.minutes;
    this.hours = h.hours;
  }

  /** Loads live 1-minute candles persisted by earlier runs. */
  load(db: Db): void {
    const rows = db
      .prepare(`SELECT symbol, ts, open, high, low, close, base_vol, quote_vol FROM ${this.table} ORDER BY ts`)
      .all() as Array<{
      symbol: string;
      ts: number;
      open: number;
      high: number;
      low: number;
      close: number;
      base_vol: number;
      quote_vol: number;
    }>;
    for (const r of rows) {
      const i = this.index.get(r.symbol);
      if (i === undefined) continue;
      const s = this.minutes[i]!;
      const k = s.indexOf(r.ts);
      if (k >= 0) s.set(k, r.open, r.high, r.low, r.close, r.base_vol, r.quote_vol);
    }
  }

  /** Records a live trade of the public (live) market. */
  trade(symbol: string, ts: number, price: number, lots: number, quoteCents: number): void {
    const i = this.index.get(symbol);
    if (i === undefined) return;
    this.minutes[i]!.trade(ts, price, lots, quoteCents);
    this.dirty.add(i);
  }

  /** Writes the current minute of every pair that traded since the last call. */
  persist(db: Db): void {
    if (this.dirty.size === 0) return;
    const up =
      db.prepare(`INSERT INTO ${this.table} (symbol, ts, open, high, low, close, base_vol, quote_vol) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT(symbol, ts) DO UPDATE SET high = excluded.high, low = excluded.low, close = excluded.close, base_vol = excluded.base_vol, quote_vol = excluded.quote_vol`);
    db.transaction(() => {
      for (const i of this.dirty) {
        const s = this.minutes[i]!;
        const k = s.length - 1;
        // the previous minute too: it may have closed since the last write
        for (const j of [k - 1, k]) {
          if (j < 0) continue;
          up.run(INSTRUMENTS[i]!.symbol, s.ts(j), s.o[j], s.h[j], s.l[j], s.c[j], s.v[j], s.q[j]);
        }
      }
    })();
    this.dirty.clear();
  }

  lastPrice(symbol: string): number | undefined {
    const i = this.index.get(symbol);
    return i === undefined ? undefined : this.minutes[i]!.lastClose();
  }

  /** Up to `limit` candles ending at `end` (inclusive bucket) and not before `start`, oldest first. */
  query(symbol: string, g: Granularity, end: number, limit: number, start = 0): Candle[] {
    const i = this.index.get(symbol);
    if (i === undefined) return [];
    const ms = GRANULARITIES[g];
    const span = ms === 0 ? 31 * DAY : ms;
    const mins = this.minutes[i]!;
    // a bucket that has not traded yet does not count against `limit`: the window ends at the newest candle
    const newest = mins.length > 0 ? bucketStart(g, mins.ts(mins.length - 1)) : Infinity;
    const lastBucket = Math.min(bucketStart(g, end), newest);
    const from = Math.max(start, lastBucket - (limit - 1) * span - (ms === 0 ? 31 * DAY : 0));
    const out: Candle[] = [];
    const add = (s: Series, k: number) => {
      const ts = s.ts(k);
      const b = bucketStart(g, ts);
      if (b < start) return;
      const last = out[out.length - 1];
      if (last && last.ts === b) {
        if (s.h[k]! > last.h) last.h = s.h[k]!;
        if (s.l[k]! < last.l) last.l = s.l[k]!;
        last.c = s.c[k]!;
        last.v += s.v[k]!;
        last.q += s.q[k]!;
      } else {
        out.push({ ts: b, o: s.o[k]!, h: s.h[k]!, l: s.l[k]!, c: s.c[k]!, v: s.v[k]!, q: s.q[k]! });
      }
    };
    const hours = this.hours[i]!;
    const fromBucket = bucketStart(g, from);
    if (ms === 0 || ms >= HOUR) {
      const k0 = Math.max(0, hours.indexOf(fromBucket));
      for (let k = k0; k < hours.length; k++) {
        if (bucketStart(g, hours.ts(k)) > lastBucket) break;
        add(hours, k);
      }
    }
    const m0 = Math.max(0, mins.indexOf(fromBucket));
    // the last bucket is whole (all its base candles), as a client asking up to `end` expects
    for (let k = m0; k < mins.length; k++) {
      if (bucketStart(g, mins.ts(k)) > lastBucket) break;
      add(mins, k);
    }
    return out.slice(-limit);
  }

  /** 24h statistics from the 1-minute candles. */
  stats24h(
    symbol: string,
    now: number,
  ): { open: number; high: number; low: number; close: number; base: number; quoteCents: number; openUtc: number } | undefined {
    const i = this.index.get(symbol);
    if (i === undefined) return undefined;
    const s = this.minutes[i]!;
    if (s.length === 0) return undefined;
    const k0 = Math.max(0, s.indexOf(now - DAY) + 1);
    let high = 0;
    let low = Number.MAX_SAFE_INTEGER;
    let base = 0;
    let quoteCents = 0;
    for (let k = k0; k < s.length; k++) {
      if (s.h[k]! > high) high = s.h[k]!;
      if (s.l[k]! < low) low = s.l[k]!;
      base += s.v[k]!;
      quoteCents += s.q[k]!;
    }
    const utcMidnight = Math.floor(now / DAY) * DAY;
    const ku = Math.min(s.length - 1, Math.max(0, s.indexOf(utcMidnight)));
    return { open: s.o[k0]!, high, low, close: s.c[s.length - 1]!, base, quoteCents, openUtc: s.o[ku]! };
  }
}

export { MINUTE };
