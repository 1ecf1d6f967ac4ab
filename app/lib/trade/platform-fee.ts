/**
 * Which coin a trade's fee will be paid in (docs/decisions/353): with the deduction on, the
 * platform coin at its discount when the spot balance covers it, else the usual coin. The same
 * conversion the engine charges (protocol's platformCoinFee), at the pair's last price: the engine
 * uses the lower of that and the simulated market's fair price, so the estimate may be a little low.
 */
import { PLATFORM_COIN, platformCoinFee } from "../../../protocol/fee-deduction";
import { compare, type Decimal } from "~/lib/numbers/decimal";

/** What the order forms know of the trader's deduction: the switch, the spot balance and the coin's price. */
export interface PlatformFeeInfo {
  on: boolean;
  available: Decimal;
  price: Decimal | undefined;
}

export interface PlatformFeeEstimate {
  coin: typeof PLATFORM_COIN;
  amount: Decimal;
  /** The spot balance covers it: the fee will be paid in the platform coin. */
  covered: boolean;
}

const LEDGER = 8;

/** A decimal as ledger units (1e-8), digits beyond the eighth dropped. */
function units(d: Decimal): bigint {
  return d.scale <= LEDGER ? d.int * 10n ** BigInt(LEDGER - d.scale) : d.int / 10n ** BigInt(d.scale - LEDGER);
}

/**
 * The platform-coin fee of an order worth `total` (quote, USDT) at `ratePpm`, or undefined when the
 * deduction is off, the price unknown or there is nothing to price.
 */
export function platformFee(
  total: Decimal | undefined,
  ratePpm: number,
  info: PlatformFeeInfo | undefined,
): PlatformFeeEstimate | undefined {
  if (!info?.on || !info.price || !total) return undefined;
  const fee = platformCoinFee(units(total), BigInt(ratePpm), units(info.price));
  if (fee <= 0n) return undefined;
  const amount: Decimal = { int: fee, scale: LEDGER };
  return { coin: PLATFORM_COIN, amount, covered: compare(info.available, amount) >= 0 };
}
