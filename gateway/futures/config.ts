import { z } from "zod";
import { parseEnv } from "../validate.ts";
import { DEFAULT_FUNDING_INTERVAL_MS } from "./pricing.ts";

/**
 * The futures area's settings, read once from the environment:
 * - FUTURES_FUNDING_INTERVAL_MS (default 28800000, 8 h): the funding interval on the simulated
 *   clock; shorter for tests and demos (at least 1000).
 * - SIM_PRICE_CONTROL (default off; `1`/`on` enables): the operator's price control of the
 *   simulated market, for tests and demos (docs/decisions/316). Any other value stops the start.
 * The house liquidity follows EXCHANGE_SIMULATOR, as the spot market's does.
 */
const Schema = z.object({
  FUTURES_FUNDING_INTERVAL_MS: z
    .string()
    .regex(/^\d{1,12}$/, "must be a whole number of milliseconds")
    .default(String(DEFAULT_FUNDING_INTERVAL_MS)),
  EXCHANGE_SIMULATOR: z.enum(["on", "off"]).default("on"),
  SIM_PRICE_CONTROL: z.enum(["", "0", "off", "1", "on"]).default("off"),
});

export interface FuturesConfig {
  fundingIntervalMs: number;
  simulator: boolean;
  /** The operator's price control (docs/decisions/316); absent: off. */
  priceControl?: boolean;
}

export function futuresConfigFromEnv(env: NodeJS.ProcessEnv = process.env): FuturesConfig {
  const e = parseEnv(Schema, env, "futures");
  const interval = Number(e.FUTURES_FUNDING_INTERVAL_MS);
  if (interval < 1000) throw new Error("invalid futures environment: FUTURES_FUNDING_INTERVAL_MS must be at least 1000");
  return {
    fundingIntervalMs: interval,
    simulator: e.EXCHANGE_SIMULATOR === "on",
    priceControl: e.SIM_PRICE_CONTROL === "1" || e.SIM_PRICE_CONTROL === "on",
  };
}
