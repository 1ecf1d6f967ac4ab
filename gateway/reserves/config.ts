import { z } from "zod";
import { parseEnv } from "../validate.ts";

/**
 * The reserves area's settings (docs/decisions/333):
 * - RESERVES_SNAPSHOT_INTERVAL_MS (default 86400000, 24 h): how often a proof-of-reserves
 *   snapshot is taken; at least 1000. A gateway that starts after a missed interval takes one at once.
 */
const Schema = z.object({
  RESERVES_SNAPSHOT_INTERVAL_MS: z
    .string()
    .regex(/^\d{1,12}$/, "must be a whole number of milliseconds")
    .default("86400000"),
});

export interface ReservesConfig {
  intervalMs: number;
}

export function reservesConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ReservesConfig {
  const e = parseEnv(Schema, env, "reserves");
  const intervalMs = Number(e.RESERVES_SNAPSHOT_INTERVAL_MS);
  if (intervalMs < 1000) throw new Error("invalid reserves environment: RESERVES_SNAPSHOT_INTERVAL_MS must be at least 1000");
  return { intervalMs };
}
