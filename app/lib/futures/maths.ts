/**
 * The futures screen's estimates (docs/decisions/705): linear USDT-M contracts, where a position of
 * `qty` base coins opened at `entry` gains `(price − entry) × qty` long and the opposite short.
 * These are estimates shown before and while trading, so plain numbers are enough here; sizes the
 * trader sends are converted exactly (`sizeInBase`).
 */
import { div, mul, parseDecimal, roundToStep, type Decimal } from "~/lib/numbers/decimal";

export type HoldSide = "long" | "short";
export type MarginMode = "isolated" | "crossed";
/** What the size field is typed in: contracts, the base coin, or USDT (the margin's notional value). */
export type FuturesUnit = "contract" | "coin" | "quote";

/** Maintenance margin rate of the first risk tier, used when a position does not say its own. */
export const DEFAULT_MAINTENANCE_RATE = 0.004;

const finite = (n: number) => Number.isFinite(n);

/** Unrealised profit of a position at `mark`. */
export function unrealisedPnl(side: HoldSide, entry: number, mark: number, qty: number): number {
  return (side === "long" ? mark - entry : entry - mark) * qty;
}

/** Return on the initial margin (entry value ÷ leverage), as a ratio (0.1 = 10 %); undefined without margin. */
export function roe(pnl: number, entry: number, qty: number, leverage: number): number | undefined {
  const margin = (entry * qty) / leverage;
  return margin > 0 && finite(pnl) ? pnl / margin : undefined;
}

/** Initial margin and the opening fee of an order: what it takes from the available balance. */
export function orderCost(price: number, qty: number, leverage: number, feeRate: number): { margin: number; fee: number; total: number } {
  const notional = price * qty;
  const margin = notional / leverage;
  const fee = notional * feeRate;
  return { margin, fee, total: margin + fee };
}

/**
 * The mark price at which a position is liquidated: where its collateral plus unrealised PnL falls
 * to the maintenance margin plus the fee of closing it. `collateral` is the isolated margin, or in
 * cross mode the account equity that backs the position (its margin plus the free balance).
 * Undefined when no price would liquidate it (a long backed by more than its value).
 */
export function liquidationPrice(p: {
  side: HoldSide;
  entry: number;
  qty: number;
  collateral: number;
  maintenanceRate?: number;
  feeRate: number;
}): number | undefined {
  const mmr = p.maintenanceRate ?? DEFAULT_MAINTENANCE_RATE;
  if (!(p.qty > 0) || !(p.entry > 0) || !finite(p.collateral)) return undefined;
  const perCoin = p.collateral / p.qty;
  const price = p.side === "long" ? (p.entry - perCoin) / (1 - mmr - p.feeRate) : (p.entry + perCoin) / (1 + mmr + p.feeRate);
  return finite(price) && price > 0 ? price : undefined;
}

/** Margin ratio: maintenance margin over the position's equity; 1 (100 %) is liquidation. */
export function marginRatio(p: {
  mark: number;
  qty: number;
  collateral: number;
  pnl: number;
  maintenanceRate?: number;
}): number | undefined {
  const equity = p.collateral + p.pnl;
  const maintenance = p.mark * p.qty * (p.maintenanceRate ?? DEFAULT_MAINTENANCE_RATE);
  if (!(p.qty > 0)) return undefined;
  return equity > 0 ? maintenance / equity : 1;
}

/**
 * What the trader typed, as a size in the base coin rounded down to the lot: contracts times the
 * contract size, the coin itself, or USDT divided by the price (the margin's value at that price).
 */
export function sizeInBase(
  typed: string,
  unit: FuturesUnit,
  r: { contractSize: Decimal; lot: Decimal; price?: string },
): Decimal | undefined {
  const v = parseDecimal(typed);
  if (!v || v.int <= 0n) return undefined;
  let base: Decimal | undefined;
  if (unit === "contract") base = mul(v, r.contractSize);
  else if (unit === "coin") base = v;
  else {
    const price = r.price ? parseDecimal(r.price) : undefined;
    base = price && price.int > 0n ? div(v, price, r.lot.scale + 2, "down") : undefined;
  }
  if (!base) return undefined;
  const rounded = roundToStep(base, r.lot, "down");
  return rounded.int > 0n ? rounded : undefined;
}

/** A base-coin size shown in another unit (the book's and the position table's sizes follow the preference). */
export function sizeFromBase(base: number, unit: FuturesUnit, contractSize: number, price: number): number {
  if (unit === "contract") return contractSize > 0 ? base / contractSize : 0;
  if (unit === "quote") return base * price;
  return base;
}

/**
 * The next funding settlement: the gateway's `nextUpdate` when it gives one, otherwise the next
 * multiple of the interval since midnight UTC (Bitget settles at 00:00, 08:00 and 16:00 UTC).
 */
export function nextFunding(now: number, intervalHours: number, nextUpdate?: number): number {
  if (nextUpdate !== undefined && Number.isFinite(nextUpdate) && nextUpdate > now) return nextUpdate;
  const step = Math.max(1, intervalHours) * 3_600_000;
  return (Math.floor(now / step) + 1) * step;
}

/** The countdown to `target` as hh:mm:ss (never negative). */
export function countdown(now: number, target: number): string {
  const s = Math.max(0, Math.floor((target - now) / 1000));
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

/** The most a trader can open with `available` at `leverage`, in the base coin, paying `feeRate` on the way in. */
export function maxOpenSize(available: number, price: number, leverage: number, feeRate: number): number {
  if (!(price > 0) || !(available > 0)) return 0;
  return available / (price * (1 / leverage + feeRate));
}
