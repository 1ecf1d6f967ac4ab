/**
 * The chart's studies as pure functions over closing prices, oldest first. Each returns one value
 * per input, `null` while the window is not yet full, as TradingView's built-ins do. Values are
 * floating point: they only become pixels and legend text (docs/decisions/703).
 */

export type Series = Array<number | null>;

/** Simple moving average of the last `n` values. */
export function sma(values: readonly number[], n: number): Series {
  const out: Series = new Array<number | null>(values.length).fill(null);
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i]!;
    if (i >= n) sum -= values[i - n]!;
    if (i >= n - 1) out[i] = sum / n;
  }
  return out;
}

/** Exponential moving average (k = 2 / (n + 1)), seeded with the SMA of the first `n` values. */
export function ema(values: readonly number[], n: number): Series {
  return emaOf(values, n);
}

/** EMA over a series that may start with nulls (MACD's signal line starts where MACD does). */
function emaOf(values: readonly (number | null)[], n: number): Series {
  const out: Series = new Array<number | null>(values.length).fill(null);
  const k = 2 / (n + 1);
  let seen = 0;
  let sum = 0;
  let prev: number | null = null;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) continue;
    if (prev === null) {
      seen += 1;
      sum += v;
      if (seen === n) prev = out[i] = sum / n;
      continue;
    }
    prev = out[i] = v * k + prev * (1 - k);
  }
  return out;
}

export interface Bands {
  mid: Series;
  upper: Series;
  lower: Series;
}

/** Bollinger bands: the SMA of `n` and `mult` population standard deviations either side. */
export function bollinger(values: readonly number[], n = 20, mult = 2): Bands {
  const mid = sma(values, n);
  const upper: Series = new Array<number | null>(values.length).fill(null);
  const lower: Series = new Array<number | null>(values.length).fill(null);
  for (let i = n - 1; i < values.length; i++) {
    const m = mid[i]!;
    let sq = 0;
    for (let j = i - n + 1; j <= i; j++) sq += (values[j]! - m) ** 2;
    const sd = Math.sqrt(sq / n);
    upper[i] = m + mult * sd;
    lower[i] = m - mult * sd;
  }
  return { mid, upper, lower };
}

/**
 * Relative strength index with Wilder's smoothing: the first averages are plain means of the first
 * `n` changes, then avg = (avg·(n−1) + change) / n. No losses reads 100; no movement at all reads 50.
 */
export function rsi(values: readonly number[], n = 14): Series {
  const out: Series = new Array<number | null>(values.length).fill(null);
  let gain = 0;
  let loss = 0;
  for (let i = 1; i < values.length; i++) {
    const change = values[i]! - values[i - 1]!;
    const g = Math.max(change, 0);
    const l = Math.max(-change, 0);
    if (i <= n) {
      gain += g / n;
      loss += l / n;
      if (i < n) continue;
    } else {
      gain = (gain * (n - 1) + g) / n;
      loss = (loss * (n - 1) + l) / n;
    }
    out[i] = loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss);
  }
  return out;
}

export interface Macd {
  macd: Series;
  signal: Series;
  histogram: Series;
}

/** MACD: EMA(fast) − EMA(slow), its EMA(signal), and the difference of the two as the histogram. */
export function macd(values: readonly number[], fast = 12, slow = 26, signal = 9): Macd {
  const f = ema(values, fast);
  const s = ema(values, slow);
  const line: Series = f.map((v, i) => (v === null || s[i] === null ? null : v - s[i]!));
  const sig = emaOf(line, signal);
  const histogram: Series = line.map((v, i) => (v === null || sig[i] === null ? null : v - sig[i]!));
  return { macd: line, signal: sig, histogram };
}
