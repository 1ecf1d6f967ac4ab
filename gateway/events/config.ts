import { z } from "zod";
import { parseEnv } from "../validate.ts";

export interface EventsConfig {
  /** The operator API's HMAC secret; unset: the API refuses every call (docs/decisions/800). */
  operatorSecret?: string;
}

const EnvSchema = z.object({
  EVENTS_OPERATOR_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
});

/** Reads the events area's settings once; a bad value stops the start rather than weakening the API. */
export function eventsConfigFromEnv(env: Record<string, string | undefined> = process.env): EventsConfig {
  const parsed = parseEnv(EnvSchema, { EVENTS_OPERATOR_SECRET: env.EVENTS_OPERATOR_SECRET || undefined }, "events");
  return { operatorSecret: parsed.EVENTS_OPERATOR_SECRET };
}
