import { z } from "zod";
import { parseEnv } from "../validate.ts";
import { DEFAULT_FUNDING_INTERVAL_MS } from "./pricing.ts";

/**
 * The futures area's settings, read once from the environment:
 * - FUTURES_FUNDING_INTERVAL_MS (default 28800000, 8 h): the funding interval on the simulated
 *   clock; shorter for tests and demos (at least 1000).
 * The house liquidity follows EXCHANGE_SIMULATOR, as the spot market's does.
 */
const Schema = z.object({
  FUTURES_FUNDING_INTERVAL_MS: z
    .string()
    .regex(/^\d{1,12}$/, "must be a whole number of milliseconds")
    .default(String(DEFAULT_FUNDING_INTERVAL_MS)),
  EXCHANGE_SIMULATOR: z.enum(["on", "off"]).default("on"),
});

export interface FuturesConfig {
  fundingIntervalMs: number;
  simulator: boolean;
}

export function futuresConfigFromEnv(env: NodeJS.ProcessEnv = process.env): FuturesConfig {
  const e = parseEnv(Schema, env, "futures");
  const interval = Number(e.FUTURES_FUNDING_INTERVAL_MS);
  if (interval < 1000) throw new Error("invalid futures environment: FUTURES_FUNDING_INTERVAL_MS must be at least 1000");
  return { fundingIntervalMs: interval, simulator: e.EXCHANGE_SIMULATOR === "on" };
}
