/**
 * The proof-of-reserves figures as the pages show them: integer ledger units (10^-8 of a coin,
 * protocol/reserves.ts) as decimal text, and the reserve ratio, exactly, without `number` maths.
 */
import { RESERVES_SCALE } from "../../../protocol/reserves";
import { div, toText } from "~/lib/numbers/decimal";

/** `"150000000"` → `"1.5"`; anything that is not a whole number of units → undefined. */
export function unitsToDecimal(units: string, scale = RESERVES_SCALE): string | undefined {
  if (!/^-?\d+$/.test(units)) return undefined;
  return toText({ int: BigInt(units), scale });
}

/** Reserves / liabilities as a decimal ratio with four decimals (`"1.0375"`); undefined when nothing is owed. */
export function reserveRatio(reserves: string, liabilities: string): string | undefined {
  if (!/^\d+$/.test(reserves) || !/^\d+$/.test(liabilities) || BigInt(liabilities) === 0n) return undefined;
  const r = div({ int: BigInt(reserves), scale: 0 }, { int: BigInt(liabilities), scale: 0 }, 4, "down");
  return r && toText(r, 4);
}

/** Where a ratio bar ends: twice the liabilities, so 100 % sits in the middle and a large surplus does not flatten the rest. */
export const RATIO_BAR_CAP = 2;

/**
 * One bar per asset (docs/decisions/716): its reserve ratio, the bar's length as a share of the
 * track (0–1, capped at RATIO_BAR_CAP) and whether it was cut; the page prints the exact ratio beside it.
 */
export function ratioBars(assets: ReadonlyArray<{ coin: string; liabilities: string; reserves: string }>) {
  return assets.flatMap((a) => {
    const ratio = reserveRatio(a.reserves, a.liabilities);
    if (ratio === undefined) return [];
    const r = Number(ratio);
    return [{ coin: a.coin, ratio, length: Math.min(r, RATIO_BAR_CAP) / RATIO_BAR_CAP, capped: r > RATIO_BAR_CAP }];
  });
}
