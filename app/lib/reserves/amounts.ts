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

/** The chart's bar heights: liabilities are 100 and reserves their percentage (display only, two decimals). */
export function chartRows(assets: ReadonlyArray<{ coin: string; liabilities: string; reserves: string }>) {
  return assets.map((a) => {
    const ratio = reserveRatio(a.reserves, a.liabilities);
    return {
      coin: a.coin,
      liabilities: ratio === undefined ? 0 : 100,
      reserves: ratio === undefined ? 0 : Math.round(Number(ratio) * 10_000) / 100,
    };
  });
}
