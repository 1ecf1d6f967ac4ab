/**
 * The public side of copy trading (docs/decisions/357): the ranked list of lead traders and one
 * lead's profile (statistics over 7/30/90 days, followers, assets under copy, the open positions the
 * lead lets others see, its closed tracks). Each environment apart: a demo lead ranks among demo leads.
 */
import { GatewayError } from "../envelope.ts";
import type { Env } from "../exchange/engine/types.ts";
import type { Futures } from "../futures/futures.ts";
import { COPY_CODES, followerSlots, type CopyService } from "./service.ts";
import {
  DAY_MS,
  PERIOD_DAYS,
  periodStats,
  pnlCurve,
  rank,
  visiblePositions,
  POSITION_VISIBILITY,
  type PeriodStats,
  type PositionVisibility,
  type RankRow,
  type SortKey,
} from "./stats.ts";
import type { CopyProfileStore, LeadRow, TrackRow } from "./store.ts";
import { leadsStamp, RankingCache } from "./ranking-cache.ts";

export interface RankedLead extends RankRow {
  lead: LeadRow;
  maxFollowers: number;
}

export interface LeadProfile {
  lead: LeadRow;
  followers: number;
  maxFollowers: number;
  aum: bigint;
  visibility: PositionVisibility;
  periods: PeriodStats[];
  curve: Array<[number, bigint]>;
  positions: TrackRow[];
}

export interface ProfileDeps {
  copy: CopyService;
  store: CopyProfileStore;
  futures: Futures;
  maxFollowers?: number;
  now?: () => number;
  /** How long a ranking is reused (ranking-cache.ts; 5 s by default, 0: never). */
  rankingTtlMs?: number;
}

export class CopyProfiles {
  private readonly now: () => number;
  private readonly rankings: RankingCache<RankedLead[]>;

  constructor(private readonly deps: ProfileDeps) {
    this.now = deps.now ?? Date.now;
    this.rankings = new RankingCache(this.now, deps.rankingTtlMs);
  }

  visibility(env: Env, userId: string): PositionVisibility {
    const v = this.deps.store.positionVisibility(env, userId);
    return (POSITION_VISIBILITY as readonly string[]).includes(v ?? "") ? (v as PositionVisibility) : "show";
  }

  /** The lead's choice of what its open positions show (show, delay, hide). */
  setVisibility(env: Env, userId: string, v: string): PositionVisibility {
    this.deps.copy.requireLead(env, userId);
    const value = v.toLowerCase();
    if (!(POSITION_VISIBILITY as readonly string[]).includes(value))
      throw new GatewayError(COPY_CODES.paramInvalid, "Parameter positionVisibility must be show, delay or hide");
    this.deps.store.setPositionVisibility(env, userId, value, this.now());
    this.rankings.clear();
    return value as PositionVisibility;
  }

  private maxFollowers(env: Env, leadId: string): number {
    return this.deps.maxFollowers ?? followerSlots(this.deps.futures.svc.summary(env, leadId).equity);
  }

  /** Every lead of the environment with its figures over `days`, ranked by `by` (reused a few seconds: ranking-cache.ts). */
  ranking(env: Env, days: number, by: SortKey): RankedLead[] {
    const copy = this.deps.copy;
    const stamp = leadsStamp(copy.leadsOf(env), (id) => copy.followCount(env, id));
    return this.rankings.get(`${env}:${days}:${by}`, stamp, () => this.computeRanking(env, days, by));
  }

  private computeRanking(env: Env, days: number, by: SortKey): RankedLead[] {
    const now = this.now();
    const closed = new Map<string, ReturnType<CopyProfileStore["closedLeadTracks"]>>();
    for (const t of this.deps.store.closedLeadTracks(env, now - days * DAY_MS)) {
      const list = closed.get(t.userId) ?? [];
      list.push(t);
      closed.set(t.userId, list);
    }
    const aum = this.deps.store.assetsUnderCopy(env);
    const rows = this.deps.copy.leadsOf(env).map((lead) => ({
      traderId: lead.userId,
      lead,
      stats: periodStats(closed.get(lead.userId) ?? [], this.deps.futures.svc.summary(env, lead.userId).equity, now, days),
      followers: this.deps.copy.followCount(env, lead.userId),
      maxFollowers: this.maxFollowers(env, lead.userId),
      aum: aum.get(lead.userId) ?? 0n,
    }));
    return rank(rows, by);
  }

  /** One lead's profile; an unknown trader is Bitget's "not a lead trader". */
  profile(env: Env, traderId: string): LeadProfile {
    const lead = this.deps.copy.lead(env, traderId);
    if (!lead) throw new GatewayError(COPY_CODES.notLead, "No such lead trader");
    const now = this.now();
    const longest = PERIOD_DAYS[PERIOD_DAYS.length - 1]!;
    const tracks = this.deps.store.closedLeadTracks(env, now - longest * DAY_MS, traderId);
    const equity = this.deps.futures.svc.summary(env, traderId).equity;
    const visibility = this.visibility(env, traderId);
    return {
      lead,
      followers: this.deps.copy.followCount(env, traderId),
      maxFollowers: this.maxFollowers(env, traderId),
      aum: this.deps.store.assetsUnderCopy(env).get(traderId) ?? 0n,
      visibility,
      periods: PERIOD_DAYS.map((d) => periodStats(tracks, equity, now, d)),
      curve: pnlCurve(tracks, now, longest),
      positions: visiblePositions(this.deps.copy.openLeadTracks(env, traderId), visibility, now),
    };
  }

  /** A page of the lead's closed tracks, newest first. */
  history(env: Env, traderId: string, before: number, limit: number): TrackRow[] {
    if (!this.deps.copy.lead(env, traderId)) throw new GatewayError(COPY_CODES.notLead, "No such lead trader");
    return this.deps.copy.tracks({ env, userId: traderId, before, limit }, "lead", ["closed"]);
  }
}
