/**
 * How a conversion is sized and bounded against one side of a spot book (docs/decisions/334), as
 * pure integer arithmetic: the number of lots and the one limit price (the last level the size
 * reaches) of a fill-or-kill order, and what that order guarantees the user whatever the book does
 * in between, provided it fills: a buy pays at most `lots × limit` and gets `lots` less the taker
 * fee, a sell gives `lots` and gets at least `lots × limit` less the taker fee.
 */
import { notional, type Instrument } from "../exchange/instruments.ts";

/** A level of the opposite side, best first: price in ticks, open lots. */
export type LevelView = readonly [price: number, lots: number];

export interface Sizing {
  lots: number;
  /** The FOK order's limit price in ticks: the worst level the size reaches. */
  limit: number;
}

const PPM = 1_000_000n;

/** What is left of `gross` after a taker fee of `ratePpm` (the engine floors each fill's fee, so the user gets at least this). */
export function net(gross: bigint, ratePpm: bigint): bigint {
  return gross - (gross * ratePpm) / PPM;
}

/** The worst price that `lots` lots reach, walking the levels best first; undefined when they hold fewer. */
export function limitFor(levels: Iterable<LevelView>, lots: number): number | undefined {
  let cum = 0;
  for (const [price, n] of levels) {
    cum += n;
    if (cum >= lots) return price;
  }
  return undefined;
}

/**
 * The most lots a buy can take with `budget` quote units when every lot is paid at the worst level
 * reached; undefined when the levels run out while the budget could still buy more (the book
 * cannot take the whole amount).
 */
export function buyForBudget(inst: Instrument, levels: Iterable<LevelView>, budget: bigint): Sizing | undefined {
  let cum = 0;
  let out: Sizing | undefined;
  for (const [price, n] of levels) {
    const afford = Number(budget / (BigInt(price) * inst.quoteUnitsPerTickLot));
    if (afford <= cum) return out;
    const lots = Math.min(cum + n, afford);
    out = { lots, limit: price };
    if (lots < cum + n) return out;
    cum += n;
  }
  // every level taken: the budget must be spent to the last lot it affords at the worst price
  return out && Number(budget / (BigInt(out.limit) * inst.quoteUnitsPerTickLot)) <= cum ? out : undefined;
}

/** The fewest lots whose base units, less the taker fee, come to at least `target` base units. */
export function lotsForNetBase(inst: Instrument, target: bigint, ratePpm: bigint): number {
  const per = inst.baseUnitsPerLot;
  return fewest(
    (n) => net(BigInt(n) * per, ratePpm) >= target,
    Number((target * PPM + (PPM - ratePpm) * per - 1n) / ((PPM - ratePpm) * per)),
  );
}

/** The fewest lots a sell must give so that `lots × limit`, less the taker fee, is at least `target` quote units, walking the bids. */
export function sellForTarget(inst: Instrument, levels: Iterable<LevelView>, target: bigint, ratePpm: bigint): Sizing | undefined {
  let cum = 0;
  for (const [price, n] of levels) {
    const cell = BigInt(price) * inst.quoteUnitsPerTickLot;
    const guess = Number((target * PPM + (PPM - ratePpm) * cell - 1n) / ((PPM - ratePpm) * cell));
    const lots = fewest((k) => net(notional(inst, price, k), ratePpm) >= target, guess);
    if (lots <= cum + n) return { lots: Math.max(lots, 1), limit: price };
    cum += n;
  }
  return undefined;
}

/** The smallest n ≥ 1 near `guess` for which `ok(n)` holds (ok is monotone). */
function fewest(ok: (n: number) => boolean, guess: number): number {
  let n = Math.max(1, guess);
  while (!ok(n)) n++;
  while (n > 1 && ok(n - 1)) n--;
  return n;
}

/**
 * A ratio of two ledger amounts as Bitget's `cnvtPrice` (to per from), cut (toward zero) to 15
 * significant digits: a client that reads it into a double and sends it back sends the same number.
 */
export function ratio(to: bigint, from: bigint): string {
  if (from <= 0n || to <= 0n) return "0";
  const SCALE = 24;
  const digits = ((to * 10n ** BigInt(SCALE)) / from).toString();
  // keep 15 significant digits, zero the rest
  const kept = digits.slice(0, 15).padEnd(digits.length, "0");
  const padded = kept.padStart(SCALE + 1, "0");
  const whole = padded.slice(0, padded.length - SCALE).replace(/^0+(?=\d)/, "");
  const frac = padded.slice(padded.length - SCALE).replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : whole;
}
