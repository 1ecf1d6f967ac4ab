import { intervalMsFromEnv } from "../validate.ts";

/**
 * The reserves area's settings (docs/decisions/333):
 * - RESERVES_SNAPSHOT_INTERVAL_MS (default 86400000, 24 h): how often a proof-of-reserves
 *   snapshot is taken; at least 1000. A gateway that starts after a missed interval takes one at once.
 */
export interface ReservesConfig {
  intervalMs: number;
}

export function reservesConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ReservesConfig {
  return { intervalMs: intervalMsFromEnv(env, "reserves", "RESERVES_SNAPSHOT_INTERVAL_MS", 86_400_000) };
}
