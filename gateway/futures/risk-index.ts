/**
 * Which margined holdings a mark update of a contract has to check (docs/decisions/313, 317).
 * A holding is an isolated position, or the crossed positions one account holds in one contract.
 * Each is filed by the two mark prices between which it is certainly healthy (its margin ratio
 * below the warning ratio): a fall to `low` or a rise to `high` puts it on the visit list. An
 * account whose crossed positions span several contracts cannot be filed by one contract's price
 * (the other marks move its equity too), so it is visited on every mark update of each of them.
 */
import { PriceTree, type PriceNode } from "./price-tree.ts";

const PPM = 1_000_000n;
/** A band filed after a change is moved 1/SLACK of its distance towards the mark (see `refile`). */
const SLACK = 4;
/** 5/4 of a rate, rounded up: maintenance / 0.8, the warning ratio. */
const WARN_NUM = 5n;
const WARN_DEN = 4n;

/** One side of a holding: its lots, the maintenance rate of its tier now (ppm) and the notional where the tier ends. */
export interface RiskLeg {
  lots: bigint;
  mmrPpm: number;
  /** Ledger units: beyond this notional the next tier's (higher) rate applies; 0 for the last tier. */
  tierEnd: bigint;
}

/** A side with no lots. */
export const NO_LEG: RiskLeg = { lots: 0n, mmrPpm: 0, tierEnd: 0n };

/**
 * The marks (ticks) between which a holding's margin ratio stays below the warning ratio, for a
 * margin equity of `k` + value(long) − value(short) at the mark (ledger units), a maintenance of
 * each leg's rate × its value, and `unit` ledger units per tick and lot. `low` is -1 when no fall
 * can hurt, `high` is Infinity when no rise can; both are rounded towards the current mark, and a
 * rise past a tier's end counts as a risk (the rate changes there), so nothing is filed too far.
 * The quotients are taken in floating point when that gives the exact integer (every fill files
 * two holdings: a dozen bigint steps each was a fifth of the order path), in bigints otherwise.
 */
export function riskBand(k: bigint, long: RiskLeg, short: RiskLeg, unit: bigint): { low: number; high: number } {
  return fastBand(k, long, short, unit) ?? exactBand(k, long, short, unit);
}

/** riskBand in bigints throughout: the definition, and the answer whenever floating point cannot be sure. */
export function exactBand(k: bigint, long: RiskLeg, short: RiskLeg, unit: bigint): { low: number; high: number } {
  // margin equity − maintenance / 0.8, times PPM, is k × PPM + unit × mark × e: at risk where it is ≤ 0
  // (each side's rate ×5/4 rounded up)
  const e = long.lots * (PPM - warnRate(long.mmrPpm)) - short.lots * (PPM + warnRate(short.mmrPpm));
  const kp = k * PPM;
  let low = -1;
  let high = Infinity;
  if (e > 0n) {
    // falls: at risk at or below −kp / (unit × e)
    if (kp < 0n) {
      const den = unit * e;
      low = Number((-kp + den - 1n) / den);
    }
  } else if (e < 0n) {
    // rises: at risk at or above kp / (unit × −e)
    high = kp <= 0n ? 0 : Number(kp / (unit * -e));
  } else if (kp <= 0n) high = 0;
  if (long.lots !== 0n && long.tierEnd !== 0n) high = Math.min(high, Number(long.tierEnd / (long.lots * unit)));
  if (short.lots !== 0n && short.tierEnd !== 0n) high = Math.min(high, Number(short.tierEnd / (short.lots * unit)));
  return { low, high };
}

/** Lots up to which a side's lots × PPM is an exact integer in a double (below 2^52). */
const SAFE_LOTS = 4_000_000_000;
/** Quotients at or beyond this are left to bigints (the relative error bound below then exceeds a tick). */
const SAFE_QUOTIENT = 2 ** 40;
/**
 * A bound on the relative error of a quotient of two products of converted bigints: four roundings
 * of at most 2^-53 each, taken four times over.
 */
const REL_ERR = 2 ** -48;

/**
 * riskBand's exact answer with its quotients taken in doubles, or undefined when the lots are too
 * many for `e` to be an exact integer in a double. `e` is exact then (integers below 2^53); each
 * quotient is within REL_ERR of the true one, so its ceiling (floor) is exact when no integer lies
 * within that error of it; one that does (a whole quotient) is taken in bigints.
 */
function fastBand(k: bigint, long: RiskLeg, short: RiskLeg, unit: bigint): { low: number; high: number } | undefined {
  const ll = Number(long.lots);
  const ls = Number(short.lots);
  if (ll > SAFE_LOTS || ls > SAFE_LOTS) return undefined;
  const u = Number(unit);
  const e = (ll === 0 ? 0 : ll * (1_000_000 - warnRateOf(long.mmrPpm))) - (ls === 0 ? 0 : ls * (1_000_000 + warnRateOf(short.mmrPpm)));
  let low = -1;
  let high = Infinity;
  if (e > 0) {
    // falls: at risk at or below −kp / (unit × e)
    if (k < 0n) {
      low = ceilSure((-Number(k) * 1_000_000) / (u * e));
      if (Number.isNaN(low)) {
        const den = unit * BigInt(e);
        low = Number((-k * PPM + den - 1n) / den);
      }
    }
  } else if (e < 0) {
    // rises: at risk at or above kp / (unit × −e)
    if (k <= 0n) high = 0;
    else {
      high = floorSure((Number(k) * 1_000_000) / (u * -e));
      if (Number.isNaN(high)) high = Number((k * PPM) / (unit * BigInt(-e)));
    }
  } else if (k <= 0n) high = 0;
  if (ll !== 0 && long.tierEnd !== 0n) high = Math.min(high, tierEdge(long, ll, u, unit));
  if (ls !== 0 && short.tierEnd !== 0n) high = Math.min(high, tierEdge(short, ls, u, unit));
  return { low, high };
}

/** The mark at which a side's notional leaves its tier: tierEnd / (lots × unit), rounded down. */
function tierEdge(leg: RiskLeg, lots: number, u: number, unit: bigint): number {
  const edge = floorSure(Number(leg.tierEnd) / (lots * u));
  return Number.isNaN(edge) ? Number(leg.tierEnd / (leg.lots * unit)) : edge;
}

/** The ceiling of the true quotient near `x` (within REL_ERR), or NaN when an integer lies within that error. */
function ceilSure(x: number): number {
  if (!(x >= 0 && x < SAFE_QUOTIENT)) return NaN;
  const c = Math.ceil(x);
  const err = x * REL_ERR;
  return x - err > c - 1 && x + err < c ? c : NaN;
}

/** The floor of the true quotient near `x` (within REL_ERR), or NaN when an integer lies within that error. */
function floorSure(x: number): number {
  if (!(x >= 0 && x < SAFE_QUOTIENT)) return NaN;
  const f = Math.floor(x);
  const err = x * REL_ERR;
  return x - err > f && x + err < f + 1 ? f : NaN;
}

/** A maintenance rate ×5/4 rounded up, as a number (exact: rates are small integers). */
function warnRateOf(mmrPpm: number): number {
  return Math.floor((mmrPpm * 5 + 3) / 4);
}

/** A maintenance rate ×5/4 rounded up (ppm), made once per rate: the tiers have a handful of them. */
const WARN_RATES = new Map<number, bigint>();
function warnRate(mmrPpm: number): bigint {
  let r = WARN_RATES.get(mmrPpm);
  if (r === undefined) {
    r = (BigInt(mmrPpm) * WARN_NUM + WARN_DEN - 1n) / WARN_DEN;
    WARN_RATES.set(mmrPpm, r);
  }
  return r;
}

/** What a band was computed from: the margin equity constant and the lots of each side. */
export interface RiskStamp {
  k: bigint;
  long: bigint;
  short: bigint;
}

interface Filed<T> {
  item: T;
  stamp: RiskStamp | null;
  /** Filed with fileAlways: visited on every mark update. */
  always: boolean;
  low: PriceNode<T> | null;
  high: PriceNode<T> | null;
  book: RiskBook<T>;
}

interface RiskBook<T> {
  key: string;
  /** Filed by `low`: a mark at or below it visits. */
  falls: PriceTree<T>;
  /** Filed by `high`: a mark at or above it visits. */
  rises: PriceTree<T>;
  /** Visited on every mark update. */
  always: Set<T>;
}

/** Holdings (any key type: a position, an account id) filed per contract and environment. */
export class RiskIndex<T> {
  private readonly books = new Map<string, RiskBook<T>>();
  private readonly filed = new Map<T, Filed<T>>();
  private ties = 0;

  private book(bookKey: string): RiskBook<T> {
    let b = this.books.get(bookKey);
    if (!b) {
      b = { key: bookKey, falls: new PriceTree(), rises: new PriceTree(), always: new Set() };
      this.books.set(bookKey, b);
    }
    return b;
  }

  /** Files (or files again) `item` under the book `bookKey` with its band. */
  file(bookKey: string, item: T, band: { low: number; high: number }, stamp: RiskStamp | null = null): void {
    // filed again (every fill files both sides again): its record is reused, not dropped and made anew
    const f = this.filed.get(item);
    if (f) this.unlink(f);
    const book = this.book(bookKey);
    const tie = ++this.ties;
    const low = band.low >= 0 ? book.falls.insert(band.low, tie, item) : null;
    const high = band.high !== Infinity ? book.rises.insert(band.high, tie, item) : null;
    if (!f) {
      this.filed.set(item, { item, stamp, always: false, low, high, book });
      return;
    }
    f.stamp = stamp;
    f.always = false;
    f.low = low;
    f.high = high;
    f.book = book;
  }

  /**
   * Files `item` again after a change of what its band is computed from (a fill, a fee, funding),
   * the mark being `mark`: when the band it is filed by is still at least as tight on both sides
   * (a fall reaches it no later, a rise no later), it stays where it is with the new stamp;
   * otherwise it is filed by the new band moved a quarter of the way towards the mark (SLACK), so
   * that the next few changes of the same kind find it tight enough. Either way a mark update
   * visits it early, never late (docs/decisions/317, addendum). A visit files it exactly (`file`).
   */
  refile(bookKey: string, item: T, band: { low: number; high: number }, stamp: RiskStamp, mark: number): void {
    const f = this.filed.get(item);
    if (
      f !== undefined &&
      !f.always &&
      (f.low === null ? band.low < 0 : band.low <= f.low.price) &&
      (f.high === null ? band.high === Infinity : band.high >= f.high.price) &&
      f.book.key === bookKey
    ) {
      f.stamp = stamp;
      return;
    }
    const low = band.low >= 0 && band.low < mark ? band.low + Math.floor((mark - band.low) / SLACK) : band.low;
    const high = band.high !== Infinity && band.high > mark ? band.high - Math.floor((band.high - mark) / SLACK) : band.high;
    this.file(bookKey, item, low === band.low && high === band.high ? band : { low, high }, stamp);
  }

  /** Files `item` to be visited on every mark update of the book. */
  fileAlways(bookKey: string, item: T): void {
    this.drop(item);
    const book = this.book(bookKey);
    book.always.add(item);
    this.filed.set(item, { item, stamp: null, always: true, low: null, high: null, book });
  }

  drop(item: T): void {
    const f = this.filed.get(item);
    if (!f) return;
    this.unlink(f);
    this.filed.delete(item);
  }

  /** Takes a filed item out of its book's trees and set (its record stays). */
  private unlink(f: Filed<T>): void {
    if (f.low) f.book.falls.remove(f.low);
    if (f.high) f.book.rises.remove(f.high);
    f.book.always.delete(f.item);
    f.low = null;
    f.high = null;
  }

  /** True when `item` is filed by a band computed from these inputs (filing it again would change nothing). */
  filedAs(item: T, k: bigint, long: bigint, short: bigint): boolean {
    const f = this.filed.get(item)?.stamp;
    return f !== undefined && f !== null && f.k === k && f.long === long && f.short === short;
  }

  /** The holdings a mark of `mark` ticks may put at risk, each once. */
  atRisk(bookKey: string, mark: number): T[] {
    const b = this.books.get(bookKey);
    if (!b) return [];
    const out = new Set<T>(b.always);
    b.falls.descendFrom(mark, (x) => {
      out.add(x);
    });
    b.rises.ascendTo(mark, (x) => {
      out.add(x);
    });
    return [...out];
  }
}
