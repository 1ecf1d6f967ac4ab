/**
 * What the asset pages show, pure (docs/decisions/711): the gateway's equity history read safely,
 * the rows of a balance list after search, the small-balance switch and sorting, and each part's
 * share of the whole for the allocation charts. Money stays decimal text; only a chart's drawing
 * reads it as a number.
 */
import { add, compare, div, mul, parseDecimal, toText, type Decimal } from "~/lib/numbers/decimal";
import { ASSET_ACCOUNT_TYPES, type AssetAccountType } from "../../../protocol/assets";

const ZERO: Decimal = { int: 0n, scale: 0 };
const dec = (v: string | undefined): Decimal => (v === undefined ? ZERO : (parseDecimal(v) ?? ZERO));

/** A balance is small below 1 USDT (the hide-small-balances switch). */
export const SMALL_USDT: Decimal = { int: 1n, scale: 0 };

export interface EquityPoint {
  ts: number;
  total: string;
}
export interface AccountPart {
  accountType: AssetAccountType;
  usdt: string;
  exists: boolean;
}
export interface EquityHistory {
  intervalMs: number;
  points: EquityPoint[];
  current: { ts: number; total: string; accounts: AccountPart[]; coins: Array<{ coin: string; usdt: string }> };
}

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown): string | undefined => (typeof v === "string" && parseDecimal(v) ? v : undefined);

/** The answer of `/v1/asset/equity-history`; a point or part without its figures is left out. */
export function readHistory(data: unknown): EquityHistory {
  const d = obj(data);
  const current = obj(d.current);
  return {
    intervalMs: Number(d.intervalMs) || 0,
    points: list(d.points).flatMap((p) => {
      const o = obj(p);
      const total = num(o.total);
      return total !== undefined && Number.isFinite(Number(o.ts)) ? [{ ts: Number(o.ts), total }] : [];
    }),
    current: {
      ts: Number(current.ts) || 0,
      total: num(current.total) ?? "0",
      accounts: list(current.accounts).flatMap((a) => {
        const o = obj(a);
        const usdt = num(o.usdt);
        const type = ASSET_ACCOUNT_TYPES.find((t) => t === o.accountType);
        return type && usdt !== undefined ? [{ accountType: type, usdt, exists: o.exists === true }] : [];
      }),
      coins: list(current.coins).flatMap((c) => {
        const o = obj(c);
        const usdt = num(o.usdt);
        return typeof o.coin === "string" && usdt !== undefined ? [{ coin: o.coin, usdt }] : [];
      }),
    },
  };
}

/** One slice of an allocation: its name, worth and share of the positive whole (a debt-heavy part is no slice). */
export interface Slice {
  name: string;
  usdt: string;
  /** 0–1 as text (4 decimals); "0" for a part worth nothing or less. */
  share: string;
}

export function slices(parts: ReadonlyArray<{ name: string; usdt: string }>): Slice[] {
  const positive = parts.map((p) => dec(p.usdt)).filter((v) => compare(v, ZERO) > 0);
  const whole = positive.reduce(add, ZERO);
  return parts.map((p) => {
    const v = dec(p.usdt);
    const share = compare(v, ZERO) > 0 && compare(whole, ZERO) > 0 ? div(v, whole, 4, "half-up") : undefined;
    return { name: p.name, usdt: p.usdt, share: share ? toText(share) : "0" };
  });
}

/** A row of a balance list: its coin, and its worth in USDT when the coin has a price. */
export interface ValuedRow {
  key: string;
  coin: string;
  available: string;
  usdt: string | undefined;
}

export const SORTS = ["value", "coin", "available"] as const;
export type SortBy = (typeof SORTS)[number];

/** The rows the list shows: those whose coin (or key) contains the search, without small ones if asked, sorted. */
export function visibleRows<T extends ValuedRow>(rows: readonly T[], o: { search: string; hideSmall: boolean; sort: SortBy }): T[] {
  const q = o.search.trim().toUpperCase();
  const kept = rows.filter(
    (r) => (q === "" || r.coin.toUpperCase().includes(q) || r.key.toUpperCase().includes(q)) && !(o.hideSmall && isSmall(r.usdt)),
  );
  const by: Record<SortBy, (a: T, b: T) => number> = {
    value: (a, b) => compare(dec(b.usdt), dec(a.usdt)) || a.coin.localeCompare(b.coin),
    coin: (a, b) => a.coin.localeCompare(b.coin) || a.key.localeCompare(b.key),
    available: (a, b) => compare(dec(b.available), dec(a.available)) || a.coin.localeCompare(b.coin),
  };
  return [...kept].sort(by[o.sort]);
}

/** Worth less than SMALL_USDT either way (a debt of a few cents is small too); an unpriced coin is never hidden. */
export function isSmall(usdt: string | undefined): boolean {
  if (usdt === undefined) return false;
  const v = dec(usdt);
  const abs = compare(v, ZERO) < 0 ? { int: -v.int, scale: v.scale } : v;
  return compare(abs, SMALL_USDT) < 0;
}

/** `amount` of a coin at `price` USDT, or undefined without a price. */
export function worth(amount: string, price: Decimal | undefined): string | undefined {
  return price ? toText(mul(dec(amount), price)) : undefined;
}

/** The sum of decimal texts. */
export const sumText = (values: ReadonlyArray<string | undefined>): string => toText(values.map(dec).reduce(add, ZERO));
