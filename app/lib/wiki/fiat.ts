import { div, mul, parseDecimal, roundTo, toText } from "~/lib/numbers/decimal";
import { numberFormat } from "~/lib/i18n/formatters";

/**
 * Amounts in the visitor's currency (docs/decisions/605): USDT figures times the gateway's USDT
 * rate, multiplied exactly and formatted with `Intl` for the page's language. Shared by the
 * server's rendering and the converter bundle, so both write the same text.
 */

/** A USDT amount in a currency at `rate` (fiat per USDT); undefined when either is not a decimal or the rate is 0. */
export function usdtToFiat(amount: string, rate: string): string | undefined {
  const a = parseDecimal(amount);
  const r = parseDecimal(rate);
  if (!a || !r || r.int <= 0n) return undefined;
  return toText(mul(a, r));
}

/** Digits a price keeps: the currency's own above 1, four significant ones below (0.1623, 0.00004211). */
function priceOptions(value: number, currency: string): Intl.NumberFormatOptions {
  const base: Intl.NumberFormatOptions = { style: "currency", currency, currencyDisplay: "narrowSymbol" };
  return Math.abs(value) >= 1 || value === 0 ? base : { ...base, maximumSignificantDigits: 4, minimumSignificantDigits: 2 };
}

/** A price in `currency` for `lang`: `$95,123.45`, `¥14,412,031`, `€0.1489`. The text is exact; only the digit count reads a number. */
export function formatFiat(value: string, currency: string, lang: string): string {
  if (!parseDecimal(value)) return value;
  return numberFormat(lang, priceOptions(Number(value), currency)).format(value as `${number}`);
}

/** A large amount, compact: `$1.23B`, `1,2 Mrd. €`. */
export function formatFiatCompact(value: string, currency: string, lang: string): string {
  if (!parseDecimal(value)) return value;
  return numberFormat(lang, {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
    notation: "compact",
    maximumFractionDigits: 2,
  }).format(value as `${number}`);
}

/** A plain number for an input's value (no grouping): what a converter field shows. */
export function plainAmount(value: string, digits: number): string {
  const d = parseDecimal(value);
  return d ? toText(roundTo(d, digits)) : "";
}

export type ConvertFrom = "coin" | "fiat";

/**
 * The converter: coins to fiat (`amount × price × rate`) or fiat to coins (`amount ÷ (price × rate)`),
 * exact, rounded to 8 decimals for coins and 2 for fiat. Undefined for an amount that is not a
 * non-negative decimal or a missing price.
 */
export function convert(amount: string, from: ConvertFrom, priceUsdt: string, rate: string): string | undefined {
  const a = parseDecimal(amount.replace(/,/g, "."));
  const p = parseDecimal(priceUsdt);
  const r = parseDecimal(rate);
  if (!a || a.int < 0n || !p || !r || p.int <= 0n || r.int <= 0n) return undefined;
  const fiatPerCoin = mul(p, r);
  if (from === "coin") return toText(roundTo(mul(a, fiatPerCoin), 2));
  const coins = div(a, fiatPerCoin, 8, "down");
  return coins && toText(coins);
}
