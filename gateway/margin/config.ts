import { z } from "zod";
import { BORROWABLE_COINS } from "../../protocol/margin.ts";
import { parseScaled } from "../exchange/decimal.ts";
import { LEDGER_SCALE } from "../exchange/instruments.ts";
import { parseEnv } from "../validate.ts";

/** Daily interest rates are kept as parts per 10^8 (Bitget shows them with up to 8 decimals). */
export const RATE_SCALE = 8;

/**
 * The margin area's settings, read once from the environment (docs/decisions/320):
 * - MARGIN_INTEREST_INTERVAL_MS (default 3600000, 1 h): how often an hour of interest is charged
 *   on the simulated clock; shorter for tests and demos (at least 1000).
 * - MARGIN_DAILY_RATES (default "USDT:0.0001,BTC:0.00005,ETH:0.00005,SOL:0.0001,XRP:0.0001,DOGE:0.0001"):
 *   the daily interest rate of each borrowable coin, shown by interest-rate-and-limit.
 * - MARGIN_WARNING_RATIO (default "1.3") and MARGIN_LIQUIDATION_RATIO (default "1.1"): the risk
 *   rates (assets / liabilities) of the margin call and of liquidation.
 * - MARGIN_FUND_USDT (default "1000000"): what the margin protection fund starts with.
 */
const Schema = z.object({
  MARGIN_INTEREST_INTERVAL_MS: z
    .string()
    .regex(/^\d{1,12}$/, "must be a whole number of milliseconds")
    .default("3600000"),
  MARGIN_DAILY_RATES: z.string().max(400).default("USDT:0.0001,BTC:0.00005,ETH:0.00005,SOL:0.0001,XRP:0.0001,DOGE:0.0001"),
  MARGIN_WARNING_RATIO: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,4})?$/)
    .default("1.3"),
  MARGIN_LIQUIDATION_RATIO: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,4})?$/)
    .default("1.1"),
  MARGIN_FUND_USDT: z
    .string()
    .regex(/^\d{1,12}$/)
    .default("1000000"),
});

export interface MarginConfig {
  interestIntervalMs: number;
  /** Daily rate per coin, parts per 10^8. */
  dailyRates: ReadonlyMap<string, bigint>;
  /** Risk rates as parts per 10^4 (1.3 = 13000). */
  warningRatio: bigint;
  liquidationRatio: bigint;
  fundUsdt: bigint;
}

export function marginConfigFromEnv(env: NodeJS.ProcessEnv = process.env): MarginConfig {
  const e = parseEnv(Schema, env, "margin");
  const interval = Number(e.MARGIN_INTEREST_INTERVAL_MS);
  if (interval < 1000) throw new Error("invalid margin environment: MARGIN_INTEREST_INTERVAL_MS must be at least 1000");
  const rates = new Map<string, bigint>();
  for (const part of e.MARGIN_DAILY_RATES.split(",")) {
    const [coin, rate] = part.split(":").map((s) => s.trim());
    const r = rate === undefined ? undefined : parseScaled(rate, RATE_SCALE);
    if (!coin || !(BORROWABLE_COINS as readonly string[]).includes(coin.toUpperCase()) || r === undefined || r < 0n || r > 10n ** 7n)
      throw new Error(
        `invalid margin environment: MARGIN_DAILY_RATES entry "${part}" must be COIN:rate with a borrowable coin and a rate below 0.1`,
      );
    rates.set(coin.toUpperCase(), r);
  }
  for (const coin of BORROWABLE_COINS) if (!rates.has(coin)) rates.set(coin, 0n);
  const warning = parseScaled(e.MARGIN_WARNING_RATIO, 4) as bigint;
  const liquidation = parseScaled(e.MARGIN_LIQUIDATION_RATIO, 4) as bigint;
  if (liquidation <= 10000n || warning <= liquidation)
    throw new Error("invalid margin environment: MARGIN_LIQUIDATION_RATIO must be above 1 and MARGIN_WARNING_RATIO above it");
  return {
    interestIntervalMs: interval,
    dailyRates: rates,
    warningRatio: warning,
    liquidationRatio: liquidation,
    fundUsdt: (parseScaled(e.MARGIN_FUND_USDT, 0) as bigint) * 10n ** BigInt(LEDGER_SCALE),
  };
}
