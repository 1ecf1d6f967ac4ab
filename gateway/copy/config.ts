import { z } from "zod";
import { parseEnv } from "../validate.ts";

/**
 * The copy-trading area's settings, read once from the environment (docs/decisions/356):
 * - COPY_LEAD_MIN_EQUITY_USDT (default 100, Bitget's documented minimum of futures assets for an
 *   elite trader to take followers): the futures equity an account needs to apply to lead.
 * - COPY_LEAD_MIN_AGE_DAYS (default 30): how old the account must be to apply (0 for tests).
 * - COPY_MAX_PROFIT_SHARE_PCT (default 10, Bitget's ceiling for a new elite trader): the highest
 *   profit-share rate a lead may set.
 * - COPY_MAX_FOLLOWERS (default empty: Bitget's slots by the lead's equity, 100 / 300 / 500 from
 *   100 / 1,000 / 5,000 USDT): a fixed number of follower slots per lead instead (benches, operators).
 */
const Schema = z.object({
  COPY_LEAD_MIN_EQUITY_USDT: z
    .string()
    .regex(/^\d{1,9}$/, "must be a whole number of USDT")
    .default("100"),
  COPY_LEAD_MIN_AGE_DAYS: z
    .string()
    .regex(/^\d{1,4}$/, "must be a whole number of days")
    .default("30"),
  COPY_MAX_PROFIT_SHARE_PCT: z
    .string()
    .regex(/^\d{1,2}$/, "must be a whole percentage below 100")
    .default("10"),
  COPY_MAX_FOLLOWERS: z.union([z.literal(""), z.string().regex(/^\d{1,7}$/, "must be a whole number")]).default(""),
});

export interface CopyConfig {
  /** Ledger units. */
  leadMinEquity: bigint;
  leadMinAgeMs: number;
  /** Parts per million. */
  maxProfitSharePpm: number;
  /** Follower slots per lead; undefined: by the lead's equity (Bitget's tiers). */
  maxFollowers?: number;
}

const USDT = 100_000_000n;

export function copyConfigFromEnv(env: Record<string, string | undefined> = process.env): CopyConfig {
  const e = parseEnv(Schema, env, "copy trading");
  return {
    leadMinEquity: BigInt(e.COPY_LEAD_MIN_EQUITY_USDT) * USDT,
    leadMinAgeMs: Number(e.COPY_LEAD_MIN_AGE_DAYS) * 86_400_000,
    maxProfitSharePpm: Number(e.COPY_MAX_PROFIT_SHARE_PCT) * 10_000,
    maxFollowers: e.COPY_MAX_FOLLOWERS === "" ? undefined : Number(e.COPY_MAX_FOLLOWERS),
  };
}
