import { z } from "zod";
import { DEFAULT_BAND, type PriceBand } from "../../protocol/price-protection.ts";
import { parseEnv } from "../validate.ts";
import { LEDGER_SCALE } from "./instruments.ts";
import { parseScaled } from "./decimal.ts";

/**
 * The exchange's settings, read once from the environment:
 * - EXCHANGE_WELCOME_USDT (default "10000"): USDT credited to a live account on its first use
 *   ("0" turns the welcome balance off);
 * - EXCHANGE_RATE_LIMITS (on|off, default on): Bitget's per-user request limits;
 * - EXCHANGE_SIMULATOR (on|off, default on): the simulated market makers and takers;
 * - MARKET_PROTECTION_RATIO (default "0.05", 0.001 to 0.5): how far through the reference price
 *   a market order may fill before the rest is cancelled (docs/decisions/340), on spot, margin and
 *   futures alike.
 */
const Schema = z.object({
  EXCHANGE_WELCOME_USDT: z.string().default("10000"),
  EXCHANGE_RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  EXCHANGE_SIMULATOR: z.enum(["on", "off"]).default("on"),
});

export interface ExchangeConfig {
  welcomeUsdt: bigint;
  rateLimits: boolean;
  simulator: boolean;
  /** The price band and market protection of every pair (docs/decisions/340); DEFAULT_BAND when absent. */
  band?: PriceBand;
}

const MIN_MARKET_PPM = 1_000;
const MAX_MARKET_PPM = 500_000;

/**
 * The price band with MARKET_PROTECTION_RATIO applied (DEFAULT_BAND otherwise). The futures area
 * reads the same variable through this function, so every engine protects market orders alike.
 */
export function priceBandFromEnv(env: NodeJS.ProcessEnv = process.env): PriceBand {
  const text = env.MARKET_PROTECTION_RATIO;
  if (text === undefined || text === "") return DEFAULT_BAND;
  const ppm = parseScaled(text, 6);
  if (ppm === undefined || ppm < BigInt(MIN_MARKET_PPM) || ppm > BigInt(MAX_MARKET_PPM))
    throw new Error("invalid exchange environment: MARKET_PROTECTION_RATIO must be a decimal from 0.001 to 0.5");
  return { ...DEFAULT_BAND, marketPpm: Number(ppm) };
}

export function exchangeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ExchangeConfig {
  const e = parseEnv(Schema, env, "exchange");
  const welcome = parseScaled(e.EXCHANGE_WELCOME_USDT, LEDGER_SCALE);
  if (welcome === undefined) throw new Error("invalid exchange environment: EXCHANGE_WELCOME_USDT must be a decimal amount");
  return {
    welcomeUsdt: welcome,
    rateLimits: e.EXCHANGE_RATE_LIMITS === "on",
    simulator: e.EXCHANGE_SIMULATOR === "on",
    band: priceBandFromEnv(env),
  };
}
