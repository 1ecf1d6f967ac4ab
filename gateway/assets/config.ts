import { intervalMsFromEnv } from "../validate.ts";

export const DAY_MS = 86_400_000;

/**
 * The assets area's settings, read once from the environment (docs/decisions/331):
 * - ASSET_SNAPSHOT_INTERVAL_MS (default 86400000, 24 h): one equity snapshot per user and
 *   environment per interval of the simulated clock; shorter for tests and demos (at least 1000).
 *   The interval is the overview's "day": 7 days of history are 7 intervals.
 */
export interface AssetConfig {
  snapshotIntervalMs: number;
}

export function assetConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AssetConfig {
  return { snapshotIntervalMs: intervalMsFromEnv(env, "assets", "ASSET_SNAPSHOT_INTERVAL_MS", DAY_MS) };
}
