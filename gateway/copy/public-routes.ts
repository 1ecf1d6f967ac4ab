/**
 * This exchange's public, unsigned copy-trading reads (docs/decisions/357): the ranked list of lead
 * traders, one lead's profile and its closed tracks; and the lead's signed position-visibility
 * setting. `paptrading: 1` reads the simulation's leads.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { COPY_PUBLIC_PATHS } from "../../protocol/copy.ts";
import { ok } from "../envelope.ts";
import { formatScaled } from "../exchange/decimal.ts";
import { parseFields, text } from "../exchange/fields.ts";
import { units } from "../exchange/format.ts";
import type { ExchangeRouteDeps } from "../exchange/routes/private-route.ts";
import { qIdCursor, qInt, qString, queryEnumOf, type Query } from "../exchange/routes/query.ts";
import type { Futures } from "../futures/futures.ts";
import { futuresRoute, publicEnv } from "../futures/routes/query.ts";
import type { LeadNames } from "./names.ts";
import type { CopyProfiles, LeadProfiles, PublicProfile } from "./profiles.ts";
import { historyJson, leadCurrentJson } from "./routes.ts";
import { POSITION_DELAY_MS, SORT_KEYS, type PeriodStats } from "./stats.ts";

/**
 * Per address and route: a profile page costs the server two reads, and a crawler reading a profile in
 * all 24 locales at once (the SSR test does) must not meet 503s; Bitget's market reads allow 20.
 */
const PUBLIC_PER_SECOND = 60;
const PERIODS = ["7", "30", "90"] as const;
const VisibilitySchema = z.object({ positionVisibility: text(8) });

const ratio = (ppm: number) => formatScaled(ppm, 6);

function periodJson(s: PeriodStats) {
  return {
    period: String(s.days),
    roi: ratio(s.roiPpm),
    pnl: units(s.pnl),
    winRate: ratio(s.winRatePpm),
    maxDrawdown: ratio(s.maxDrawdownPpm),
    trades: String(s.trades),
    wins: String(s.wins),
  };
}

/** The three unsigned reads of a product's leads: the ranking, a profile and its closed tracks. */
export function leadReadRoutes<T extends { openTime: number }>(
  app: FastifyInstance,
  profiles: LeadProfiles<T>,
  paths: { traders: string; traderDetail: string; traderHistory: string },
  nameOf: (userId: string) => string,
  json: {
    /** The profile's open tracks under their product's key (`positions`, `holdings`). */
    open: (p: PublicProfile<T>) => Record<string, unknown>;
    closed: (t: T) => { trackingNo: string };
  },
): void {
  app.get(paths.traders, async (req) => {
    const q = req.query as Query;
    const period = Number(queryEnumOf(q, PERIODS, "period", "30"));
    const sortBy = queryEnumOf(q, SORT_KEYS, "sortBy", "roi")!;
    const pageNo = qInt(q, "pageNo", { min: 1, max: 10_000, def: 1 }) as number;
    const pageSize = qInt(q, "pageSize", { min: 1, max: 50, def: 20, clamp: true }) as number;
    const all = profiles.ranking(publicEnv(req), period, sortBy);
    const rows = all.slice((pageNo - 1) * pageSize, pageNo * pageSize);
    return ok({
      period: String(period),
      sortBy,
      total: String(all.length),
      pageNo: String(pageNo),
      pageSize: String(pageSize),
      list: rows.map((r, i) => ({
        rank: String((pageNo - 1) * pageSize + i + 1),
        traderId: r.traderId,
        traderName: nameOf(r.traderId),
        profitShareRatio: ratio(r.lead.profitSharePpm),
        followerCount: String(r.followers),
        maxFollowers: String(r.maxFollowers),
        aum: units(r.aum),
        ...periodJson(r.stats),
        cTime: String(r.lead.createdAt),
      })),
    });
  });

  app.get(paths.traderDetail, async (req) => {
    const traderId = qString(req.query as Query, "traderId", true, 64) as string;
    const p = profiles.profile(publicEnv(req), traderId);
    return ok({
      traderId,
      traderName: nameOf(traderId),
      profitShareRatio: ratio(p.lead.profitSharePpm),
      cTime: String(p.lead.createdAt),
      followerCount: String(p.followers),
      maxFollowers: String(p.maxFollowers),
      aum: units(p.aum),
      positionVisibility: p.visibility,
      positionDelayMinutes: String(POSITION_DELAY_MS / 60_000),
      periods: p.periods.map(periodJson),
      pnlCurve: p.curve.map(([ts, v]) => [String(ts), units(v)]),
      ...json.open(p),
    });
  });

  app.get(paths.traderHistory, async (req) => {
    const q = req.query as Query;
    const traderId = qString(q, "traderId", true, 64) as string;
    const limit = qInt(q, "limit", { min: 1, max: 100, def: 20, clamp: true }) as number;
    const rows = profiles.history(publicEnv(req), traderId, Number(qIdCursor(q)), limit).map(json.closed);
    return ok({ trackingList: rows, endId: rows.length ? rows[rows.length - 1]!.trackingNo : "" });
  });
}

export function copyPublicRoutes(
  app: FastifyInstance,
  deps: Pick<ExchangeRouteDeps, "auth" | "limiter"> & { profiles: CopyProfiles; futures: Futures; names: LeadNames },
): void {
  const profiles = deps.profiles;
  app.addHook("onRequest", (req, _reply, done) => {
    if (req.url.startsWith("/api/v2/copy/public/")) deps.limiter.take(`ip:${req.ip}:${req.routeOptions.url}`, PUBLIC_PER_SECOND);
    done();
  });

  leadReadRoutes(app, profiles, COPY_PUBLIC_PATHS, (id) => deps.names.nameOf(id), {
    open: (p) => ({
      positions: p.open.map((t) => {
        const { presetStopSurplusPrice: _a, presetStopLossPrice: _b, followCount: _c, ...rest } = leadCurrentJson(t, p.followers);
        return rest;
      }),
    }),
    closed: historyJson,
  });

  const route = futuresRoute(app, deps);
  route("POST", COPY_PUBLIC_PATHS.positionVisibility, 5, true, async (req, p, env) => {
    const b = parseFields(VisibilitySchema, req.body);
    return ok({ traderId: p.userId, positionVisibility: profiles.setVisibility(env, p.userId, b.positionVisibility) });
  });
}
