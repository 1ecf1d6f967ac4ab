/**
 * Back-filled history for a fresh data directory: 30 days of 1-minute candles and about a year
 * of 1-hour candles before them, walked backward in time from the reference prices with the
 * same price process as the live market (so the live market continues the last close). It is
 * regenerated from (seed, genesis) at every start (about 0.3 s) instead of
 * being stored.
 */
import { INSTRUMENTS } from "../instruments.ts";
import { PriceProcess } from "./price-process.ts";
import { Rng, mixSeed } from "./random.ts";
import { Series } from "./series.ts";

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
export const MINUTE_DAYS = 30;
export const HOURLY_DAYS = 370;

export interface History {
  minutes: Series[];
  hours: Series[];
}

/** Base traded value per minute in USDT, scaled by activity. */
const USDT_PER_MINUTE = 40_000;

function walk(bundle: Series[], count: number, proc: PriceProcess, rng: Rng, endLog: number[], dtMin: number): number[] {
  // Walks backward from the closes at the series' end; returns the log opens of the first candle.
  proc.state.logPrice = endLog.slice();
  for (let k = count - 1; k >= 0; k--) {
    const closes = proc.state.logPrice.slice();
    const r = proc.step(-1);
    for (let i = 0; i < INSTRUMENTS.length; i++) {
      const inst = INSTRUMENTS[i]!;
      const s = proc.sigma(i);
      const scale = 10 ** inst.pricePrecision;
      const c = Math.exp(closes[i]!);
      const o = Math.exp(proc.state.logPrice[i]!);
      const hi = Math.max(o, c) * Math.exp(Math.abs(rng.normal()) * s * 0.5);
      const lo = Math.min(o, c) * Math.exp(-Math.abs(rng.normal()) * s * 0.5);
      const activity = (0.4 + Math.abs(r[i]!) / (s || 1)) * Math.exp(0.4 * rng.normal());
      const usdt = USDT_PER_MINUTE * dtMin * activity;
      const lots = Math.max(1, Math.round((usdt / c) * 10 ** inst.quantityPrecision));
      const to = Math.round(o * scale);
      const tc = Math.round(c * scale);
      const th = Math.max(to, tc, Math.round(hi * scale));
      const tl = Math.max(1, Math.min(to, tc, Math.round(lo * scale)));
      const quoteCents = Math.round((lots / 10 ** inst.quantityPrecision) * ((to + tc) / 2 / scale) * 100);
      bundle[i]!.set(k, to, th, tl, tc, lots, quoteCents);
    }
  }
  return proc.state.logPrice.slice();
}

export function buildHistory(seed: number, genesisMs: number): History {
  const genesisMinute = Math.floor(genesisMs / MINUTE) * MINUTE;
  const m0 = Math.floor((genesisMinute - MINUTE_DAYS * DAY) / HOUR) * HOUR;
  const minuteCount = (genesisMinute - m0) / MINUTE;
  const h0 = m0 - HOURLY_DAYS * 24 * HOUR;
  const hourCount = (m0 - h0) / HOUR;

  const minutes = INSTRUMENTS.map(() => new Series(m0, MINUTE, minuteCount + 4096));
  const hours = INSTRUMENTS.map(() => new Series(h0, HOUR, hourCount));

  const rng = new Rng(mixSeed(seed, 7));
  const start = PriceProcess.initial(60).logPrice;
  const procM = new PriceProcess(new Rng(mixSeed(seed, 1)), 60, PriceProcess.initial(60));
  const opens = walk(minutes, minuteCount, procM, rng, start, 1);
  const procH = new PriceProcess(new Rng(mixSeed(seed, 2)), 3600, PriceProcess.initial(3600));
  walk(hours, hourCount, procH, rng, opens, 60);
  return { minutes, hours };
}
