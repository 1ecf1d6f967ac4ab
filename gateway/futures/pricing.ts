/**
 * Index, mark and funding (docs/decisions/311). The index is the spot market's last price of the
 * same pair; the mark is the index plus an exponentially smoothed basis (the futures book's mid
 * minus the index), so one print in a thin futures book cannot move it; funding is the average
 * premium over the interval plus Bitget's interest clamp, capped.
 */

/** Smoothing of the basis per update (one a second): about a one-minute half-life. */
export const BASIS_ALPHA = 0.0115;
/** The interest rate per funding interval, ppm (0.01 %), and the clamp around it (0.05 %). */
export const INTEREST_PPM = 100;
export const INTEREST_CLAMP_PPM = 500;
/** The funding rate's cap either way, ppm (0.3 %). */
export const FUNDING_CAP_PPM = 3_000;
export const DEFAULT_FUNDING_INTERVAL_MS = 8 * 3_600_000;

export interface PriceState {
  /** Ticks (integers); 0 before the first update. */
  index: number;
  mark: number;
  /** Smoothed basis in ticks (fractional). */
  basis: number;
  /** Premium samples of the current funding interval (sum of (mark - index) / index, and their count). */
  premiumSum: number;
  premiumCount: number;
}

export function newPriceState(): PriceState {
  return { index: 0, mark: 0, basis: 0, premiumSum: 0, premiumCount: 0 };
}

/**
 * One pricing step: a new index and the futures book's mid (undefined when a side is empty,
 * which leaves the basis as it was). The mark is rounded to the contract's tick.
 */
export function updatePrice(s: PriceState, index: number, mid: number | undefined, alpha = BASIS_ALPHA): void {
  if (!(index > 0)) return;
  if (s.index === 0) s.basis = mid === undefined ? 0 : mid - index;
  else if (mid !== undefined) s.basis += alpha * (mid - index - s.basis);
  // the basis may not exceed 1 % of the index either way: the mark stays a fair price whatever the book does
  const cap = index * 0.01;
  if (s.basis > cap) s.basis = cap;
  if (s.basis < -cap) s.basis = -cap;
  s.index = index;
  s.mark = Math.max(1, Math.round(index + s.basis));
  s.premiumSum += (s.mark - index) / index;
  s.premiumCount++;
}

/** The funding rate of the interval so far, ppm: premium + clamp(interest - premium), within the cap. */
export function fundingRatePpm(s: Pick<PriceState, "premiumSum" | "premiumCount">): number {
  const premium = s.premiumCount === 0 ? 0 : (s.premiumSum / s.premiumCount) * 1_000_000;
  const clamp = Math.max(-INTEREST_CLAMP_PPM, Math.min(INTEREST_CLAMP_PPM, INTEREST_PPM - premium));
  const rate = Math.round(premium + clamp);
  return Math.max(-FUNDING_CAP_PPM, Math.min(FUNDING_CAP_PPM, rate));
}

/** The next funding time after `now`: intervals are aligned to the epoch (8 h: 00:00, 08:00, 16:00 UTC). */
export function nextFundingTime(now: number, intervalMs: number): number {
  return (Math.floor(now / intervalMs) + 1) * intervalMs;
}
