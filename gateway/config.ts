import { z } from "zod";
import type { GatewayConfig } from "./context.ts";

const list = z
  .string()
  .optional()
  .transform((s) => (s ? s.split(",").map((x) => x.trim()).filter(Boolean) : []));

const EnvSchema = z.object({
  DATA_DIR: z.string().min(1).default(".data"),
  GATEWAY_SEED: z.coerce.number().int().default(20260101),
  EVENT_LOG_UPLOAD: z.enum(["on", "off"]).default("on"),
  REQUEST_LOG: z.enum(["on", "off"]).default("on"),
  IMAGE_HOSTS_FOREIGN: list,
  IMAGE_HOSTS_INTERNAL: list,
});

/** Reads the gateway's settings once from the environment; a bad value stops the start. */
export function gatewayConfigFromEnv(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`invalid gateway environment: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  }
  const e = parsed.data;
  return {
    dataDir: e.DATA_DIR,
    seed: e.GATEWAY_SEED,
    eventLogUpload: e.EVENT_LOG_UPLOAD === "on",
    requestLog: e.REQUEST_LOG === "on",
    imageHosts: { foreign: e.IMAGE_HOSTS_FOREIGN, internal: e.IMAGE_HOSTS_INTERNAL },
  };
}
