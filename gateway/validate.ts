import { z } from "zod";
import { CODES } from "../protocol/codes.ts";
import { GatewayError } from "./envelope.ts";

/** Parses a request body with a schema; a mismatch is a 400 envelope naming the first bad field. */
export function parseBody<S extends z.ZodTypeAny>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length ? `${issue.path.join(".")}: ` : "";
  throw new GatewayError(CODES.invalidParameter, `Invalid parameter ${where}${issue?.message ?? "invalid"}`);
}

/** Reads an area's settings from the environment with a schema; a bad value stops the start, naming every bad variable. */
export function parseEnv<S extends z.ZodTypeAny>(schema: S, env: unknown, area: string): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new Error(`invalid ${area} environment: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
}

/**
 * An area's interval setting in milliseconds (docs/decisions/020): a whole number, `fallback` when
 * unset, at least `min`; anything else stops the start, naming the area and the variable.
 */
export function intervalMsFromEnv(env: NodeJS.ProcessEnv, area: string, name: string, fallback: number, min = 1000): number {
  const schema = z.object({
    [name]: z
      .string()
      .regex(/^\d{1,12}$/, "must be a whole number of milliseconds")
      .default(String(fallback)),
  });
  const ms = Number(parseEnv(schema, env, area)[name]);
  if (ms < min) throw new Error(`invalid ${area} environment: ${name} must be at least ${min}`);
  return ms;
}
