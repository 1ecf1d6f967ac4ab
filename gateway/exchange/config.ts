import { z } from "zod";
import { parseEnv } from "../validate.ts";
import { LEDGER_SCALE } from "./instruments.ts";
import { parseScaled } from "./decimal.ts";

/**
 * The exchange's settings, read once from the environment:
 * - EXCHANGE_WELCOME_USDT (default "10000"): USDT credited to a live account on its first use
 *   ("0" turns the welcome balance off);
 * - EXCHANGE_RATE_LIMITS (on|off, default on): Bitget's per-user request limits;
 * - EXCHANGE_SIMULATOR (on|off, default on): the simulated market makers and takers.
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
}

export function exchangeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ExchangeConfig {
  const e = parseEnv(Schema, env, "exchange");
  const welcome = parseScaled(e.EXCHANGE_WELCOME_USDT, LEDGER_SCALE);
  if (welcome === undefined) throw new Error("invalid exchange environment: EXCHANGE_WELCOME_USDT must be a decimal amount");
  return {
    welcomeUsdt: welcome,
    rateLimits: e.EXCHANGE_RATE_LIMITS === "on",
    simulator: e.EXCHANGE_SIMULATOR === "on",
  };
}
