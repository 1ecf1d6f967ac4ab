/**
 * What every copy-trading product shares (docs/decisions/361): the lead and follow registries (in
 * memory, by environment, lead and follower), the rules of applying to lead and of following
 * (Bitget's: a lead follows no one, a follower leads nowhere, in any product; slots by equity; the
 * profit share's bounds; the account's age on live), the open tracks by key, the durable copy jobs
 * (written with a lead's fill, queued once it is durable) and the reads. Futures copy trading
 * (`service.ts`, docs/decisions/356) and spot (`spot-service.ts`, docs/decisions/360) add their own
 * conditions, their mirroring and their profit share.
 */
import { EX_CODES } from "../../protocol/bitget.ts";
import { GatewayError } from "../envelope.ts";
import { EngineError, type Env } from "../exchange/engine/types.ts";
import type { CopyConfig } from "./config.ts";
import { peerHas, type CopyRoles, type LinkedRoles } from "./roles.ts";
import type { BaseFollowRow, BaseRecordRow, BaseTrackRow, CopyTables, LeadRow, MaxIds, PageQuery } from "./store-base.ts";

/** Bitget's copy-trading codes (as ccxt maps them). */
export const COPY_CODES = {
  paramInvalid: EX_CODES.paramInvalid,
  /** The operation cannot be performed (a lead condition not met). */
  notAllowed: "40401",
  /** Followers cannot be KOL (a follower may not lead, a lead may not follow). */
  followerCannotLead: "40601",
  /** The number of copies has reached the limit. */
  followLimit: "40602",
  /** KOL is not authorized: the caller is not a lead trader. */
  notLead: "40701",
  /** Unauthorized copying user: the caller does not follow that trader. */
  notFollowing: "40702",
} as const;

/** What a copy order carries as its source (order lists and streams show it as `enterPointSource`). */
export const COPY_SOURCE = "COPY";
/** A copy order's clientOid begins so, followed by its copy record's id. */
export const COPY_OID_PREFIX = "copy";
/** How much worse than the lead's fill price a copy may trade (0.5 %): an immediate-or-cancel limit at that price. */
export const COPY_SLIPPAGE_PPM = 5_000;

const USDT = 100_000_000n;

/** The maximum followers of a lead by its equity in the product (Bitget's elite trader slots). */
export function followerSlots(equity: bigint): number {
  if (equity < 100n * USDT) return 0;
  if (equity < 1_000n * USDT) return 100;
  if (equity < 5_000n * USDT) return 300;
  return 500;
}

/** An engine's or the gateway's refusal as a copy record keeps it; undefined for anything else (a fault). */
export const codeOf = (err: unknown): { code: string; reason: string } | undefined =>
  err instanceof EngineError || err instanceof GatewayError ? { code: err.code, reason: err.message } : undefined;

export function mapSet<K, V>(m: Map<K, Set<V>>, k: K): Set<V> {
  let s = m.get(k);
  if (!s) m.set(k, (s = new Set()));
  return s;
}

/** What every product's per-pair choice has: its pair, and its amounts in ledger units (stored as text). */
export interface BasePair {
  symbol: string;
  amount: bigint;
  maxPerOrder: bigint;
}

type Stored<P extends BasePair> = Omit<P, "amount" | "maxPerOrder"> & { amount: string; maxPerOrder: string };
const toStored = <P extends BasePair>(p: P): Stored<P> => ({ ...p, amount: String(p.amount), maxPerOrder: String(p.maxPerOrder) });
const fromStored = <P extends BasePair>(p: Stored<P>): P => ({ ...p, amount: BigInt(p.amount), maxPerOrder: BigInt(p.maxPerOrder) }) as P;

/** A follow in memory: its row and its pairs by symbol. */
export interface Follow<F, P> {
  row: F;
  pairs: Map<string, P>;
}

/** What a new track starts with, but for its open time (the product's own fields follow). */
export type TrackHead = Omit<BaseTrackRow, "openTime">;

/** A job as it is made, before it has an id (each member of a union apart). */
export type WithoutId<J> = J extends unknown ? Omit<J, "id"> : never;

export interface CopyBaseDeps<F extends BaseFollowRow, T extends BaseTrackRow, R extends BaseRecordRow> {
  store: CopyTables<F, T, R>;
  config: CopyConfig;
  /** When the account was registered (ms), for the lead's age condition; undefined: unknown account. */
  registeredAt: (userId: string) => number | undefined;
  log: (err: unknown) => void;
  now?: () => number;
}

/** How a product names its lead in its answers ("lead trader", "spot lead trader") and the equity it asks for. */
export interface ProductTexts {
  lead: string;
  equity: string;
}

/** What a product adds to applying: its own conditions, its equity, and what it does once admitted. */
export interface LeadConditions {
  check?: () => void;
  equity: () => bigint;
  admitted?: () => void;
}

/** What a product adds to following: its own checks, the lead's equity for its slots, a first follow's step, its row. */
export interface FollowTerms<F> {
  check?: () => void;
  leadEquity: () => bigint;
  first?: () => void;
  row: (existing: F | undefined, settings: string, now: number) => F;
}

export abstract class CopyBase<
  F extends BaseFollowRow,
  P extends BasePair,
  T extends BaseTrackRow,
  R extends BaseRecordRow,
  J extends { id: number },
  C extends object,
> implements LinkedRoles
{
  /** The other products' copy services: their leads may not follow here, their followers may not lead here. */
  readonly peers: CopyRoles[] = [];
  protected readonly leads = new Map<string, LeadRow>();
  protected readonly follows = new Map<number, Follow<F, P>>();
  protected readonly byLead = new Map<string, Set<Follow<F, P>>>();
  protected readonly byFollower = new Map<string, Set<Follow<F, P>>>();
  /** Open tracks: a lead's by `leadKey`, a follower's by `followKey`. */
  protected readonly leadTracks = new Map<string, T>();
  protected readonly followTracks = new Map<string, T>();
  protected readonly queue: J[] = [];
  /** The jobs a change about to be committed wrote, queued once it is durable. */
  protected readonly written = new WeakMap<C, J[]>();
  protected ids: MaxIds;
  protected stopped = false;
  protected readonly now: () => number;

  constructor(
    private readonly common: CopyBaseDeps<F, T, R>,
    private readonly texts: ProductTexts,
  ) {
    this.now = common.now ?? Date.now;
    const s = common.store;
    this.ids = s.maxIdsNow();
    for (const l of s.leads()) this.leads.set(`${l.env}:${l.userId}`, l);
    for (const r of s.activeFollows())
      this.index({ row: r, pairs: new Map((JSON.parse(r.settings) as Array<Stored<P>>).map((p) => [p.symbol, fromStored<P>(p)])) });
    for (const t of s.openTrackRows()) {
      if (t.role === "lead") this.leadTracks.set(this.leadKey(t), t);
      else this.followTracks.set(this.followKey(t), t);
    }
    // the jobs a crash left between a lead's durable fill and its copies run first (the product schedules them)
    for (const j of s.pendingJobs()) this.queue.push({ ...(JSON.parse(j.job) as WithoutId<J>), id: j.id } as unknown as J);
  }

  /** The key of a lead's open track, and of a follower's. */
  protected abstract leadKey(t: T): string;
  protected abstract followKey(t: T): string;
  /** Writes `write` in the change's own transaction. */
  protected abstract later(ch: C, write: () => void): void;
  /** Runs the queued jobs (now or soon). */
  protected abstract schedule(): void;

  // ---- leads ---------------------------------------------------------------------------------

  lead(env: Env, userId: string): LeadRow | undefined {
    return this.leads.get(`${env}:${userId}`);
  }

  isLead(env: Env, userId: string): boolean {
    return this.leads.has(`${env}:${userId}`);
  }

  isFollower(env: Env, userId: string): boolean {
    return (this.byFollower.get(`${env}:${userId}`)?.size ?? 0) > 0;
  }

  leadsOf(env: Env): LeadRow[] {
    return [...this.leads.values()].filter((l) => l.env === env);
  }

  /** Applies to lead: not one already, not a follower in any product, the share in bounds, the product's conditions, equity and age. */
  protected admitLead(env: Env, userId: string, profitSharePpm: number | undefined, cond: LeadConditions): LeadRow {
    const { config, registeredAt, store } = this.common;
    if (this.lead(env, userId)) throw new GatewayError(COPY_CODES.notAllowed, `The account is already a ${this.texts.lead}`);
    if (this.isFollower(env, userId) || peerHas(this.peers, "follower", env, userId))
      throw new GatewayError(COPY_CODES.followerCannotLead, "Followers cannot lead: stop following every trader first");
    const ppm = this.checkShare(profitSharePpm ?? config.maxProfitSharePpm);
    cond.check?.();
    if (cond.equity() < config.leadMinEquity)
      throw new GatewayError(
        COPY_CODES.notAllowed,
        `A ${this.texts.lead} needs at least ${config.leadMinEquity / USDT} USDT of ${this.texts.equity} equity`,
      );
    const registered = registeredAt(userId);
    const now = this.now();
    // demo (paper) is paper money: a competition's leaders may lead on demo whatever their account's age (docs/decisions/356)
    if (env === "live" && config.leadMinAgeMs > 0 && (registered === undefined || now - registered < config.leadMinAgeMs))
      throw new GatewayError(
        COPY_CODES.notAllowed,
        `A lead trader's account must be at least ${config.leadMinAgeMs / 86_400_000} days old`,
      );
    cond.admitted?.();
    const row: LeadRow = { env, userId, profitSharePpm: ppm, createdAt: now };
    store.saveLead(row);
    this.leads.set(`${env}:${userId}`, row);
    return row;
  }

  setProfitShare(env: Env, userId: string, ppm: number): LeadRow {
    const l = this.requireLead(env, userId);
    l.profitSharePpm = this.checkShare(ppm);
    this.common.store.saveLead(l);
    return l;
  }

  requireLead(env: Env, userId: string): LeadRow {
    const l = this.lead(env, userId);
    if (!l) throw new GatewayError(COPY_CODES.notLead, `The account is not a ${this.texts.lead}`);
    return l;
  }

  private checkShare(ppm: number): number {
    const max = this.common.config.maxProfitSharePpm;
    if (!Number.isInteger(ppm) || ppm < 0 || ppm > max)
      throw new GatewayError(COPY_CODES.paramInvalid, `Parameter profitShareRatio must be between 0 and ${max / 1_000_000}`);
    return ppm;
  }

  followersOf(env: Env, leadId: string): F[] {
    return [...(this.byLead.get(`${env}:${leadId}`) ?? [])].map((f) => f.row);
  }

  /** How many active followers a lead has. */
  followCount(env: Env, leadId: string): number {
    return this.byLead.get(`${env}:${leadId}`)?.size ?? 0;
  }

  // ---- follows -------------------------------------------------------------------------------

  /** Follows a lead, or replaces a follow's settings: a lead of this product, the follower a lead in none, a slot left. */
  protected admitFollow(env: Env, followerId: string, leadId: string, pairs: P[], terms: FollowTerms<F>): F {
    const { config, store } = this.common;
    if (!this.lead(env, leadId))
      throw new GatewayError(COPY_CODES.paramInvalid, `Parameter traderId is invalid: no such ${this.texts.lead}`);
    if (followerId === leadId || this.lead(env, followerId) || peerHas(this.peers, "lead", env, followerId))
      throw new GatewayError(COPY_CODES.followerCannotLead, "A lead trader cannot follow a trader");
    if (pairs.length === 0) throw new GatewayError(COPY_CODES.paramInvalid, "Parameter settings must name at least one pair");
    terms.check?.();
    const now = this.now();
    const existing = this.findFollow(env, followerId, leadId);
    if (!existing) {
      const slots = config.maxFollowers ?? followerSlots(terms.leadEquity());
      if (this.followCount(env, leadId) >= slots) throw new GatewayError(COPY_CODES.followLimit, "The trader has no follower slot left");
      terms.first?.();
    }
    const row = terms.row(existing?.row, JSON.stringify(pairs.map(toStored)), now);
    store.saveFollow(row);
    const f: Follow<F, P> = existing ?? { row, pairs: new Map() };
    f.row = row;
    f.pairs = new Map(pairs.map((p) => [p.symbol, p]));
    if (!existing) this.index(f);
    return row;
  }

  followsOf(env: Env, followerId: string): F[] {
    return [...(this.byFollower.get(`${env}:${followerId}`) ?? [])].map((f) => f.row);
  }

  pairsOf(row: F): P[] {
    return [...(this.follows.get(row.id)?.pairs.values() ?? [])];
  }

  protected findFollow(env: Env, followerId: string, leadId: string): Follow<F, P> | undefined {
    for (const f of this.byFollower.get(`${env}:${followerId}`) ?? []) if (f.row.leadId === leadId) return f;
    return undefined;
  }

  protected index(f: Follow<F, P>): void {
    this.follows.set(f.row.id, f);
    mapSet(this.byLead, `${f.row.env}:${f.row.leadId}`).add(f);
    mapSet(this.byFollower, `${f.row.env}:${f.row.followerId}`).add(f);
  }

  /** A follow leaves the registries (unfollowed, removed or stopped): nothing more is copied to it. */
  protected unindex(f: Follow<F, P>): void {
    const r = f.row;
    this.follows.delete(r.id);
    this.byLead.get(`${r.env}:${r.leadId}`)?.delete(f);
    this.byFollower.get(`${r.env}:${r.followerId}`)?.delete(f);
  }

  /** A follow's open copies. */
  protected tracksOf(followId: number): T[] {
    const out: T[] = [];
    for (const t of this.followTracks.values()) if (t.followId === followId) out.push(t);
    return out;
  }

  // ---- tracks --------------------------------------------------------------------------------

  /** The common part of a new open track: a lead's own (no follow) or a follow's copy, of one pair. */
  protected trackHead(env: Env, symbol: string, leadId: string, follow?: F): TrackHead {
    return {
      id: ++this.ids.tracks,
      env,
      role: follow ? "follow" : "lead",
      followId: follow?.id ?? 0,
      userId: follow?.followerId ?? leadId,
      leadId,
      symbol,
      cost: 0n,
      realised: 0n,
      shared: 0n,
      closeTime: 0,
      status: "open",
    };
  }

  /** The common part of a copy's record before its order is placed: "placed" until the engine says otherwise. */
  protected recordHead(f: F, leadOrderId: string, symbol: string, size: number, reason: string): BaseRecordRow {
    return {
      id: ++this.ids.records,
      env: f.env,
      followId: f.id,
      followerId: f.followerId,
      leadId: f.leadId,
      leadOrderId,
      symbol,
      size,
      orderId: "",
      status: "placed",
      code: "",
      reason,
      ts: this.now(),
    };
  }

  /** An open track ends (`closed`: all of it closed or sold; `detached`: left to its owner, outside copy trading). */
  protected endTrack(t: T, status: "closed" | "detached", ts: number): void {
    t.status = status;
    t.closeTime = ts;
    if (t.role === "lead") this.leadTracks.delete(this.leadKey(t));
    else this.followTracks.delete(this.followKey(t));
  }

  /** An open track leaves copy trading as its owner's own position or coins, written now. */
  protected detachTrack(t: T, ts = this.now()): void {
    this.endTrack(t, "detached", ts);
    this.common.store.saveTrack(t);
  }

  // ---- jobs ----------------------------------------------------------------------------------

  /** A job written with the change that causes it (in its transaction), queued once that change is durable. */
  protected job(ch: C, j: WithoutId<J>): void {
    const job = { ...j, id: ++this.ids.jobs } as unknown as J;
    const text = JSON.stringify(j);
    this.later(ch, () => this.common.store.insertJob(job.id, text));
    const list = this.written.get(ch);
    if (list) list.push(job);
    else this.written.set(ch, [job]);
  }

  /** A durable change: the jobs it wrote run right after. */
  protected onCommitted(ch: C): void {
    const jobs = this.written.get(ch);
    if (!jobs) return;
    this.queue.push(...jobs);
    this.schedule();
  }

  /** Stops running copy jobs (shutdown): those still queued are written and run at the next start. */
  stop(): void {
    this.stopped = true;
  }

  // ---- reads ---------------------------------------------------------------------------------

  openLeadTracks(env: Env, leadId: string): T[] {
    return [...this.leadTracks.values()].filter((t) => t.env === env && t.userId === leadId).sort((a, b) => b.id - a.id);
  }

  openCopies(env: Env, followerId: string): T[] {
    return [...this.followTracks.values()].filter((t) => t.env === env && t.userId === followerId).sort((a, b) => b.id - a.id);
  }

  tracks(q: PageQuery, role: T["role"], statuses: Array<T["status"]>): T[] {
    return this.common.store.tracks(q, role, statuses);
  }

  records(q: PageQuery): R[] {
    return this.common.store.records(q);
  }
}
