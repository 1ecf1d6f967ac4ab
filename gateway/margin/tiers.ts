/**
 * Borrowing tiers (Bitget's tier-data, tier 1 only): the leverage of an account and the most of
 * each coin one account may owe. A VIP tier does not change them here (docs/decisions/320).
 */
import { CROSSED_LEVERAGE, ISOLATED_LEVERAGE, type MarginAccountMode } from "../../protocol/margin.ts";
import { pow10 } from "../exchange/decimal.ts";
import { LEDGER_SCALE } from "../exchange/instruments.ts";

/** Whole coins one account may owe of each borrowable coin. */
const LIMITS: Record<string, bigint> = {
  USDT: 500_000n,
  BTC: 10n,
  ETH: 150n,
  SOL: 2_500n,
  XRP: 500_000n,
  DOGE: 2_000_000n,
};

/** The maintenance margin rate Bitget shows next to a tier (its liquidation level is our setting). */
export const MAINTAIN_MARGIN_RATE = "0.1";

export function leverageOf(mode: MarginAccountMode): bigint {
  return BigInt(mode === "crossed" ? CROSSED_LEVERAGE : ISOLATED_LEVERAGE);
}

/** The most of `coin` one account may owe (ledger units); 0 for a coin that is not lent. */
export function borrowLimit(coin: string): bigint {
  const whole = LIMITS[coin];
  return whole === undefined ? 0n : whole * pow10(LEDGER_SCALE);
}
