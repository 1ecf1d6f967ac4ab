/**
 * Exact decimal strings <-> scaled integers. Money and sizes never pass through JS floats:
 * a price is an integer number of ticks, a size an integer number of lots, a balance an
 * integer number of ledger units (1e-8 of a coin, held as bigint).
 */
const DECIMAL = /^(0|[1-9]\d{0,17})(?:\.(\d{1,18}))?$/;

/** Parses a non-negative decimal string into an integer scaled by 10^scale, or undefined when
 * the text is not a plain decimal or has more fractional digits (non-zero) than `scale`. */
export function parseScaled(text: string, scale: number): bigint | undefined {
  const m = DECIMAL.exec(text);
  if (!m) return undefined;
  const whole = m[1] ?? "0";
  let frac = (m[2] ?? "").replace(/0+$/, "");
  if (frac.length > scale) return undefined;
  frac = frac.padEnd(scale, "0");
  return BigInt(whole + frac);
}

/** Formats an integer scaled by 10^scale as a decimal string with exactly `digits` decimals
 * (truncating extra precision toward zero). */
export function formatScaled(value: bigint | number, scale: number, digits = scale): string {
  let v = typeof value === "bigint" ? value : BigInt(value);
  const neg = v < 0n;
  if (neg) v = -v;
  if (digits < scale) v /= 10n ** BigInt(scale - digits);
  else if (digits > scale) v *= 10n ** BigInt(digits - scale);
  const s = v.toString().padStart(digits + 1, "0");
  const int = s.slice(0, s.length - digits);
  const frac = digits > 0 ? "." + s.slice(s.length - digits) : "";
  return (neg && v !== 0n ? "-" : "") + int + frac;
}

export const POW10: readonly bigint[] = Array.from({ length: 19 }, (_, i) => 10n ** BigInt(i));

export function pow10(n: number): bigint {
  const p = POW10[n];
  if (p === undefined) throw new RangeError(`pow10(${n})`);
  return p;
}
