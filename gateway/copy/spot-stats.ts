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
import { qIdCursor, qInt, qString, qTimeWindow, type Query } from "../exchange/routes/query.ts";
import { LeadProfiles, type ProfileOptions, type PublicProfile, type RankedLead } from "./profiles.ts";
import type { LeadNames } from "./names.ts";
import { leadReadRoutes } from "./public-routes.ts";
import { COPY_CODES } from "./service.ts";
import type { SpotCopyService } from "./spot-service.ts";
import type { SpotCopyStore, SpotTrackRow } from "./spot-store.ts";
import type { ClosedTrack } from "./stats.ts";

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

export type SpotRankedLead = RankedLead;
export type SpotLeadProfile = PublicProfile<SpotTrackRow>;

/** The one visibility choice a lead makes for its futures positions and spot holdings (`copy_lead_settings`, decision 357). */
export interface VisibilityStore {
  positionVisibility(env: Env, userId: string): string | undefined;
  setPositionVisibility(env: Env, userId: string, v: string, ts: number): void;
}

export interface SpotProfileDeps extends ProfileOptions {
  db: Db;
  spotCopy: SpotCopyService;
  store: SpotCopyStore;
  visibility: VisibilityStore;
  /** The account's spot equity in USDT ledger units (the slots' tier, the ROI's base). */
  equity: (env: Env, userId: string) => bigint;
}

/** The spot leads' public figures (profiles.ts's `LeadProfiles` over the spot copy tables), and a spot lead's shares earned. */
export class SpotCopyProfiles extends LeadProfiles<SpotTrackRow> {
  private readonly sharesPage: Statement;

  constructor(private readonly deps: SpotProfileDeps) {
    const cols = "user_id AS userId, realised, buy_quote AS buyQuote, close_time AS closeTime";
    const closedSince = deps.db
      .prepare(`SELECT ${cols} FROM copy_spot_tracks WHERE env = ? AND role = 'lead' AND status = 'closed' AND close_time > ?`)
      .safeIntegers(true);
    const closedOfLead = deps.db
      .prepare(
        `SELECT ${cols} FROM copy_spot_tracks WHERE env = ? AND user_id = ? AND role = 'lead' AND status = 'closed' AND close_time > ?`,
      )
      .safeIntegers(true);
    const aumByLead = deps.db
      .prepare(
        "SELECT lead_id AS leadId, SUM(cost) AS aum FROM copy_spot_tracks WHERE env = ? AND role = 'follow' AND status = 'open' GROUP BY lead_id",
      )
      .safeIntegers(true);
    const closed = (rows: unknown[]) =>
      (rows as Array<{ userId: string; realised: bigint; buyQuote: bigint; closeTime: bigint }>).map((r) => ({
        ...spotClosed({ closeTime: Number(r.closeTime), realised: BigInt(r.realised), buyQuote: BigInt(r.buyQuote) }),
        userId: r.userId,
      }));
    const copy = deps.spotCopy;
    super(
      {
        notLead: "No such spot lead trader",
        // the store's rows (a lead is never removed) that are this environment's spot leads
        leads: (env) => deps.store.leads().filter((l) => l.env === env && copy.lead(env, l.userId) !== undefined),
        lead: (env, id) => copy.lead(env, id),
        requireLead: (env, id) => void copy.requireLead(env, id),
        followCount: (env, id) => copy.followCount(env, id),
        equity: deps.equity,
        closedLeadTracks: (env, since, id) => closed(id === undefined ? closedSince.all(env, since) : closedOfLead.all(env, id, since)),
        assetsUnderCopy: (env) => {
          const rows = aumByLead.all(env) as Array<{ leadId: string; aum: bigint | null }>;
          return new Map(rows.map((r) => [r.leadId, BigInt(r.aum ?? 0n)]));
        },
        openLeadTracks: (env, id) => copy.openLeadTracks(env, id),
        closedPage: (env, id, before, limit) => copy.tracks({ env, userId: id, before, limit }, "lead", ["closed"]),
        positionVisibility: (env, id) => deps.visibility.positionVisibility(env, id),
        setPositionVisibility: (env, id, v, ts) => deps.visibility.setPositionVisibility(env, id, v, ts),
      },
      deps,
    );
    this.sharesPage = deps.db
      .prepare(
        `SELECT * FROM copy_spot_tracks WHERE env = @env AND lead_id = @lead AND role = 'follow' AND shared > 0
         AND status IN ('closed', 'detached') AND id < @before AND (@symbol IS NULL OR symbol = @symbol)
         AND close_time >= @start AND close_time <= @end ORDER BY id DESC LIMIT @limit`,
      )
      .safeIntegers(true);
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

const str = (n: number | bigint) => String(n);
const VisibilitySchema = z.object({ positionVisibility: text(8) });

/** Average price of `quote` for `base` ledger units of the pair's base coin, as text. */
export function avgPrice(symbol: string, quote: bigint, base: bigint): string {
  const inst = instrument(symbol);
  if (!inst || base <= 0n) return "0";
  return price(inst, Number((quote * inst.baseUnitsPerLot) / (base * inst.quoteUnitsPerTickLot)));
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
const shareJson = (t: SpotTrackRow, nameOf: (id: string) => string) => ({
  profitId: str(t.id),
  coin: "USDT",
  profit: units(t.shared),
  nickName: nameOf(t.userId),
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
  deps: Pick<ExchangeRouteDeps, "auth" | "limiter"> & {
    profiles: SpotCopyProfiles;
    spotCopy: SpotCopyService;
    roles: CopyRoles;
    names: LeadNames;
  },
): void {
  const { profiles, spotCopy } = deps;
  // unsigned reads: the per-address limit of `/api/v2/copy/public/` (public-routes.ts) applies to them too

  const nameOf = (id: string) => deps.names.nameOf(id);
  leadReadRoutes(app, profiles, SPOT_COPY_PUBLIC_PATHS, nameOf, {
    open: (p) => ({ holdings: p.open.map(holdingJson) }),
    closed: closedJson,
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
    return ok({ profitList: rows.map((t) => shareJson(t, nameOf)), endId: rows.length ? str(rows[rows.length - 1]!.id) : "" });
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
