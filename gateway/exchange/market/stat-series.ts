/**
 * What the public market statistics of the futures and margin markets share (docs/decisions/319):
 * Bitget's `period` values, samples kept per five-minute bucket (the last sample of a bucket stands
 * for its end), rows per period, and ratios as Bitget's decimal strings. Nothing is kept across
 * restarts, so a series starts when the gateway did: a bucket it did not see is absent, never filled in.
 */
import { GatewayError } from "../../envelope.ts";
import { EX_CODES } from "../../../protocol/bitget.ts";
import { shown } from "../fields.ts";

/** Bitget's `period` values of the statistics endpoints, in milliseconds. */
export const STAT_PERIODS: Record<string, number> = {
  "5m": 300_000,
  "15m": 900_000,
  "30m": 1_800_000,
  "1h": 3_600_000,
  "2h": 7_200_000,
  "4h": 14_400_000,
  "6h": 21_600_000,
  "12h": 43_200_000,
  "1d": 86_400_000,
};
export const DEFAULT_STAT_PERIOD = "5m";
/** The sampling step: the smallest period. */
export const STAT_STEP = 300_000;
/** Samples kept per series: 30 days of the smallest period. */
export const STAT_KEEP = 30 * 288;
/** Rows one answer carries at most (the newest). */
export const STAT_ROWS = 30;

export interface StatRow<T> {
  ts: number;
  value: T;
}

/** A `period` as sent (any case; absent: 5m) in milliseconds; 40017 for another value. */
export function statPeriod(text: string | undefined): number {
  const sent = text ?? DEFAULT_STAT_PERIOD;
  const key = Object.keys(STAT_PERIODS).find((k) => k.toLowerCase() === sent.toLowerCase());
  if (!key) throw new GatewayError(EX_CODES.paramInvalid, `Parameter period is invalid: ${shown(sent)}`);
  return STAT_PERIODS[key]!;
}

/** Samples of one quantity per STEP bucket, by series key (an environment and a symbol). */
export class SampledSeries<T> {
  private readonly series = new Map<string, Array<{ bucket: number; value: T }>>();

  /** Records `value` as of `now` for `key`: it replaces an earlier sample of the same bucket. */
  record(key: string, now: number, value: T): void {
    const bucket = Math.floor(now / STAT_STEP) * STAT_STEP;
    let list = this.series.get(key);
    if (!list) this.series.set(key, (list = []));
    if (list.at(-1)?.bucket === bucket) list[list.length - 1] = { bucket, value };
    else {
      list.push({ bucket, value });
      if (list.length > STAT_KEEP) list.shift();
    }
  }

  /** Each period bucket's last sample, oldest first, at most STAT_ROWS. */
  rows(key: string, periodMs: number): Array<StatRow<T>> {
    const out = new Map<number, T>();
    for (const s of this.series.get(key) ?? []) out.set(Math.floor(s.bucket / periodMs) * periodMs, s.value);
    return [...out].slice(-STAT_ROWS).map(([ts, value]) => ({ ts, value }));
  }
}

/** a / (a + b) as Bitget's decimal string; "0" where the denominator is zero. */
export function share(a: number, b: number): string {
  return a + b === 0 ? "0" : trim(a / (a + b));
}

/** a / b as Bitget's decimal string; "0" where b is zero. */
export function ratio(a: number, b: number): string {
  return b === 0 ? "0" : trim(a / b);
}

function trim(x: number): string {
  return String(Number(x.toFixed(4)));
}
