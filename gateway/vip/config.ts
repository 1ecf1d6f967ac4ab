import { DAY_MS } from "../../protocol/vip.ts";
import { intervalMsFromEnv } from "../validate.ts";

/**
 * The VIP area's settings, read once from the environment (docs/decisions/332):
 * - VIP_RECOMPUTE_INTERVAL_MS (default 86400000, 24 h): how often every account's level is
 *   recomputed on the gateway's clock; shorter for tests and demos (at least 1000).
 */
export interface VipConfig {
  recomputeMs: number;
}

export function vipConfigFromEnv(env: NodeJS.ProcessEnv = process.env): VipConfig {
  return { recomputeMs: intervalMsFromEnv(env, "vip", "VIP_RECOMPUTE_INTERVAL_MS", DAY_MS) };
}
