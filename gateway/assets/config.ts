import { z } from "zod";
import { parseEnv } from "../validate.ts";

export const DAY_MS = 86_400_000;

/**
 * The assets area's settings, read once from the environment (docs/decisions/331):
 * - ASSET_SNAPSHOT_INTERVAL_MS (default 86400000, 24 h): one equity snapshot per user and
 *   environment per interval of the simulated clock; shorter for tests and demos (at least 1000).
 *   The interval is the overview's "day": 7 days of history are 7 intervals.
 */
const Schema = z.object({
  ASSET_SNAPSHOT_INTERVAL_MS: z
    .string()
    .regex(/^\d{1,12}$/, "must be a whole number of milliseconds")
    .default(String(DAY_MS)),
});

export interface AssetConfig {
  snapshotIntervalMs: number;
}

export function assetConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AssetConfig {
  const e = parseEnv(Schema, env, "assets");
  const interval = Number(e.ASSET_SNAPSHOT_INTERVAL_MS);
  if (interval < 1000) throw new Error("invalid assets environment: ASSET_SNAPSHOT_INTERVAL_MS must be at least 1000");
  return { snapshotIntervalMs: interval };
}
