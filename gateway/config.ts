import { z } from "zod";
import { parseEnv } from "./validate.ts";

/** The gateway's settings, read once at start (see gatewayConfigFromEnv). */
export interface GatewayConfig {
  dataDir: string;
  /** Seed of every simulated process (fiat rates, market). */
  seed: number;
  eventLogUpload: boolean;
  /** One log line per request (off for benchmarks). */
  requestLog: boolean;
  imageHosts: { foreign: string[]; internal: string[] };
  /** The secret the BFF sends in `x-proxy-secret`; unset: loopback peers are believed. */
  proxySecret?: string;
  /** Per-address budgets on the costly paths (docs/decisions/012). */
  abuseLimits: boolean;
  /** When login encryption keys are replaced and how long the last one still opens logins (docs/decisions/011). */
  loginKeyRotation: { rotateMs: number; graceMs: number };
}

/** Login keys are replaced daily; the last one still opens logins for 15 minutes (docs/decisions/011). */
export const DEFAULT_ROTATION = { rotateMs: 24 * 3600_000, graceMs: 15 * 60_000 } as const;

const list = z
  .string()
  .optional()
  .transform((s) =>
    s
      ? s
          .split(",")
          .map((x) => x.trim())
          .filter(Boolean)
      : [],
  );

const EnvSchema = z.object({
  DATA_DIR: z.string().min(1).default(".data"),
  GATEWAY_SEED: z.coerce.number().int().default(20260101),
  EVENT_LOG_UPLOAD: z.enum(["on", "off"]).default("on"),
  REQUEST_LOG: z.enum(["on", "off"]).default("on"),
  IMAGE_HOSTS_FOREIGN: list,
  IMAGE_HOSTS_INTERNAL: list,
  GATEWAY_PROXY_SECRET: z.string().min(16).optional(),
  ABUSE_LIMITS: z.enum(["on", "off"]).default("on"),
  LOGIN_KEY_ROTATE_MS: z.coerce.number().int().min(1000).default(DEFAULT_ROTATION.rotateMs),
  LOGIN_KEY_GRACE_MS: z.coerce.number().int().min(0).default(DEFAULT_ROTATION.graceMs),
});

/** Reads the gateway's settings once from the environment; a bad value stops the start. */
export function gatewayConfigFromEnv(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const e = parseEnv(EnvSchema, env, "gateway");
  return {
    dataDir: e.DATA_DIR,
    seed: e.GATEWAY_SEED,
    eventLogUpload: e.EVENT_LOG_UPLOAD === "on",
    requestLog: e.REQUEST_LOG === "on",
    imageHosts: { foreign: e.IMAGE_HOSTS_FOREIGN, internal: e.IMAGE_HOSTS_INTERNAL },
    proxySecret: e.GATEWAY_PROXY_SECRET,
    abuseLimits: e.ABUSE_LIMITS === "on",
    loginKeyRotation: { rotateMs: e.LOGIN_KEY_ROTATE_MS, graceMs: e.LOGIN_KEY_GRACE_MS },
  };
}
