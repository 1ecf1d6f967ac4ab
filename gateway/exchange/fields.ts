/**
 * The request field rules every Bitget v2 route shares (docs/decisions/307), so no route has its
 * own special case:
 * - an optional field sent as `""` or `null` is absent (SDKs and form-built clients send both);
 * - an enumeration matches in any case and is stored in Bitget's own spelling;
 * - numbers, sizes, ids and symbols stay strict: they are checked where they are used.
 * Refusals carry Bitget's codes: 40019 for a required value that is missing or empty, 40017 for
 * one that is there but wrong.
 */
import { z } from "zod";
import { EX_CODES, GRANULARITIES, GRANULARITY_ALIASES, type Granularity } from "../../protocol/bitget.ts";
import { GatewayError } from "../envelope.ts";
import { EngineError } from "./engine/types.ts";

/** `undefined`, `null` and `""` all mean "not sent". */
export function isAbsent(v: unknown): v is undefined | null | "" {
  return v === undefined || v === null || v === "";
}

/** An optional field: `""` and `null` read as absent before `schema` checks what is left. */
export function optional<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess((v) => (isAbsent(v) ? undefined : v), schema.optional());
}

/** Text of at most `max` characters. */
export const text = (max: number) => z.string().max(max);
/** A decimal as Bitget sends it: a string, or a JSON number (its documented plan examples do). Parsed where used. */
export const decimal = z.union([
  z.string().max(40),
  z
    .number()
    .finite()
    .transform((n) => String(n)),
]);

/** The fields that name an order: Bitget's id or the client's own (either may be sent). */
export const ORDER_REF = { orderId: optional(text(32)), clientOid: optional(text(64)) };

/** Refuses (40019) a request that names its order by neither id. */
export function requireOrderRef(ref: { orderId?: string; clientOid?: string }): void {
  if (!ref.orderId && !ref.clientOid) throw new GatewayError(EX_CODES.paramEmpty, "Parameter orderId or clientOid cannot be empty");
}

const lowerMaps = new WeakMap<readonly string[], Map<string, string>>();

/**
 * Bitget's spelling of `value` in `list`, matched in any case (and through `aliases`, also in any
 * case), or undefined when it is none of them.
 */
export function canonical<T extends string>(list: readonly T[], value: string, aliases: Record<string, T> = {}): T | undefined {
  let map = lowerMaps.get(list);
  if (!map) {
    map = new Map(list.map((v) => [v.toLowerCase(), v]));
    lowerMaps.set(list, map);
  }
  const lower = value.toLowerCase();
  const hit = map.get(lower);
  if (hit !== undefined) return hit as T;
  for (const [alias, target] of Object.entries(aliases)) if (alias.toLowerCase() === lower) return target;
  return undefined;
}

/** Clips what a refusal message repeats back, so a huge value does not make a huge answer. */
export function shown(v: unknown): string {
  const s = typeof v === "string" ? v : (JSON.stringify(v) ?? String(v));
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/**
 * An enumeration field of a body: Bitget's spelling, `fallback` when absent, or an EngineError
 * (40019 when required and absent, 40017 otherwise). Engine errors become envelopes in routes.
 */
export function enumValue<T extends string>(
  list: readonly T[],
  value: unknown,
  name: string,
  fallback?: T,
  aliases?: Record<string, T>,
): T {
  if (isAbsent(value)) {
    if (fallback !== undefined) return fallback;
    throw new EngineError(EX_CODES.paramEmpty, `Parameter ${name} cannot be empty`);
  }
  const hit = typeof value === "string" ? canonical(list, value, aliases) : undefined;
  if (hit === undefined) throw new EngineError(EX_CODES.paramInvalid, `Parameter ${name} is invalid: ${shown(value)}`);
  return hit;
}

/** An enumeration in a query string, as `enumValue` but refused with a GatewayError (public routes have no engine). */
export function queryEnum<T extends string>(
  list: readonly T[],
  value: string | undefined,
  name: string,
  fallback?: T,
  aliases?: Record<string, T>,
): T | undefined {
  if (value === undefined) return fallback;
  const hit = canonical(list, value, aliases);
  if (hit === undefined) throw new GatewayError(EX_CODES.paramInvalid, `Parameter ${name} is invalid: ${shown(value)}`);
  return hit;
}

const GRANULARITY_NAMES = Object.keys(GRANULARITIES) as Granularity[];

/** A candle granularity in any of Bitget's spellings; `1m` (minute) and `1M` (month) only as written. */
export function granularity(value: string): Granularity | undefined {
  if (value in GRANULARITIES) return value as Granularity;
  const alias = GRANULARITY_ALIASES[value];
  if (alias) return alias;
  if (/^\d+m$/i.test(value)) return undefined;
  return canonical(GRANULARITY_NAMES, value, GRANULARITY_ALIASES);
}

/** A body field that holds text when sent: its longest length, and whether it must be sent. */
export interface TextField {
  max: number;
  required: boolean;
}

const textShapes = new WeakMap<z.ZodTypeAny, Readonly<Record<string, TextField>>>();

/**
 * Declares the shape of an object schema whose every field is text (`text`, `decimal` and their
 * `optional`s): `parseFields` then checks a body made only of short strings (what clients send on
 * the hottest path, place-order) by hand and leaves everything else, numbers and every refusal
 * included, to zod. A test holds both ways to the same answers (issue 31: zod's pass cost more
 * than the rest of the field layer).
 */
export function withTextShape<S extends z.AnyZodObject>(schema: S, shape: Record<keyof S["shape"] & string, TextField>): S {
  textShapes.set(schema, shape);
  return schema;
}

/** The body checked against a text shape, or undefined when zod must judge it. */
function parseText(shape: Readonly<Record<string, TextField>>, body: unknown): Record<string, string | undefined> | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const src = body as Record<string, unknown>;
  // As zod's object: only the schema's keys, a key sent as absent kept with undefined.
  const out: Record<string, string | undefined> = {};
  for (const name in shape) {
    const field = shape[name]!;
    if (!(name in src)) {
      if (field.required) return undefined;
      continue;
    }
    const v = src[name];
    if (isAbsent(v)) {
      if (field.required) return undefined;
      out[name] = undefined;
    } else if (typeof v === "string" && v.length <= field.max) out[name] = v;
    else return undefined;
  }
  return out;
}

/**
 * Parses a request body with `schema`; a mismatch is a 400 envelope with Bitget's code naming the
 * first bad field: 40019 when it is missing, 40017 when it is there but wrong.
 */
export function parseFields<S extends z.ZodTypeAny>(schema: S, body: unknown): z.infer<S> {
  const shape = textShapes.get(schema);
  const plain = shape && parseText(shape, body);
  if (plain) return plain as z.infer<S>;
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = issue && issue.path.length ? issue.path.join(".") : "body";
  if (issue?.code === "invalid_type" && issue.received === "undefined")
    throw new GatewayError(EX_CODES.paramEmpty, `Parameter ${name} cannot be empty`);
  throw new GatewayError(EX_CODES.paramInvalid, `Parameter ${name} is invalid: ${issue?.message ?? "invalid"}`);
}
