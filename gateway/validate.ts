import type { z } from "zod";
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
