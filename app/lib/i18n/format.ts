import { coinDigits } from "~/lib/numbers/coin-digits";
import { compare, parseDecimal } from "~/lib/numbers/decimal";
import { dateTimeFormat, numberFormat } from "./formatters";

/**
 * Numbers, money, percentages and times for the page's locale (its BCP 47 tag). Values arrive as
 * decimal strings and go to Intl as strings, which formats them exactly (no float round-trip).
 * Anything that is not a decimal prints as a dash rather than `NaN`.
 */
export const NOT_A_NUMBER = "—";

type NumericText = Intl.StringNumericLiteral;

/**
 * Currencies whose symbol CLDR changed between the versions Node and browsers ship (Ukrainian
 * and Russian wrote `грн`, now `₴`): their narrow symbol is the same everywhere (docs/decisions/022).
 */
const NARROW_SYMBOL = new Set(["UAH"]);

function numeric(value: string): NumericText | undefined {
  return parseDecimal(value) ? (value.trim() as NumericText) : undefined;
}

export function formatNumber(
  value: string,
  intl: string,
  opts: { maxDigits?: number; minDigits?: number; compact?: boolean } = {},
): string {
  const v = numeric(value);
  if (v === undefined) return NOT_A_NUMBER;
  return numberFormat(intl, {
    notation: opts.compact ? "compact" : "standard",
    maximumFractionDigits: opts.maxDigits ?? 8,
    minimumFractionDigits: opts.minDigits ?? 0,
  }).format(v);
}

/**
 * An amount of a coin (a balance, a size, a fee, a value in USDT) at the coin's display precision
 * (lib/numbers/coin-digits.ts), cut rather than rounded so a balance is never shown larger than it
 * is (issue 28). The coin's symbol is not added: callers place it as their sentence needs.
 */
export function formatCoin(value: string, coin: string, intl: string, opts: { minDigits?: number } = {}): string {
  const v = numeric(value);
  if (v === undefined) return NOT_A_NUMBER;
  const digits = coinDigits(coin);
  return numberFormat(intl, {
    maximumFractionDigits: digits,
    minimumFractionDigits: Math.min(opts.minDigits ?? 0, digits),
    roundingMode: "trunc",
    // A debt of less than the last shown place is "0", not "-0".
    signDisplay: "negative",
  }).format(v);
}

/** A ratio (`0.0123`) as a percentage with two decimals and an explicit sign when not zero. */
export function formatPercent(ratio: string, intl: string): string {
  const v = numeric(ratio);
  if (v === undefined) return NOT_A_NUMBER;
  return numberFormat(intl, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: "exceptZero" }).format(v);
}

/** A small rate (a funding rate, `0.0001`) as a percentage with four decimals, as exchanges print it. */
export function formatRate(ratio: string, intl: string): string {
  const v = numeric(ratio);
  if (v === undefined) return NOT_A_NUMBER;
  return numberFormat(intl, { style: "percent", minimumFractionDigits: 4, maximumFractionDigits: 4, signDisplay: "exceptZero" }).format(v);
}

/**
 * An amount of a fiat currency. Amounts under 1 keep four significant digits, so a coin worth
 * a fraction of a cent still shows its price; larger ones use the currency's own decimals.
 */
export function formatMoney(value: string, currency: string, intl: string, opts: { compact?: boolean } = {}): string {
  const d = parseDecimal(value);
  const v = numeric(value);
  if (!d || v === undefined) return NOT_A_NUMBER;
  const abs = d.int < 0n ? { ...d, int: -d.int } : d;
  const small = compare(abs, { int: 1n, scale: 0 }) < 0 && d.int !== 0n;
  return numberFormat(intl, {
    style: "currency",
    currency,
    ...(NARROW_SYMBOL.has(currency) ? { currencyDisplay: "narrowSymbol" as const } : {}),
    notation: opts.compact ? "compact" : "standard",
    ...(small ? { maximumSignificantDigits: 4 } : {}),
  }).format(v);
}

export function formatDateTime(ms: number, intl: string, style: "date" | "datetime" = "datetime"): string {
  if (!Number.isFinite(ms)) return NOT_A_NUMBER;
  return dateTimeFormat(intl, style === "date" ? { dateStyle: "medium" } : { dateStyle: "medium", timeStyle: "short" }).format(ms);
}
