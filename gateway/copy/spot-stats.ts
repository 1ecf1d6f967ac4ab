/**
 * Spot lead traders in public (docs/decisions/362): the ranked list of spot leads, one spot lead's
 * profile (its figures over 7/30/90 days from its closed holdings, followers, assets under copy, its
 * open holdings as it lets them show) and closed holdings; the spot lead's profit share earned per
 * follower copy; and the signed-in account's copy-trading roles. Reads only: the spot copy service's
 * and store's public methods, and plain SQL reads of the spot copy tables (decision 360) that they
 * do not offer (closed holdings since a time, assets under copy, shares earned).
 */
import type { Statement } from "better-sqlite3";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { SPOT_COPY_PUBLIC_PATHS } from "../../protocol/spot-copy.ts";
import type { Db } from "../db/database.ts";
import { GatewayError, ok } from "../envelope.ts";
import { formatScaled } from "../exchange/decimal.ts";
import type { Env } from "../exchange/engine/types.ts";
import { parseFields, text } from "../exchange/fields.ts";
import { price, units } from "../exchange/format.ts";
import { instrument } from "../exchange/instruments.ts";
import { privateRoute, type ExchangeRouteDeps } from "../exchange/routes/private-route.ts";
import { qIdCursor, qInt, qString, qTimeWindow, queryEnumOf, type Query } from "../exchange/routes/query.ts";
import { publicEnv } from "../futures/routes/query.ts";
import { leadsStamp, RankingCache } from "./ranking-cache.ts";
import { COPY_CODES, followerSlots } from "./service.ts";
import type { SpotCopyService } from "./spot-service.ts";
import type { SpotCopyStore, SpotTrackRow } from "./spot-store.ts";
import {
  DAY_MS,
  PERIOD_DAYS,
  periodStats,
  pnlCurve,
  rank,
  visiblePositions,
  POSITION_DELAY_MS,
  POSITION_VISIBILITY,
  SORT_KEYS,
  type ClosedTrack,
  type PeriodStats,
  type PositionVisibility,
  type RankRow,
  type SortKey,
} from "./stats.ts";
import type { LeadRow } from "./store.ts";

/**
 * A closed spot holding as the statistics read it: its net is its realised result (sell proceeds
 * less the sell fee less the cost of what was sold; a buy fee paid in the base coin is already in the
 * cost), its "margin" the quote it cost (no leverage on spot).
 */
export const spotClosed = (t: { closeTime: number; realised: bigint; buyQuote: bigint }): ClosedTrack => ({
  closeTime: t.closeTime,
  realised: t.realised,
  openFee: 0n,
  closeFee: 0n,
  openValue: t.buyQuote,
  leverage: 1,
});

export interface SpotRankedLead extends RankRow {
  lead: LeadRow;
  maxFollowers: number;
}

export interface SpotLeadProfile {
  lead: LeadRow;
  followers: number;
  maxFollowers: number;
  aum: bigint;
  visibility: PositionVisibility;
  periods: PeriodStats[];
  curve: Array<[number, bigint]>;
  holdings: SpotTrackRow[];
}

/** The one visibility choice a lead makes for its futures positions and spot holdings (`copy_lead_settings`, decision 357). */
export interface VisibilityStore {
  positionVisibility(env: Env, userId: string): string | undefined;
  setPositionVisibility(env: Env, userId: string, v: string, ts: number): void;
}

export interface SpotProfileDeps {
  db: Db;
  spotCopy: SpotCopyService;
  store: SpotCopyStore;
  visibility: VisibilityStore;
  /** The account's spot equity in USDT ledger units (the slots' tier, the ROI's base). */
  equity: (env: Env, userId: string) => bigint;
  maxFollowers?: number;
  now?: () => number;
  /** How long a ranking is reused (ranking-cache.ts; 5 s by default, 0: never). */
  rankingTtlMs?: number;
}

export class SpotCopyProfiles {
  private readonly now: () => number;
  private readonly rankings: RankingCache<SpotRankedLead[]>;
  private readonly closedSince: Statement;
  private readonly closedOfLead: Statement;
  private readonly aumByLead: Statement;
  private readonly sharesPage: Statement;

  constructor(private readonly deps: SpotProfileDeps) {
    this.now = deps.now ?? Date.now;
    this.rankings = new RankingCache(this.now, deps.rankingTtlMs);
    const cols = "user_id AS userId, realised, buy_quote AS buyQuote, close_time AS closeTime";
    this.closedSince = deps.db
      .prepare(`SELECT ${cols} FROM copy_spot_tracks WHERE env = ? AND role = 'lead' AND status = 'closed' AND close_time > ?`)
      .safeIntegers(true);
    this.closedOfLead = deps.db
      .prepare(
        `SELECT ${cols} FROM copy_spot_tracks WHERE env = ? AND user_id = ? AND role = 'lead' AND status = 'closed' AND close_time > ?`,
      )
      .safeIntegers(true);
    this.aumByLead = deps.db
      .prepare(
        "SELECT lead_id AS leadId, SUM(cost) AS aum FROM copy_spot_tracks WHERE env = ? AND role = 'follow' AND status = 'open' GROUP BY lead_id",
      )
      .safeIntegers(true);
    this.sharesPage = deps.db
      .prepare(
        `SELECT * FROM copy_spot_tracks WHERE env = @env AND lead_id = @lead AND role = 'follow' AND shared > 0
         AND status IN ('closed', 'detached') AND id < @before AND (@symbol IS NULL OR symbol = @symbol)
         AND close_time >= @start AND close_time <= @end ORDER BY id DESC LIMIT @limit`,
      )
      .safeIntegers(true);
  }

  private closed(rows: unknown[]): Array<ClosedTrack & { userId: string }> {
    return (rows as Array<{ userId: string; realised: bigint; buyQuote: bigint; closeTime: bigint }>).map((r) => ({
      ...spotClosed({ closeTime: Number(r.closeTime), realised: BigInt(r.realised), buyQuote: BigInt(r.buyQuote) }),
      userId: r.userId,
    }));
  }

  private aum(env: Env): Map<string, bigint> {
    const rows = this.aumByLead.all(env) as Array<{ leadId: string; aum: bigint | null }>;
    return new Map(rows.map((r) => [r.leadId, BigInt(r.aum ?? 0n)]));
  }

  private maxFollowers(env: Env, leadId: string): number {
    return this.deps.maxFollowers ?? followerSlots(this.deps.equity(env, leadId));
  }

  /** The spot leads of an environment (the store's rows; a lead is never removed). */
  leads(env: Env): LeadRow[] {
    return this.deps.store.leads().filter((l) => l.env === env && this.deps.spotCopy.lead(env, l.userId) !== undefined);
  }

  visibility(env: Env, userId: string): PositionVisibility {
    const v = this.deps.visibility.positionVisibility(env, userId);
    return (POSITION_VISIBILITY as readonly string[]).includes(v ?? "") ? (v as PositionVisibility) : "show";
  }

  /** The spot lead's choice of what its open holdings (and futures positions, one choice) show. */
  setVisibility(env: Env, userId: string, v: string): PositionVisibility {
    this.deps.spotCopy.requireLead(env, userId);
    const value = v.toLowerCase();
    if (!(POSITION_VISIBILITY as readonly string[]).includes(value))
      throw new GatewayError(COPY_CODES.paramInvalid, "Parameter positionVisibility must be show, delay or hide");
    this.deps.visibility.setPositionVisibility(env, userId, value, this.now());
    this.rankings.clear();
    return value as PositionVisibility;
  }

  /** Every spot lead of the environment with its figures over `days`, ranked by `by` (reused a few seconds: ranking-cache.ts). */
  ranking(env: Env, days: number, by: SortKey): SpotRankedLead[] {
    const copy = this.deps.spotCopy;
    const stamp = leadsStamp(copy.leadsOf(env), (id) => copy.followCount(env, id));
    return this.rankings.get(`${env}:${days}:${by}`, stamp, () => this.computeRanking(env, days, by));
  }

  private computeRanking(env: Env, days: number, by: SortKey): SpotRankedLead[] {
    const now = this.now();
    const closed = new Map<string, ClosedTrack[]>();
    for (const t of this.closed(this.closedSince.all(env, now - days * DAY_MS))) {
      const list = closed.get(t.userId) ?? [];
      list.push(t);
      closed.set(t.userId, list);
    }
    const aum = this.aum(env);
    const rows = this.leads(env).map((lead) => ({
      traderId: lead.userId,
      lead,
      stats: periodStats(closed.get(lead.userId) ?? [], this.deps.equity(env, lead.userId), now, days),
      followers: this.deps.spotCopy.followCount(env, lead.userId),
      maxFollowers: this.maxFollowers(env, lead.userId),
      aum: aum.get(lead.userId) ?? 0n,
    }));
    return rank(rows, by);
  }

  /** One spot lead's profile; an unknown trader is Bitget's "not a lead trader". */
  profile(env: Env, traderId: string): SpotLeadProfile {
    const lead = this.deps.spotCopy.lead(env, traderId);
    if (!lead) throw new GatewayError(COPY_CODES.notLead, "No such spot lead trader");
    const now = this.now();
    const longest = PERIOD_DAYS[PERIOD_DAYS.length - 1]!;
    const tracks = this.closed(this.closedOfLead.all(env, traderId, now - longest * DAY_MS));
    const equity = this.deps.equity(env, traderId);
    const visibility = this.visibility(env, traderId);
    return {
      lead,
      followers: this.deps.spotCopy.followCount(env, traderId),
      maxFollowers: this.maxFollowers(env, traderId),
      aum: this.aum(env).get(traderId) ?? 0n,
      visibility,
      periods: PERIOD_DAYS.map((d) => periodStats(tracks, equity, now, d)),
      curve: pnlCurve(tracks, now, longest),
      holdings: visiblePositions(this.deps.spotCopy.openLeadTracks(env, traderId), visibility, now),
    };
  }

  /** A page of the spot lead's closed holdings, newest first. */
  history(env: Env, traderId: string, before: number, limit: number): SpotTrackRow[] {
    if (!this.deps.spotCopy.lead(env, traderId)) throw new GatewayError(COPY_CODES.notLead, "No such spot lead trader");
    return this.deps.spotCopy.tracks({ env, userId: traderId, before, limit }, "lead", ["closed"]);
  }

  /** The spot lead's profit share earned: its followers' ended copies that paid one, newest first. */
  sharesEarned(
    env: Env,
    leadId: string,
    q: { symbol: string | null; start: number; end: number; before: number; limit: number },
  ): SpotTrackRow[] {
    this.deps.spotCopy.requireLead(env, leadId);
    const rows = this.sharesPage.all({ env, lead: leadId, ...q }) as Array<Record<string, unknown>>;
    return rows.map((r) => trackOf(r));
  }
}

/** A `copy_spot_tracks` row (safe integers) as the store's type. */
function trackOf(r: Record<string, unknown>): SpotTrackRow {
  const n = (k: string) => Number(r[k]);
  const b = (k: string) => BigInt(r[k] as bigint);
  return {
    id: n("id"),
    env: r.env as Env,
    role: r.role as SpotTrackRow["role"],
    followId: n("follow_id"),
    userId: r.user_id as string,
    leadId: r.lead_id as string,
    symbol: r.symbol as string,
    held: b("held"),
    bought: b("bought"),
    buyQuote: b("buy_quote"),
    buyFee: b("buy_fee"),
    cost: b("cost"),
    sold: b("sold"),
    sellQuote: b("sell_quote"),
    sellFee: b("sell_fee"),
    realised: b("realised"),
    shared: b("shared"),
    buyOrderId: r.buy_order_id as string,
    sellOrderId: r.sell_order_id as string,
    openTime: n("open_time"),
    closeTime: n("close_time"),
    status: r.status as SpotTrackRow["status"],
  };
}

// ---- wire shapes (Bitget's spot tracking fields) ------------------------------------------------

const PERIODS = ["7", "30", "90"] as const;
const ratio = (ppm: number) => formatScaled(ppm, 6);
const str = (n: number | bigint) => String(n);
const VisibilitySchema = z.object({ positionVisibility: text(8) });

/** Average price of `quote` for `base` ledger units of the pair's base coin, as text. */
export function avgPrice(symbol: string, quote: bigint, base: bigint): string {
  const inst = instrument(symbol);
  if (!inst || base <= 0n) return "0";
  return price(inst, Number((quote * inst.baseUnitsPerLot) / (base * inst.quoteUnitsPerTickLot)));
}

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

/** An open holding of the lead, as the public sees it (no order ids). */
const holdingJson = (t: SpotTrackRow) => ({
  trackingNo: str(t.id),
  symbol: t.symbol,
  holdSize: units(t.held),
  buyPrice: avgPrice(t.symbol, t.buyQuote, t.bought + t.buyFee),
  buyTime: str(t.openTime),
});

/** A closed holding of the lead: Bitget's `order-history-track` fields that say no order id. */
const closedJson = (t: SpotTrackRow) => ({
  trackingNo: str(t.id),
  symbol: t.symbol,
  fillSize: units(t.sold),
  buyPrice: avgPrice(t.symbol, t.buyQuote, t.bought + t.buyFee),
  sellPrice: avgPrice(t.symbol, t.sellQuote, t.sold),
  achievedPL: units(t.realised),
  achievedPLR: t.buyQuote > 0n ? formatScaled((t.realised * 10_000n) / t.buyQuote, 2) : "0",
  buyTime: str(t.openTime),
  sellTime: str(t.closeTime),
});

/** A share earned: Bitget's `profit-history-details` row (`profitId, coin, profit, nickName, profitTime`) and the copy's own fields. */
const shareJson = (t: SpotTrackRow) => ({
  profitId: str(t.id),
  coin: "USDT",
  profit: units(t.shared),
  nickName: t.userId,
  profitTime: str(t.closeTime),
  trackingNo: str(t.id),
  followerUid: t.userId,
  symbol: t.symbol,
  fillSize: units(t.sold),
  buyPrice: avgPrice(t.symbol, t.buyQuote, t.bought + t.buyFee),
  sellPrice: avgPrice(t.symbol, t.sellQuote, t.sold),
  buyTime: str(t.openTime),
});

/** The roles the account holds in copy trading, per environment. */
export interface CopyRoles {
  futuresLead: (env: Env, id: string) => boolean;
  futuresFollower: (env: Env, id: string) => boolean;
}

export function spotCopyPublicRoutes(
  app: FastifyInstance,
  deps: Pick<ExchangeRouteDeps, "auth" | "limiter"> & { profiles: SpotCopyProfiles; spotCopy: SpotCopyService; roles: CopyRoles },
): void {
  const { profiles, spotCopy } = deps;
  // unsigned reads: the per-address limit of `/api/v2/copy/public/` (public-routes.ts) applies to them too

  app.get(SPOT_COPY_PUBLIC_PATHS.traders, async (req) => {
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
        traderName: r.traderId,
        profitShareRatio: ratio(r.lead.profitSharePpm),
        followerCount: String(r.followers),
        maxFollowers: String(r.maxFollowers),
        aum: units(r.aum),
        ...periodJson(r.stats),
        cTime: String(r.lead.createdAt),
      })),
    });
  });

  app.get(SPOT_COPY_PUBLIC_PATHS.traderDetail, async (req) => {
    const traderId = qString(req.query as Query, "traderId", true, 64) as string;
    const p = profiles.profile(publicEnv(req), traderId);
    return ok({
      traderId,
      traderName: traderId,
      profitShareRatio: ratio(p.lead.profitSharePpm),
      cTime: String(p.lead.createdAt),
      followerCount: String(p.followers),
      maxFollowers: String(p.maxFollowers),
      aum: units(p.aum),
      positionVisibility: p.visibility,
      positionDelayMinutes: String(POSITION_DELAY_MS / 60_000),
      periods: p.periods.map(periodJson),
      pnlCurve: p.curve.map(([ts, v]) => [String(ts), units(v)]),
      holdings: p.holdings.map(holdingJson),
    });
  });

  app.get(SPOT_COPY_PUBLIC_PATHS.traderHistory, async (req) => {
    const q = req.query as Query;
    const traderId = qString(q, "traderId", true, 64) as string;
    const n = qInt(q, "limit", { min: 1, max: 100, def: 20, clamp: true }) as number;
    const rows = profiles.history(publicEnv(req), traderId, Number(qIdCursor(q)), n).map(closedJson);
    return ok({ trackingList: rows, endId: rows.length ? rows[rows.length - 1]!.trackingNo : "" });
  });

  const route = privateRoute(app, deps);
  route("POST", SPOT_COPY_PUBLIC_PATHS.holdingVisibility, 5, true, async (req, p, env) => {
    const b = parseFields(VisibilitySchema, req.body);
    return ok({ traderId: p.userId, positionVisibility: profiles.setVisibility(env, p.userId, b.positionVisibility) });
  });

  route("GET", SPOT_COPY_PUBLIC_PATHS.traderProfitHistory, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    const coin = qString(q, "coin", false, 16);
    const sym = qString(q, "symbol", false, 32);
    const inst = sym === undefined ? undefined : instrument(sym.toUpperCase());
    if (sym !== undefined && !inst) throw new GatewayError(COPY_CODES.paramInvalid, "Parameter symbol is invalid");
    const page = {
      symbol: inst?.symbol ?? null,
      ...qTimeWindow(q),
      before: Number(qIdCursor(q)) > Number.MAX_SAFE_INTEGER ? Number.MAX_SAFE_INTEGER : Number(qIdCursor(q)),
      limit: qInt(q, "limit", { min: 1, max: 100, def: 20, clamp: true }) as number,
    };
    const rows = coin !== undefined && coin.toUpperCase() !== "USDT" ? [] : profiles.sharesEarned(env, p.userId, page);
    return ok({ profitList: rows.map(shareJson), endId: rows.length ? str(rows[rows.length - 1]!.id) : "" });
  });

  route("GET", SPOT_COPY_PUBLIC_PATHS.roles, 20, false, async (_req, p, env) =>
    ok({
      futuresLead: deps.roles.futuresLead(env, p.userId),
      futuresFollower: deps.roles.futuresFollower(env, p.userId),
      spotLead: spotCopy.lead(env, p.userId) !== undefined,
      spotFollower: spotCopy.isFollower(env, p.userId),
    }),
  );
}
