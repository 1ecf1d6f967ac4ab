import { z } from "zod";
import { parseBody } from "../validate.ts";
import { AREA_CODE_PATTERN, EMAIL_PATTERN, MOBILE_PATTERN } from "../../protocol/accounts.ts";

/** Request fields shared by the account routes, with the rules the browser's forms apply too. */
export const email = z.string().trim().toLowerCase().regex(EMAIL_PATTERN, "not an e-mail address");
export const mobile = z.string().trim().regex(MOBILE_PATTERN, "not a mobile number");
export const areaCode = z
  .string()
  .trim()
  .regex(AREA_CODE_PATTERN, "not an area code")
  .transform((s) => s.replace(/^\+/, ""));
export const code6 = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "must be 6 digits");
export const pwd = z.string().min(1).max(128);
export const userId = z.string().regex(/^\d{10}$/, "not a user id");

/**
 * An optional field as browser forms send it: an empty (or blank) string means "not given", as
 * does null, so a form that posts every input it has is not refused for the ones left empty.
 * Every optional field of the account schemas goes through this.
 */
export function optional<S extends z.ZodTypeAny>(schema: S) {
  return z.preprocess((v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v), schema.optional());
}

/** A body reader for a schema, handed to a service that reads the body after its session check. */
export function bodyOf<S extends z.ZodTypeAny>(schema: S): (body: unknown) => z.infer<S> {
  return (body) => parseBody(schema, body);
}
