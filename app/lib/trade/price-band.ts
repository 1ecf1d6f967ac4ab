/**
 * The gateway's price protection (protocol/price-protection.ts, docs/decisions/340 and 341) as
 * the order forms read it: the range a limit price must lie in and a market order's protection
 * price, worked out from the same reference the gateway uses (the last price on spot and margin,
 * the mark price on futures) so that the form says beforehand what the gateway would refuse.
 * Prices are counted in units of the pair's last price place, as the gateway counts them.
 */
import type { Side } from "../../../protocol/bitget";
import { bandViolation, limitRange, protectionPrice, DEFAULT_BAND, type PriceBand } from "../../../protocol/price-protection";
import { parseDecimal, roundTo, toText, type Decimal } from "~/lib/numbers/decimal";
import type { FieldError } from "./field-error";

/** A price in units of its last place (`precision` decimals), rounded to the nearest one; undefined when not positive. */
function units(price: Decimal | string | undefined, precision: number): number | undefined {
  const d = typeof price === "string" ? parseDecimal(price) : price;
  if (!d || d.int <= 0n) return undefined;
  const n = Number(roundTo(d, precision, "half-up").int);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

const text = (n: number, precision: number) => toText({ int: BigInt(n), scale: precision }, precision);

/** The range a limit price of this side must lie in, as decimal texts with the pair's decimals; undefined without a reference. */
export function allowedRange(
  side: Side,
  reference: Decimal | string | undefined,
  precision: number,
  band: PriceBand = DEFAULT_BAND,
): { min: string; max: string } | undefined {
  const ref = units(reference, precision);
  if (ref === undefined) return undefined;
  const r = limitRange(side, ref, band);
  return { min: text(r.min, precision), max: text(r.max, precision) };
}

/**
 * A limit price outside its band, as the error shown beside the price field: `bandHigh` ("at most
 * {max}") above it, `bandLow` ("at least {min}") below it; both bounds are in the values. Nothing
 * without a reference (a pair that never traded bands nothing) or a readable price.
 */
export function bandError(
  side: Side,
  price: Decimal | undefined,
  reference: Decimal | string | undefined,
  precision: number,
  band: PriceBand = DEFAULT_BAND,
): FieldError | undefined {
  const ref = units(reference, precision);
  const p = price && price.int > 0n ? roundTo(price, precision, "half-up").int : undefined;
  if (ref === undefined || p === undefined) return undefined;
  // A price past the largest safe integer is far above any band.
  const at = p > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(p);
  const v = bandViolation(side, at, ref, band);
  if (!v) return undefined;
  const r = limitRange(side, ref, band);
  return { key: v === "high" ? "bandHigh" : "bandLow", values: { min: text(r.min, precision), max: text(r.max, precision) } };
}

/** A market order's protection price (the worst it fills at; the rest is cancelled), or undefined without a reference. */
export function marketProtection(
  side: Side,
  reference: Decimal | string | undefined,
  precision: number,
  band: PriceBand = DEFAULT_BAND,
): string | undefined {
  const ref = units(reference, precision);
  return ref === undefined ? undefined : text(protectionPrice(side, ref, band), precision);
}
