/**
 * Exact decimals for money and sizes in the browser: a value is `int / 10^scale` with a bigint
 * `int`, so nothing passes through binary floating point. Small on purpose: parse, add,
 * multiply, compare, round to digits or to a tick/lot step, print.
 */
export interface Decimal {
  readonly int: bigint;
  readonly scale: number;
}

export type Rounding = "half-up" | "down" | "up";

const TEXT = /^([+-]?)(\d+)(?:\.(\d+))?$/;
const MAX_DIGITS = 80;

export function parseDecimal(text: string): Decimal | undefined {
  const m = TEXT.exec(text.trim());
  if (!m || text.length > MAX_DIGITS) return undefined;
  const frac = m[3] ?? "";
  const int = BigInt((m[2] ?? "0") + frac);
  return { int: m[1] === "-" ? -int : int, scale: frac.length };
}

const pow = (n: number) => 10n ** BigInt(n);

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.int * pow(scale - a.scale), b.int * pow(scale - b.scale), scale];
}

export function add(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return { int: x + y, scale };
}

export function mul(a: Decimal, b: Decimal): Decimal {
  return { int: a.int * b.int, scale: a.scale + b.scale };
}

export function compare(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const isZero = (a: Decimal): boolean => a.int === 0n;

/** Divides by a positive bigint with the rounding asked for (toward zero, away from zero, half away). */
function divRound(n: bigint, d: bigint, mode: Rounding): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const away = n < 0n ? q - 1n : q + 1n;
  if (mode === "down") return q;
  if (mode === "up") return away;
  const twice = (r < 0n ? -r : r) * 2n;
  return twice >= d ? away : q;
}

/** Rounds to `digits` decimals. */
export function roundTo(a: Decimal, digits: number, mode: Rounding = "half-up"): Decimal {
  if (a.scale <= digits) return { int: a.int * pow(digits - a.scale), scale: digits };
  return { int: divRound(a.int, pow(a.scale - digits), mode), scale: digits };
}

/** Rounds to a whole number of `step` (a tick size or lot size), keeping the step's scale. */
export function roundToStep(a: Decimal, step: Decimal, mode: Rounding = "down"): Decimal {
  if (step.int <= 0n) throw new RangeError("step must be positive");
  const [x, s, scale] = align(a, step);
  return { int: divRound(x, s, mode) * s, scale };
}

/** `a ÷ b` to `digits` decimals; undefined when dividing by zero. */
export function div(a: Decimal, b: Decimal, digits: number, mode: Rounding = "half-up"): Decimal | undefined {
  if (b.int === 0n) return undefined;
  // a/b = (a.int · 10^b.scale) / (b.int · 10^a.scale); scaled up by 10^digits before the division.
  let n = a.int * pow(b.scale + digits);
  let d = b.int * pow(a.scale);
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  return { int: divRound(n, d, mode), scale: digits };
}

/** Plain decimal text without trailing fractional zeros (`"1.50"` → `"1.5"`, `-0` → `"0"`). */
export function toText(a: Decimal, minDigits = 0): string {
  const neg = a.int < 0n;
  const digits = (neg ? -a.int : a.int).toString().padStart(a.scale + 1, "0");
  const whole = digits.slice(0, digits.length - a.scale);
  let frac = digits.slice(digits.length - a.scale).replace(/0+$/, "");
  if (frac.length < minDigits) frac = frac.padEnd(minDigits, "0");
  const body = frac ? `${whole}.${frac}` : whole;
  return neg && /[1-9]/.test(body) ? `-${body}` : body;
}

/** `a × b` of two decimal texts, or undefined when either is not a decimal. */
export function multiplyText(a: string, b: string): string | undefined {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  return x && y ? toText(mul(x, y)) : undefined;
}
