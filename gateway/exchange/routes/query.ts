/** Query-string and body helpers that answer bad input with Bitget's parameter codes. */
import { EX_CODES } from "../../../protocol/bitget.ts";
import { GatewayError } from "../../envelope.ts";
import { EngineError } from "../engine/types.ts";
import { queryEnum } from "../fields.ts";
import { lots, price } from "../format.ts";
import type { Instrument } from "../instruments.ts";
import type { Tape } from "../market/tape.ts";

export type Query = Record<string, unknown>;

/**
 * A history query's time window (Bitget's `startTime`, `endTime`, ms): either may be left out; a
 * start after the end is refused rather than answered with nothing (docs/decisions/712).
 */
export function qTimeWindow(q: Query): { start: number; end: number } {
  const start = qInt(q, "startTime", { min: 0, max: 9e15 }) ?? 0;
  const end = qInt(q, "endTime", { min: 0, max: 9e15 }) ?? Number.MAX_SAFE_INTEGER;
  if (start > end) throw new GatewayError(EX_CODES.paramInvalid, "Parameter startTime must not be after endTime");
  return { start, end };
}

/** A decimal id cursor (`idLessThan` of fills, up to 20 digits); anything else is refused, not read as "from the newest". */
export function qIdCursor(q: Query, name = "idLessThan"): string {
  const s = qString(q, name, false, 32);
  if (s === undefined) return "99999999999999999999";
  if (!/^\d{1,20}$/.test(s)) throw new GatewayError(EX_CODES.paramInvalid, `Parameter ${name} must be an id`);
  return s;
}

export function qString(q: Query, name: string, required = false, max = 64): string | undefined {
  const v = q[name];
  if (v === undefined || v === "") {
    if (required) throw new GatewayError(EX_CODES.paramEmpty, `Parameter ${name} cannot be empty`);
    return undefined;
  }
  if (typeof v !== "string" || v.length > max) throw new GatewayError(EX_CODES.paramInvalid, `Parameter ${name} is invalid`);
  return v;
}

export function qInt(q: Query, name: string, opts: { min: number; max: number; def?: number; clamp?: boolean }): number | undefined {
  const s = qString(q, name);
  if (s === undefined) return opts.def;
  if (!/^\d{1,16}$/.test(s)) throw new GatewayError(EX_CODES.paramInvalid, `Parameter ${name} must be an integer`);
  const n = Number(s);
  if (n < opts.min || n > opts.max) {
    if (opts.clamp) return Math.min(opts.max, Math.max(opts.min, n));
    throw new GatewayError(EX_CODES.paramInvalid, `Parameter ${name} must be between ${opts.min} and ${opts.max}`);
  }
  return n;
}

/** An engine refusal as its envelope; anything else as it is. */
function asEnvelope(err: unknown): unknown {
  return err instanceof EngineError ? new GatewayError(err.code, err.message, 400) : err;
}
const rethrowAsEnvelope = (err: unknown): never => {
  throw asEnvelope(err);
};

/**
 * Runs engine work, turning its rejections into envelopes. No async frame of its own: a promise
 * the work returns is chained once, not awaited and wrapped again (issue 31, decision 355 round 4).
 */
export function engineCall<T>(fn: () => T | Promise<T>): Promise<T> {
  let out: T | Promise<T>;
  try {
    out = fn();
  } catch (err) {
    return Promise.reject(asEnvelope(err));
  }
  return (out instanceof Promise ? out : Promise.resolve(out)).then(undefined, rethrowAsEnvelope);
}

/** An enumeration in the query string, in any case (docs/decisions/307); `fallback` when absent. */
export function queryEnumOf<T extends string>(
  q: Query,
  list: readonly T[],
  name: string,
  fallback?: T,
  aliases?: Record<string, T>,
): T | undefined {
  return queryEnum(list, qString(q, name), name, fallback, aliases);
}

/** merge-depth's `precision` (scale0–scale3, buckets of 10^n ticks) and `limit` (1, 5, 15, 50, 100 or max), in any case. */
export function mergeDepthQuery(q: Query): { n: number; step: number; precision: string } {
  const precision = (qString(q, "precision") ?? "scale0").toLowerCase();
  if (!/^scale[0-3]$/.test(precision)) throw new GatewayError(EX_CODES.paramInvalid, "Parameter precision is invalid");
  const limitText = (qString(q, "limit") ?? "100").toLowerCase();
  if (!["1", "5", "15", "50", "100", "max"].includes(limitText))
    throw new GatewayError(EX_CODES.paramInvalid, "Parameter limit is invalid");
  return { n: limitText === "max" ? 150 : Number(limitText), step: Number(precision.slice(5)), precision };
}

/**
 * Recent public trades of a book as Bitget's market fills answer them, newest first: `limit`
 * (clamped; recent fills up to `recentMax`, history up to 1000), an `idLessThan` cursor and a
 * `startTime`/`endTime` window. Spot and futures alike.
 */
export function publicFills(tape: Tape, inst: Instrument, q: Query, history: boolean, recentMax: number) {
  const n = qInt(q, "limit", { min: 1, max: history ? 1000 : recentMax, def: history ? 500 : 100, clamp: true }) as number;
  const before = qString(q, "idLessThan");
  if (before !== undefined && !/^\d{1,20}$/.test(before)) throw new GatewayError(EX_CODES.paramInvalid, "Parameter idLessThan is invalid");
  const start = qInt(q, "startTime", { min: 0, max: 9e15 });
  const end = qInt(q, "endTime", { min: 0, max: 9e15 });
  return tape
    .latest(
      n,
      (t) =>
        (before === undefined || BigInt(t.tradeId) < BigInt(before)) &&
        (start === undefined || t.ts >= start) &&
        (end === undefined || t.ts <= end),
    )
    .map((t) => ({
      symbol: inst.symbol,
      tradeId: t.tradeId,
      side: t.side,
      price: price(inst, t.price),
      size: lots(inst, t.size),
      ts: String(t.ts),
    }));
}
