/**
 * The futures protection fund's history (docs/decisions/714): its balance after each of its bills
 * in each environment, and the balance now. Public, like the fund's balance (decision 313).
 */
import type { FastifyInstance } from "fastify";
import { RESERVES_PATHS, type FundHistory, type FundPoint } from "../../protocol/reserves.ts";
import { ok } from "../envelope.ts";
import type { Db } from "../db/database.ts";
import { exactRows } from "../db/columns.ts";
import type { Env } from "../exchange/engine/types.ts";
import { units } from "../exchange/format.ts";
import { qInt, type Query } from "../exchange/routes/query.ts";
import type { RateLimiter } from "../exchange/routes/rate-limit.ts";
import type { Futures } from "./futures.ts";
import { PROTECTION_FUND } from "./service.ts";

const DAY_MS = 86_400_000;
/** The most points of a window: a busy fund's changes are thinned to this many, evenly, the newest kept. */
const MAX_POINTS = 1000;
const PER_SECOND = 10;
const PRODUCT: Record<Env, string> = { live: "USDT-FUTURES", paper: "SUSDT-FUTURES" };

export class FundHistoryStore {
  constructor(private readonly db: Db) {}

  /** The balance the window starts with (the last bill before it) and each bill's balance in it, oldest first. */
  points(env: Env, since: number): { before: bigint | undefined; points: Array<{ ts: number; balance: bigint }> } {
    const before = exactRows(
      this.db,
      "SELECT balance FROM fx_bills WHERE env = ? AND user_id = ? AND ts < ? ORDER BY bill_id DESC LIMIT 1",
      env,
      PROTECTION_FUND,
      since,
    )[0]?.balance as bigint | undefined;
    // every k-th bill from the newest, k chosen so that at most MAX_POINTS remain over the whole window
    const rows = exactRows(
      this.db,
      `SELECT ts, balance FROM (
         SELECT ts, balance, bill_id, ROW_NUMBER() OVER (ORDER BY bill_id DESC) - 1 AS n, COUNT(*) OVER () AS total
         FROM fx_bills WHERE env = ? AND user_id = ? AND ts >= ?)
       WHERE n % ((total + ? - 1) / ?) = 0 ORDER BY bill_id DESC`,
      env,
      PROTECTION_FUND,
      since,
      MAX_POINTS,
      MAX_POINTS,
    );
    return { before, points: rows.reverse().map((r) => ({ ts: Number(r.ts), balance: r.balance as bigint })) };
  }
}

export function fundHistory(store: FundHistoryStore, futures: Futures, days: number, now = Date.now()): FundHistory {
  // never before the exchange's start (its genesis): the fund had no balance, and no history, before it (decision 716)
  const since = Math.max(now - days * DAY_MS, Math.min(futures.exchange.svc.store.genesis(), now));
  const environments = (["live", "paper"] as const).map((env) => {
    const { before, points } = store.points(env, since);
    const balance = futures.svc.protectionFund(env);
    const out: FundPoint[] = [];
    // the window opens with the balance the last earlier bill left, or, with no bill at all, the one now
    if (before !== undefined) out.push({ time: since, balance: units(before) });
    else if (points.length === 0) out.push({ time: since, balance: units(balance) });
    for (const p of points) out.push({ time: p.ts, balance: units(p.balance) });
    out.push({ time: now, balance: units(balance) });
    return { env, productType: PRODUCT[env], balance: units(balance), points: out };
  });
  return { marginCoin: "USDT", environments };
}

export function fundHistoryRoute(app: FastifyInstance, deps: { store: FundHistoryStore; futures: Futures; limiter: RateLimiter }): void {
  app.get(RESERVES_PATHS.fundHistory, async (req) => {
    deps.limiter.take(`ip:${req.ip}:${RESERVES_PATHS.fundHistory}`, PER_SECOND);
    const days = qInt(req.query as Query, "days", { min: 1, max: 365, def: 30 }) as number;
    return ok(fundHistory(deps.store, deps.futures, days));
  });
}
