/**
 * A lead trader's public statistics (docs/decisions/357), pure: from the lead's closed tracks (its
 * own position sides, docs/decisions/356) and its futures equity now. Money in ledger units (bigint),
 * rates in parts per million.
 *
 * - net of a track = realised PnL − open fee − close fee.
 * - PnL(N) = Σ net of the tracks closed in the last N days.
 * - base(N) = the lead's futures equity now − PnL(N) (its equity at the start of the window, transfers
 *   ignored); when that is not positive, the sum of the window's tracks' margins (entry value / leverage).
 * - ROI(N) = PnL(N) / base(N).
 * - win rate(N) = tracks closed with net > 0 / tracks closed, in the window (0 without any).
 * - max drawdown(N): on the curve E = base(N) + the running sum of net in close order, the largest
 *   fall from a running peak, over that peak: max over j of (max_{i≤j} E_i − E_j) / max_{i≤j} E_i.
 */

export const PERIOD_DAYS = [7, 30, 90] as const;
export type PeriodDays = (typeof PERIOD_DAYS)[number];
export const DAY_MS = 86_400_000;
const PPM = 1_000_000n;

/** What the statistics read of a closed lead track. */
export interface ClosedTrack {
  closeTime: number;
  realised: bigint;
  openFee: bigint;
  closeFee: bigint;
  /** Entry value of everything the track opened. */
  openValue: bigint;
  leverage: number;
}

export interface PeriodStats {
  days: number;
  pnl: bigint;
  roiPpm: number;
  trades: number;
  wins: number;
  winRatePpm: number;
  maxDrawdownPpm: number;
}

export const trackNet = (t: ClosedTrack): bigint => t.realised - t.openFee - t.closeFee;
export const trackMargin = (t: ClosedTrack): bigint => (t.leverage > 0 ? t.openValue / BigInt(t.leverage) : t.openValue);

/** `num / den` in parts per million, rounded toward zero; 0 when `den` is not positive. */
export function ppmOf(num: bigint, den: bigint): number {
  return den > 0n ? Number((num * PPM) / den) : 0;
}

/** The largest fall from a running peak of `base` plus the running sum of `nets`, over that peak (ppm). */
export function maxDrawdownPpm(base: bigint, nets: readonly bigint[]): number {
  let e = base;
  let peak = base;
  let worst = 0;
  for (const n of nets) {
    e += n;
    if (e > peak) peak = e;
    else if (peak > 0n) worst = Math.max(worst, ppmOf(peak - e, peak));
  }
  return Math.min(worst, 1_000_000);
}

/** The tracks closed in the `days` before `now`, in close order. */
export function inWindow<T extends ClosedTrack>(tracks: readonly T[], now: number, days: number): T[] {
  const from = now - days * DAY_MS;
  return tracks.filter((t) => t.closeTime > from && t.closeTime <= now).sort((a, b) => a.closeTime - b.closeTime);
}

/** One period's figures (see the file's comment for the formulas). */
export function periodStats(tracks: readonly ClosedTrack[], equityNow: bigint, now: number, days: number): PeriodStats {
  const w = inWindow(tracks, now, days);
  const nets = w.map(trackNet);
  const pnl = nets.reduce((a, b) => a + b, 0n);
  let base = equityNow - pnl;
  if (base <= 0n) base = w.reduce((a, t) => a + trackMargin(t), 0n);
  const wins = nets.filter((n) => n > 0n).length;
  return {
    days,
    pnl,
    roiPpm: ppmOf(pnl, base),
    trades: w.length,
    wins,
    winRatePpm: w.length ? Math.floor((wins * 1_000_000) / w.length) : 0,
    maxDrawdownPpm: maxDrawdownPpm(base, nets),
  };
}

/** The running PnL of a window, one point per closed track: [close time, cumulative net]. */
export function pnlCurve(tracks: readonly ClosedTrack[], now: number, days: number): Array<[number, bigint]> {
  let sum = 0n;
  return inWindow(tracks, now, days).map((t) => [t.closeTime, (sum += trackNet(t))]);
}

/** How a lead shows its open positions: all of them, only those opened long enough ago, or none. */
export const POSITION_VISIBILITY = ["show", "delay", "hide"] as const;
export type PositionVisibility = (typeof POSITION_VISIBILITY)[number];
/** Under `delay` a position shows once it has been open this long (30 minutes). */
export const POSITION_DELAY_MS = 30 * 60_000;

export function visiblePositions<T extends { openTime: number }>(open: readonly T[], visibility: PositionVisibility, now: number): T[] {
  if (visibility === "hide") return [];
  if (visibility === "delay") return open.filter((t) => t.openTime <= now - POSITION_DELAY_MS);
  return [...open];
}

/** The ranking's sort keys. */
export const SORT_KEYS = ["roi", "pnl", "followers", "winRate", "aum"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface RankRow {
  traderId: string;
  stats: PeriodStats;
  followers: number;
  aum: bigint;
}

const keyOf = (r: RankRow, k: SortKey): bigint => {
  switch (k) {
    case "roi":
      return BigInt(r.stats.roiPpm);
    case "pnl":
      return r.stats.pnl;
    case "followers":
      return BigInt(r.followers);
    case "winRate":
      return BigInt(r.stats.winRatePpm);
    case "aum":
      return r.aum;
  }
};

/** Highest first; ties by PnL, then by trader id (a stable order for paging). */
export function rank<T extends RankRow>(rows: readonly T[], by: SortKey): T[] {
  return [...rows].sort((a, b) => {
    const d = keyOf(b, by) - keyOf(a, by);
    if (d !== 0n) return d > 0n ? 1 : -1;
    const p = b.stats.pnl - a.stats.pnl;
    if (p !== 0n) return p > 0n ? 1 : -1;
    return a.traderId < b.traderId ? -1 : a.traderId > b.traderId ? 1 : 0;
  });
}
