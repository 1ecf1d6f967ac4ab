import { z } from "zod";
import { parseEnv } from "../validate.ts";

/**
 * The VIP area's settings, read once from the environment (docs/decisions/332):
 * - VIP_RECOMPUTE_INTERVAL_MS (default 86400000, 24 h): how often every account's level is
 *   recomputed on the gateway's clock; shorter for tests and demos (at least 1000).
 */
const Schema = z.object({
  VIP_RECOMPUTE_INTERVAL_MS: z
    .string()
    .regex(/^\d{1,12}$/, "must be a whole number of milliseconds")
    .default("86400000"),
});

export interface VipConfig {
  recomputeMs: number;
}

export function vipConfigFromEnv(env: NodeJS.ProcessEnv = process.env): VipConfig {
  const e = parseEnv(Schema, env, "vip");
  const ms = Number(e.VIP_RECOMPUTE_INTERVAL_MS);
  if (ms < 1000) throw new Error("invalid vip environment: VIP_RECOMPUTE_INTERVAL_MS must be at least 1000");
  return { recomputeMs: ms };
}
