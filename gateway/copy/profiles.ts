/**
 * The public side of copy trading (docs/decisions/357, 362): the ranked list of lead traders and one
 * lead's profile (statistics over 7/30/90 days, followers, assets under copy, the open positions or
 * holdings the lead lets others see, its closed tracks), for futures and spot alike: each product
 * gives what it reads as a `LeadSource`. Each environment apart: a demo lead ranks among demo leads.
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
  type ClosedTrack,
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

/** A lead's public profile; `open` its open tracks (futures positions, spot holdings) as it lets them show. */
export interface PublicProfile<T> {
  lead: LeadRow;
  followers: number;
  maxFollowers: number;
  aum: bigint;
  visibility: PositionVisibility;
  periods: PeriodStats[];
  curve: Array<[number, bigint]>;
  open: T[];
}

export type LeadProfile = PublicProfile<TrackRow>;

/** What one product's public figures read. */
export interface LeadSource<T extends { openTime: number }> {
  /** The message of Bitget's "not a lead trader" for this product. */
  notLead: string;
  /** The environment's leads of this product. */
  leads(env: Env): LeadRow[];
  lead(env: Env, userId: string): LeadRow | undefined;
  requireLead(env: Env, userId: string): void;
  followCount(env: Env, leadId: string): number;
  /** The lead's equity in this product (the follower slots' tier, the ROI's base). */
  equity(env: Env, userId: string): bigint;
  /** Every lead's tracks closed after `since`, or one lead's. */
  closedLeadTracks(env: Env, since: number, userId?: string): Array<ClosedTrack & { userId: string }>;
  /** Assets under copy by lead (ledger units). */
  assetsUnderCopy(env: Env): Map<string, bigint>;
  openLeadTracks(env: Env, leadId: string): T[];
  /** A page of the lead's closed tracks, newest first. */
  closedPage(env: Env, leadId: string, before: number, limit: number): T[];
  /** The lead's one visibility choice (`copy_lead_settings`, shared by its futures positions and spot holdings). */
  positionVisibility(env: Env, userId: string): string | undefined;
  setPositionVisibility(env: Env, userId: string, v: string, ts: number): void;
}

export interface ProfileOptions {
  maxFollowers?: number;
  now?: () => number;
  /** How long a ranking is reused (ranking-cache.ts; 5 s by default, 0: never). */
  rankingTtlMs?: number;
}

export class LeadProfiles<T extends { openTime: number }> {
  protected readonly now: () => number;
  private readonly rankings: RankingCache<RankedLead[]>;

  constructor(
    private readonly source: LeadSource<T>,
    private readonly options: ProfileOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.rankings = new RankingCache(this.now, options.rankingTtlMs);
  }

  visibility(env: Env, userId: string): PositionVisibility {
    const v = this.source.positionVisibility(env, userId);
    return (POSITION_VISIBILITY as readonly string[]).includes(v ?? "") ? (v as PositionVisibility) : "show";
  }

  /** The lead's choice of what its open positions or holdings show (show, delay, hide). */
  setVisibility(env: Env, userId: string, v: string): PositionVisibility {
    this.source.requireLead(env, userId);
    const value = v.toLowerCase();
    if (!(POSITION_VISIBILITY as readonly string[]).includes(value))
      throw new GatewayError(COPY_CODES.paramInvalid, "Parameter positionVisibility must be show, delay or hide");
    this.source.setPositionVisibility(env, userId, value, this.now());
    this.rankings.clear();
    return value as PositionVisibility;
  }

  private maxFollowers(env: Env, leadId: string): number {
    return this.options.maxFollowers ?? followerSlots(this.source.equity(env, leadId));
  }

  /** Every lead of the environment with its figures over `days`, ranked by `by` (reused a few seconds: ranking-cache.ts). */
  ranking(env: Env, days: number, by: SortKey): RankedLead[] {
    const stamp = leadsStamp(this.source.leads(env), (id) => this.source.followCount(env, id));
    return this.rankings.get(`${env}:${days}:${by}`, stamp, () => this.computeRanking(env, days, by));
  }

  private computeRanking(env: Env, days: number, by: SortKey): RankedLead[] {
    const now = this.now();
    const closed = new Map<string, ClosedTrack[]>();
    for (const t of this.source.closedLeadTracks(env, now - days * DAY_MS)) {
      const list = closed.get(t.userId) ?? [];
      list.push(t);
      closed.set(t.userId, list);
    }
    const aum = this.source.assetsUnderCopy(env);
    const rows = this.source.leads(env).map((lead) => ({
      traderId: lead.userId,
      lead,
      stats: periodStats(closed.get(lead.userId) ?? [], this.source.equity(env, lead.userId), now, days),
      followers: this.source.followCount(env, lead.userId),
      maxFollowers: this.maxFollowers(env, lead.userId),
      aum: aum.get(lead.userId) ?? 0n,
    }));
    return rank(rows, by);
  }

  /** One lead's profile; an unknown trader is Bitget's "not a lead trader". */
  profile(env: Env, traderId: string): PublicProfile<T> {
    const lead = this.source.lead(env, traderId);
    if (!lead) throw new GatewayError(COPY_CODES.notLead, this.source.notLead);
    const now = this.now();
    const longest = PERIOD_DAYS[PERIOD_DAYS.length - 1]!;
    const tracks = this.source.closedLeadTracks(env, now - longest * DAY_MS, traderId);
    const equity = this.source.equity(env, traderId);
    const visibility = this.visibility(env, traderId);
    return {
      lead,
      followers: this.source.followCount(env, traderId),
      maxFollowers: this.maxFollowers(env, traderId),
      aum: this.source.assetsUnderCopy(env).get(traderId) ?? 0n,
      visibility,
      periods: PERIOD_DAYS.map((d) => periodStats(tracks, equity, now, d)),
      curve: pnlCurve(tracks, now, longest),
      open: visiblePositions(this.source.openLeadTracks(env, traderId), visibility, now),
    };
  }

  /** A page of the lead's closed tracks, newest first. */
  history(env: Env, traderId: string, before: number, limit: number): T[] {
    if (!this.source.lead(env, traderId)) throw new GatewayError(COPY_CODES.notLead, this.source.notLead);
    return this.source.closedPage(env, traderId, before, limit);
  }
}

export interface ProfileDeps extends ProfileOptions {
  copy: CopyService;
  store: CopyProfileStore;
  futures: Futures;
}

/** The futures leads' public figures: the copy service, the profile store's reads and the futures equity. */
export class CopyProfiles extends LeadProfiles<TrackRow> {
  constructor(deps: ProfileDeps) {
    const { copy, store, futures } = deps;
    super(
      {
        notLead: "No such lead trader",
        leads: (env) => copy.leadsOf(env),
        lead: (env, id) => copy.lead(env, id),
        requireLead: (env, id) => void copy.requireLead(env, id),
        followCount: (env, id) => copy.followCount(env, id),
        equity: (env, id) => futures.svc.summary(env, id).equity,
        closedLeadTracks: (env, since, id) => store.closedLeadTracks(env, since, id),
        assetsUnderCopy: (env) => store.assetsUnderCopy(env),
        openLeadTracks: (env, id) => copy.openLeadTracks(env, id),
        closedPage: (env, id, before, limit) => copy.tracks({ env, userId: id, before, limit }, "lead", ["closed"]),
        positionVisibility: (env, id) => store.positionVisibility(env, id),
        setPositionVisibility: (env, id, v, ts) => store.setPositionVisibility(env, id, v, ts),
      },
      deps,
    );
  }
}
