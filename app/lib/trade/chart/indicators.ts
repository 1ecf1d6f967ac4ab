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

/** One candle as the studies below read it (numbers; `ts` in ms, the candle's start). */
export interface Bar {
  ts: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** SMA over a series that may start with nulls: the window starts at the first value. */
export function smaOf(values: readonly (number | null)[], n: number): Series {
  const out: Series = new Array<number | null>(values.length).fill(null);
  let sum = 0;
  let seen = 0;
  const window: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) continue;
    window.push(v);
    sum += v;
    seen += 1;
    if (window.length > n) sum -= window.shift()!;
    if (seen >= n) out[i] = sum / n;
  }
  return out;
}

/** Wilder's running average (RMA): the mean of the first `n` values, then avg = (avg·(n−1) + v) / n. */
function rma(values: readonly number[], n: number): Series {
  const out: Series = new Array<number | null>(values.length).fill(null);
  let avg = 0;
  for (let i = 0; i < values.length; i++) {
    if (i < n) {
      avg += values[i]! / n;
      if (i === n - 1) out[i] = avg;
      continue;
    }
    avg = (avg * (n - 1) + values[i]!) / n;
    out[i] = avg;
  }
  return out;
}

const DAY_MS = 86_400_000;

export interface VwapBands {
  vwap: Series;
  upper: Series;
  lower: Series;
}

/**
 * Session VWAP: Σ(typical price · volume) / Σ volume from the first candle of each UTC day, with
 * bands `mult` volume-weighted standard deviations either side (TradingView's "Session" anchor).
 * A session with no volume yet reads null.
 */
export function vwap(bars: readonly Bar[], mult = 1): VwapBands {
  const vw: Series = [];
  const upper: Series = [];
  const lower: Series = [];
  let day = Number.NaN;
  let pv = 0;
  let p2v = 0;
  let vol = 0;
  for (const b of bars) {
    const d = Math.floor(b.ts / DAY_MS);
    if (d !== day) {
      day = d;
      pv = p2v = vol = 0;
    }
    const tp = (b.high + b.low + b.close) / 3;
    pv += tp * b.volume;
    p2v += tp * tp * b.volume;
    vol += b.volume;
    if (vol <= 0) {
      vw.push(null);
      upper.push(null);
      lower.push(null);
      continue;
    }
    const mean = pv / vol;
    const sd = Math.sqrt(Math.max(0, p2v / vol - mean * mean));
    vw.push(mean);
    upper.push(mean + mult * sd);
    lower.push(mean - mult * sd);
  }
  return { vwap: vw, upper, lower };
}

/** Where `v` sits between the lowest and highest of its window, 0–100; a flat window reads 50. */
function stochOf(values: Series, lows: Series, highs: Series, n: number): Series {
  const out: Series = new Array<number | null>(values.length).fill(null);
  for (let i = 0; i < values.length; i++) {
    if (i < n - 1 || values[i] === null) continue;
    let lo = Infinity;
    let hi = -Infinity;
    let full = true;
    for (let j = i - n + 1; j <= i; j++) {
      const l = lows[j];
      const h = highs[j];
      if (l === null || h === null || l === undefined || h === undefined) {
        full = false;
        break;
      }
      lo = Math.min(lo, l);
      hi = Math.max(hi, h);
    }
    if (!full) continue;
    out[i] = hi === lo ? 50 : ((values[i]! - lo) / (hi - lo)) * 100;
  }
  return out;
}

export interface KD {
  k: Series;
  d: Series;
}

/**
 * Stochastic RSI: the stochastic of RSI(`rsiN`) over `stochN` values, smoothed by an SMA of
 * `kN` (%K) and %K's SMA of `dN` (%D), as TradingView's built-in.
 */
export function stochRsi(closes: readonly number[], rsiN = 14, stochN = 14, kN = 3, dN = 3): KD {
  const r = rsi(closes, rsiN);
  const k = smaOf(stochOf(r, r, r, stochN), kN);
  return { k, d: smaOf(k, dN) };
}

/** True range: the largest of high − low and the gaps from the previous close (high − low for the first bar). */
export function trueRange(bars: readonly Bar[]): number[] {
  return bars.map((b, i) => {
    if (i === 0) return b.high - b.low;
    const pc = bars[i - 1]!.close;
    return Math.max(b.high - b.low, Math.abs(b.high - pc), Math.abs(b.low - pc));
  });
}

/** Average true range with Wilder's smoothing (TradingView's `ta.atr`). */
export function atr(bars: readonly Bar[], n = 14): Series {
  return rma(trueRange(bars), n);
}

export interface Kdj extends KD {
  j: Series;
}

/**
 * KDJ as Chinese terminals draw it: RSV = (close − lowest low) / (highest high − lowest low) · 100
 * over `n` bars; K = ((m1−1)·K₋₁ + RSV) / m1 and D = ((m2−1)·D₋₁ + K) / m2, both starting from 50;
 * J = 3K − 2D. A flat window's RSV is 50.
 */
export function kdj(bars: readonly Bar[], n = 9, m1 = 3, m2 = 3): Kdj {
  const rsv = stochOf(
    bars.map((b) => b.close),
    bars.map((b) => b.low),
    bars.map((b) => b.high),
    n,
  );
  const k: Series = [];
  const d: Series = [];
  const j: Series = [];
  let pk = 50;
  let pd = 50;
  for (const v of rsv) {
    if (v === null) {
      k.push(null);
      d.push(null);
      j.push(null);
      continue;
    }
    pk = ((m1 - 1) * pk + v) / m1;
    pd = ((m2 - 1) * pd + pk) / m2;
    k.push(pk);
    d.push(pd);
    j.push(3 * pk - 2 * pd);
  }
  return { k, d, j };
}

/**
 * Wilder's parabolic SAR. The first trend is up if the second close is not below the first, its
 * SAR the first bar's low (high if down) and its extreme point the second bar's high (low). Each bar
 * SAR += af·(EP − SAR), kept beyond the previous two bars' range; a new extreme raises af by
 * `step` up to `max`; a bar through the SAR reverses to the old extreme point with af = `start`.
 */
export function parabolicSar(bars: readonly Bar[], start = 0.02, step = 0.02, max = 0.2): Series {
  const out: Series = new Array<number | null>(bars.length).fill(null);
  if (bars.length < 2) return out;
  let up = bars[1]!.close >= bars[0]!.close;
  let sar = up ? bars[0]!.low : bars[0]!.high;
  let ep = up ? bars[1]!.high : bars[1]!.low;
  let af = start;
  out[1] = sar;
  for (let i = 2; i < bars.length; i++) {
    const b = bars[i]!;
    const p1 = bars[i - 1]!;
    const p2 = bars[i - 2]!;
    sar += af * (ep - sar);
    if (up) {
      sar = Math.min(sar, p1.low, p2.low);
      if (b.low < sar) {
        up = false;
        sar = ep;
        ep = b.low;
        af = start;
      } else if (b.high > ep) {
        ep = b.high;
        af = Math.min(af + step, max);
      }
    } else {
      sar = Math.max(sar, p1.high, p2.high);
      if (b.high > sar) {
        up = true;
        sar = ep;
        ep = b.high;
        af = start;
      } else if (b.low < ep) {
        ep = b.low;
        af = Math.min(af + step, max);
      }
    }
    out[i] = sar;
  }
  return out;
}

/** On-balance volume: a running sum adding the volume of an up close, taking a down close's, from 0. */
export function obv(bars: readonly Bar[]): Series {
  let total = 0;
  return bars.map((b, i) => {
    if (i > 0) {
      const prev = bars[i - 1]!.close;
      if (b.close > prev) total += b.volume;
      else if (b.close < prev) total -= b.volume;
    }
    return total;
  });
}
