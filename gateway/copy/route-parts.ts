/**
 * What the futures and spot copy-trading endpoints parse and answer alike (docs/decisions/361): the
 * profit-share ratio, positive amounts, tracking numbers, a page's cursor and limit, the pair filter,
 * a follow's settings read, an open-track page, and the lead's two endpoints that are the same in both
 * products (apply, profit share). HTTP only: the rules are the services'.
 */
import { z } from "zod";
import { GatewayError, ok } from "../envelope.ts";
import { formatScaled, parseScaled } from "../exchange/decimal.ts";
import { decimal, isAbsent, optional, parseFields, shown, text } from "../exchange/fields.ts";
import { LEDGER_SCALE } from "../exchange/instruments.ts";
import type { Handler } from "../exchange/routes/private-route.ts";
import { qIdCursor, qInt, qString, type Query } from "../exchange/routes/query.ts";
import type { Env } from "../exchange/engine/types.ts";
import { COPY_CODES } from "./service-base.ts";
import type { LeadNames } from "./names.ts";
import type { LeadRow, PageQuery } from "./store-base.ts";

/** A private route of a product (`privateRoute`, or futures' `futuresRoute`). */
export type CopyRoute = (method: "GET" | "POST", url: string, perSecond: number, trade: boolean, handler: Handler) => void;

export const bad = (msg: string) => new GatewayError(COPY_CODES.paramInvalid, msg);
export const str = (n: number | bigint) => String(n);

const Ratio = z.union([text(16), z.number()]);
/** `nickName`: this exchange's addition, the lead's display name (docs/decisions/363); "" keeps the one it has. */
const ApplySchema = z.object({ profitShareRatio: optional(Ratio), nickName: optional(text(256)) });
const ShareSchema = z.object({ profitShareRatio: Ratio });

/** A follower's choice for one pair, as both products take it (futures adds its margin and leverage fields). */
export const PAIR_FIELDS = {
  symbol: text(32),
  traceType: text(16),
  traceValue: decimal,
  maxHoldSize: optional(decimal),
  stopSurplusRatio: optional(text(16)),
  stopLossRatio: optional(text(16)),
};

/** A `settings` body: the trader, Bitget's `autoCopy` and `mode` (read, not used), and 1 to 50 pairs. */
export function settingsFields<S extends z.ZodTypeAny>(pair: S) {
  return { traderId: text(64), autoCopy: optional(text(8)), mode: optional(text(16)), settings: z.array(pair).min(1).max(50) };
}

/** A ratio such as "0.1" (10 %) in parts per million; the bounds are the service's. */
export function ratioPpm(v: string | number, name: string): number {
  const s = typeof v === "number" ? String(v) : v;
  const scaled = /^\d{1,3}(\.\d{1,6})?$/.test(s) ? parseScaled(s, 6) : undefined;
  if (scaled === undefined) throw bad(`Parameter ${name} is invalid: ${shown(v)}`);
  return Number(scaled);
}

/** A positive amount of the quote coin (USDT) in ledger units, at most a billion. */
export function positiveAmount(v: string, name: string): bigint {
  const x = parseScaled(v, LEDGER_SCALE);
  if (x === undefined || x <= 0n || x > 10n ** 9n * 10n ** 8n) throw bad(`Parameter ${name} is invalid: ${shown(v)}`);
  return x;
}

/** A tracking number (a track's id); `msg` when it is not one. */
export function trackingNoOf(v: string, msg: string): number {
  if (!/^\d{1,16}$/.test(v)) throw bad(msg);
  return Number(v);
}

/** A page's cursor (`idLessThan`) and limit (1 to `max`, 20 by default). */
export function pager(max: number) {
  return (q: Query, env: Env, userId: string): PageQuery => ({
    env,
    userId,
    before: Number(qIdCursor(q)),
    limit: qInt(q, "limit", { min: 1, max, def: 20, clamp: true }) as number,
  });
}

/** A list answer and its `endId` (the last row's tracking number or id). */
export function listOf<T extends { trackingNo?: string; id?: string }>(rows: T[], key: "trackingList" | "recordList") {
  return {
    [key]: rows,
    endId: rows.length ? (rows[rows.length - 1]!.trackingNo ?? rows[rows.length - 1]!.id ?? "") : "",
  };
}

/** The `symbol` filter of a read, resolved by the product (a contract, a spot pair); unknown → 40017. */
export function symbolFilter(q: Query, resolve: (s: string) => string | undefined): string | undefined {
  const s = qString(q, "symbol", false, 32);
  if (s === undefined) return undefined;
  const symbol = resolve(s);
  if (!symbol) throw bad(`Parameter symbol is invalid: ${shown(s)}`);
  return symbol;
}

/** A follower's settings name each pair once. */
export function uniquePairs<P extends { symbol: string }>(pairs: P[]): P[] {
  if (new Set(pairs.map((x) => x.symbol)).size !== pairs.length) throw bad("Parameter settings names a symbol twice");
  return pairs;
}

/** The caller's follow of `traderId` (a `query-settings` read); not following → 40702. */
export function followOf<F extends { leadId: string }>(follows: F[], q: Query): F {
  const traderId = qString(q, "traderId", true, 64) as string;
  const f = follows.find((x) => x.leadId === traderId);
  if (!f) throw new GatewayError(COPY_CODES.notFollowing, "The account does not follow this trader");
  return f;
}

/** A page of open tracks (held in memory): of a pair and a trader when named, ids below the cursor, at most the limit. */
export function openPage<T extends { id: number; symbol: string; leadId: string }>(
  rows: T[],
  pg: PageQuery,
  symbol: string | undefined,
  traderId?: string,
): T[] {
  return rows
    .filter((t) => (!symbol || t.symbol === symbol) && (!traderId || t.leadId === traderId) && t.id < pg.before)
    .slice(0, pg.limit);
}

/**
 * The lead's application and profit-share endpoints, alike in every product. A display name sent
 * with the application is checked before the lead is admitted (a name refused admits no one) and
 * set once it is.
 */
export function leadRoutes(
  route: CopyRoute,
  svc: { apply(env: Env, userId: string, ppm?: number): LeadRow; setProfitShare(env: Env, userId: string, ppm: number): LeadRow },
  paths: { apply: string; share: string },
  names: LeadNames,
): void {
  route("POST", paths.apply, 1, true, async (req, p, env) => {
    const b = parseFields(ApplySchema, req.body ?? {});
    const ppm = isAbsent(b.profitShareRatio) ? undefined : ratioPpm(b.profitShareRatio, "profitShareRatio");
    const nickName = isAbsent(b.nickName) ? undefined : b.nickName;
    if (nickName !== undefined) names.check(p.userId, nickName);
    const l = svc.apply(env, p.userId, ppm);
    if (nickName !== undefined) names.setName(p.userId, nickName);
    return ok({
      traderId: l.userId,
      nickName: names.nameOf(l.userId),
      profitShareRatio: formatScaled(l.profitSharePpm, 6),
      cTime: str(l.createdAt),
    });
  });

  route("POST", paths.share, 1, true, async (req, p, env) => {
    const b = parseFields(ShareSchema, req.body);
    const l = svc.setProfitShare(env, p.userId, ratioPpm(b.profitShareRatio, "profitShareRatio"));
    return ok({ traderId: l.userId, profitShareRatio: formatScaled(l.profitSharePpm, 6) });
  });
}
