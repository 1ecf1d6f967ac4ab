/**
 * Paying trading fees with the platform coin (docs/decisions/353): the coin, its discount, Bitget's
 * switch endpoints, and the conversion both the spot engine (which charges it) and the order forms
 * (which estimate it) use. Amounts are bigint ledger units (1e-8 of a coin).
 */

/** The exchange's platform coin (Bitget's BGB), listed as a spot pair against USDT. */
export const PLATFORM_COIN = "BGB";
export const PLATFORM_SYMBOL = "BGBUSDT";

/** What a fee paid in the platform coin costs, in parts per million of its USDT value (Bitget: 20 % off). */
export const DEDUCT_PAY_PPM = 800_000n;
/** The discount as a whole percentage, for texts. */
export const DEDUCT_DISCOUNT_PERCENT = 20;

/** Bitget's v2 switch of the deduction, and its read. */
export const DEDUCT_PATHS = {
  switch: "/api/v2/spot/account/switch-deduct",
  info: "/api/v2/spot/account/deduct-info",
} as const;

export type DeductState = "on" | "off";

/** What `deduct-info` answers (Bitget's shape: `{deduct: "on" | "off"}`). */
export interface DeductInfo {
  deduct: DeductState;
}

const PPM = 1_000_000n;
const LEDGER = 100_000_000n;

/**
 * The platform-coin fee of a trade: `quoteUnits` of USDT notional at `ratePpm`, less the discount,
 * converted at `priceUnits` (USDT ledger units per whole platform coin), rounded UP (against the
 * payer), so the fee account is never short. 0 when there is no fee or no price.
 */
export function platformCoinFee(quoteUnits: bigint, ratePpm: bigint, priceUnits: bigint): bigint {
  if (quoteUnits <= 0n || ratePpm <= 0n || priceUnits <= 0n) return 0n;
  const num = quoteUnits * ratePpm * DEDUCT_PAY_PPM * LEDGER;
  const den = PPM * PPM * priceUnits;
  return (num + den - 1n) / den;
}
