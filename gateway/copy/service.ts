/**
 * Futures copy trading (docs/decisions/356): lead traders, follows, and the mirroring of every lead
 * fill into each follower's account through the futures engine's own entry point (`place`), so
 * price protection, margin checks, reduce-only and the futures opening hold for copies as for any
 * order. A copy the engine refuses is recorded with its code and reason. On each profitable closed
 * copy the lead's share moves from the follower to the lead in the same ledger change as the close.
 */
import { EX_CODES } from "../../protocol/bitget.ts";
import { GatewayError } from "../envelope.ts";
import { EngineError, type Env } from "../exchange/engine/types.ts";
import { notional } from "../exchange/instruments.ts";
import { CONTRACTS, type Contract } from "../futures/contracts.ts";
import type { Futures } from "../futures/futures.ts";
import { newFxChange, type FxChange, type FxOrder } from "../futures/ledger.ts";
import { marketCloseRequest, type OrderRequest } from "../futures/service.ts";
import type { CopyConfig } from "./config.ts";
import { peerHas, type CopyRoles, type LinkedRoles } from "./roles.ts";
import type { CopyRecord, CopyStore, FollowRow, LeadRow, PageQuery, TrackHistoryQuery, TrackRow } from "./store.ts";

/** What a copy order carries as its source (order lists and streams show it as `enterPointSource`). */
export const COPY_SOURCE = "COPY";
/** A copy order's clientOid begins so, followed by its copy record's id. */
export const COPY_OID_PREFIX = "copy";
/** The bills of a profit share: the follower's payment and the lead's income (Bitget's futures bill types). */
export const SHARE_BILLS: [string, string] = ["tracking_follow_pay", "tracking_trader_income"];

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

const PPM = 1_000_000n;
const USDT = 100_000_000n;
const CONTRACT_OF = new Map(CONTRACTS.map((c) => [c.symbol, c]));
/** How much worse than the lead's last fill a copy may open (0.5 %): an immediate-or-cancel limit at that price. */
export const COPY_SLIPPAGE_PPM = 5_000;

/** The limit of an opening copy: the lead's fill price moved against the follower by at most the slippage. */
export function copyLimit(side: "long" | "short", leadPrice: number): number {
  return side === "long"
    ? Math.ceil((leadPrice * (1_000_000 + COPY_SLIPPAGE_PPM)) / 1_000_000)
    : Math.max(1, Math.floor((leadPrice * (1_000_000 - COPY_SLIPPAGE_PPM)) / 1_000_000));
}

/** Percent copies: from 1 % to 1000 % of the lead's size. */
export const PERCENT_RANGE = { min: 10_000, max: 10_000_000 } as const;

/** A follower's choice for one pair: a ratio of the lead's size or a fixed margin per order, capped per order. */
export interface PairSetting {
  symbol: string;
  traceType: "percent" | "amount";
  /** percent: parts per million of the lead's lots. */
  ratioPpm: number;
  /** amount: the margin of each copy order (ledger units), at the follower's leverage. */
  amount: bigint;
  /** The largest order value of one copy (ledger units); 0: no cap. */
  maxPerOrder: bigint;
  /** Take profit on each copy: closed when its unrealised PnL reaches this share of its margin (ppm); absent or 0: none. */
  tpPpm?: number;
  /** Stop loss on each copy: closed when its unrealised loss reaches this share of its margin (ppm); absent or 0: none. */
  slPpm?: number;
}

interface Follow {
  row: FollowRow;
  pairs: Map<string, PairSetting>;
}

type Side = "long" | "short";

/** A change's copy-trading rows: tracks and follows by id (the last state wins), records in order. */
interface Writes {
  tracks: Map<number, TrackRow>;
  records: CopyRecord[];
  follows: Map<number, FollowRow>;
}

/** A copy job: written in the lead fill's own transaction, deleted in its copies' (docs/decisions/356), so a crash between loses none. */
type Job =
  | { id: number; kind: "open"; env: Env; leadId: string; leadOrderId: string; symbol: string; side: Side; qty: number; price: number }
  | { id: number; kind: "close"; env: Env; leadId: string; leadOrderId: string; symbol: string; side: Side; qty: number; before: number };
type NewJob = Job extends infer J ? (J extends Job ? Omit<J, "id"> : never) : never;

/** The maximum followers of a lead by its futures equity (Bitget's elite trader slots). */
export function followerSlots(equity: bigint): number {
  if (equity < 100n * USDT) return 0;
  if (equity < 1_000n * USDT) return 100;
  if (equity < 5_000n * USDT) return 300;
  return 500;
}

const codeOf = (err: unknown): { code: string; reason: string } | undefined =>
  err instanceof EngineError || err instanceof GatewayError ? { code: err.code, reason: err.message } : undefined;

export interface CopyDeps {
  store: CopyStore;
  futures: Futures;
  config: CopyConfig;
  /** When the account was registered (ms), for the lead's age condition; undefined: unknown account. */
  registeredAt: (userId: string) => number | undefined;
  log: (err: unknown) => void;
  now?: () => number;
}

export class CopyService implements LinkedRoles {
  /** The other products' copy services (spot): their leads may not follow here, their followers may not lead here. */
  readonly peers: CopyRoles[] = [];
  private readonly leads = new Map<string, LeadRow>();
  private readonly follows = new Map<number, Follow>();
  private readonly byLead = new Map<string, Set<Follow>>();
  private readonly byFollower = new Map<string, Set<Follow>>();
  /** Open tracks: a lead's by env:lead:symbol:side, a follower's by follow:symbol:side. */
  private readonly leadTracks = new Map<string, TrackRow>();
  private readonly followTracks = new Map<string, TrackRow>();
  private readonly queue: Job[] = [];
  /** Each change's copy-trading rows, written in its transaction (`writes`). */
  private readonly pending = new WeakMap<FxChange, Writes>();
  private draining = false;
  private stopped = false;
  private scheduled = false;
  private ids: { follows: number; tracks: number; records: number; jobs: number };
  /** The jobs a change about to be committed wrote, queued once it is durable. */
  private readonly written = new WeakMap<FxChange, Job[]>();
  private readonly now: () => number;

  constructor(private readonly deps: CopyDeps) {
    this.now = deps.now ?? Date.now;
    const s = deps.store;
    this.ids = s.maxIdsNow();
    for (const l of s.leads()) this.leads.set(`${l.env}:${l.userId}`, l);
    for (const r of s.activeFollows())
      this.index({ row: r, pairs: new Map((JSON.parse(r.settings) as StoredPair[]).map((p) => [p.symbol, fromStored(p)])) });
    for (const t of s.openTrackRows()) {
      if (t.role === "lead") this.leadTracks.set(`${t.env}:${t.userId}:${t.symbol}:${t.holdSide}`, t);
      else this.followTracks.set(`${t.followId}:${t.symbol}:${t.holdSide}`, t);
    }
    deps.futures.svc.committing.add((ch) => this.onCommitting(ch));
    deps.futures.svc.committed.add((ch) => this.onCommitted(ch));
    // the jobs a crash left between a lead's durable fill and its copies run first
    for (const j of s.pendingJobs()) this.queue.push({ ...(JSON.parse(j.job) as NewJob), id: j.id });
    this.schedule();
    deps.futures.market.markListeners.add((env, c) => this.onMark(env, c));
  }

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

  /** Applies to lead (Bitget's elite trader conditions, docs/decisions/356); answers the lead. */
  apply(env: Env, userId: string, profitSharePpm?: number): LeadRow {
    const { futures, config } = this.deps;
    const svc = futures.svc;
    if (this.lead(env, userId)) throw new GatewayError(COPY_CODES.notAllowed, "The account is already a lead trader");
    if (this.isFollower(env, userId) || peerHas(this.peers, "follower", env, userId))
      throw new GatewayError(COPY_CODES.followerCannotLead, "Followers cannot lead: stop following every trader first");
    const ppm = this.checkShare(profitSharePpm ?? config.maxProfitSharePpm);
    futures.opening.requireOpen(env, userId);
    if (svc.positionsOf(env, userId).length > 0 || svc.ordersOf(env, userId).length > 0)
      throw new GatewayError(COPY_CODES.notAllowed, "Close every futures position and cancel every open order before applying to lead");
    const equity = svc.summary(env, userId).equity;
    if (equity < config.leadMinEquity)
      throw new GatewayError(COPY_CODES.notAllowed, `A lead trader needs at least ${config.leadMinEquity / USDT} USDT of futures equity`);
    const registered = this.deps.registeredAt(userId);
    const now = this.now();
    // demo (paper) is paper money: a competition's leaders may lead on demo whatever their account's age (docs/decisions/356)
    if (env === "live" && config.leadMinAgeMs > 0 && (registered === undefined || now - registered < config.leadMinAgeMs))
      throw new GatewayError(
        COPY_CODES.notAllowed,
        `A lead trader's account must be at least ${config.leadMinAgeMs / 86_400_000} days old`,
      );
    // copy trading runs in hedge mode (Bitget's rule): the account has no position or order, so the switch cannot fail
    svc.setPositionMode(env, userId, "hedge_mode");
    const row: LeadRow = { env, userId, profitSharePpm: ppm, createdAt: now };
    this.deps.store.saveLead(row);
    this.leads.set(`${env}:${userId}`, row);
    return row;
  }

  setProfitShare(env: Env, userId: string, ppm: number): LeadRow {
    const l = this.requireLead(env, userId);
    l.profitSharePpm = this.checkShare(ppm);
    this.deps.store.saveLead(l);
    return l;
  }

  requireLead(env: Env, userId: string): LeadRow {
    const l = this.lead(env, userId);
    if (!l) throw new GatewayError(COPY_CODES.notLead, "The account is not a lead trader");
    return l;
  }

  private checkShare(ppm: number): number {
    if (!Number.isInteger(ppm) || ppm < 0 || ppm > this.deps.config.maxProfitSharePpm)
      throw new GatewayError(
        COPY_CODES.paramInvalid,
        `Parameter profitShareRatio must be between 0 and ${this.deps.config.maxProfitSharePpm / 1_000_000}`,
      );
    return ppm;
  }

  followersOf(env: Env, leadId: string): FollowRow[] {
    return [...(this.byLead.get(`${env}:${leadId}`) ?? [])].map((f) => f.row);
  }

  // ---- follows -------------------------------------------------------------------------------

  /** Follows a lead, or changes the settings of a follow (Bitget's `mix-follower/settings`). */
  follow(env: Env, followerId: string, leadId: string, pairs: PairSetting[], lossLimit: bigint): FollowRow {
    const svc = this.deps.futures.svc;
    const lead = this.lead(env, leadId);
    if (!lead) throw new GatewayError(COPY_CODES.paramInvalid, "Parameter traderId is invalid: no such lead trader");
    if (followerId === leadId || this.lead(env, followerId) || peerHas(this.peers, "lead", env, followerId))
      throw new GatewayError(COPY_CODES.followerCannotLead, "A lead trader cannot follow a trader");
    if (pairs.length === 0) throw new GatewayError(COPY_CODES.paramInvalid, "Parameter settings must name at least one pair");
    if (lossLimit < 0n) throw new GatewayError(COPY_CODES.paramInvalid, "Parameter totalLossLimit must not be negative");
    const now = this.now();
    const existing = this.findFollow(env, followerId, leadId);
    if (!existing) {
      const slots = this.deps.config.maxFollowers ?? followerSlots(svc.summary(env, leadId).equity);
      if ((this.byLead.get(`${env}:${leadId}`)?.size ?? 0) >= slots)
        throw new GatewayError(COPY_CODES.followLimit, "The trader has no follower slot left");
      // copies open and close position sides (hedge mode, Bitget's rule); switching fails while positions or orders exist
      svc.setPositionMode(env, followerId, "hedge_mode");
    }
    const settings = JSON.stringify(pairs.map(toStored));
    const row: FollowRow = existing
      ? { ...existing.row, settings, lossLimit, updatedAt: now }
      : {
          id: ++this.ids.follows,
          env,
          followerId,
          leadId,
          settings,
          lossLimit,
          net: 0n,
          status: "active",
          stopReason: "",
          createdAt: now,
          updatedAt: now,
        };
    this.deps.store.saveFollow(row);
    const f: Follow = existing ?? { row, pairs: new Map() };
    f.row = row;
    f.pairs = new Map(pairs.map((p) => [p.symbol, p]));
    if (!existing) this.index(f);
    return row;
  }

  /** Stops following (Bitget's `mix-follower/cancel-trader`): the copies are closed at market, or kept as the follower's own positions. */
  unfollow(env: Env, followerId: string, leadId: string, closePositions: boolean): FollowRow {
    const f = this.findFollow(env, followerId, leadId);
    if (!f) throw new GatewayError(COPY_CODES.notFollowing, "The account does not follow this trader");
    this.end(f, "cancelled", closePositions ? "unfollowed: copies closed" : "unfollowed: copies kept", closePositions);
    return f.row;
  }

  followsOf(env: Env, followerId: string): FollowRow[] {
    return [...(this.byFollower.get(`${env}:${followerId}`) ?? [])].map((f) => f.row);
  }

  pairsOf(row: FollowRow): PairSetting[] {
    return [...(this.follows.get(row.id)?.pairs.values() ?? [])];
  }

  private findFollow(env: Env, followerId: string, leadId: string): Follow | undefined {
    for (const f of this.byFollower.get(`${env}:${followerId}`) ?? []) if (f.row.leadId === leadId) return f;
    return undefined;
  }

  private index(f: Follow): void {
    this.follows.set(f.row.id, f);
    mapSet(this.byLead, `${f.row.env}:${f.row.leadId}`).add(f);
    mapSet(this.byFollower, `${f.row.env}:${f.row.followerId}`).add(f);
  }

  /** Ends a follow (unfollowed or stopped by its loss limit): its open copies are closed, or detached and left to the follower. */
  private end(f: Follow, status: "stopped" | "cancelled", reason: string, close: boolean): void {
    const r = f.row;
    this.follows.delete(r.id);
    this.byLead.get(`${r.env}:${r.leadId}`)?.delete(f);
    this.byFollower.get(`${r.env}:${r.followerId}`)?.delete(f);
    r.status = status;
    r.stopReason = reason;
    r.updatedAt = this.now();
    this.deps.store.saveFollow(r);
    for (const t of this.tracksOf(f)) {
      if (close) this.closeTrack(f, t, t.size, "");
      if (t.status === "open") {
        // kept (or not closable): the position stays the follower's own, outside copy trading
        t.status = "detached";
        t.closeTime = this.now();
        this.followTracks.delete(`${t.followId}:${t.symbol}:${t.holdSide}`);
        this.deps.store.saveTrack(t);
      }
    }
  }

  private tracksOf(f: Follow): TrackRow[] {
    const out: TrackRow[] = [];
    for (const t of this.followTracks.values()) if (t.followId === f.row.id) out.push(t);
    return out;
  }

  /**
   * The lead closes its open tracks at market (Bitget's `order-close-positions`), through its own
   * order path: the copies follow from its fills like any close. Answers the tracks and their orders.
   */
  leadClose(
    env: Env,
    leadId: string,
    filter: { trackingNo?: number; symbol?: string; holdSide?: Side },
  ): Array<{ track: TrackRow; orderId: string }> {
    this.requireLead(env, leadId);
    const svc = this.deps.futures.svc;
    const out: Array<{ track: TrackRow; orderId: string }> = [];
    for (const t of this.openLeadTracks(env, leadId)) {
      if (!matches(t, filter)) continue;
      const held = svc.position(env, leadId, t.symbol, t.holdSide)?.size ?? 0;
      const hedge = svc.account(env, leadId).posMode === "hedge_mode";
      const size = Math.min(t.size, held);
      if (size === 0) continue;
      const o = svc.place(env, leadId, marketCloseRequest(hedge, t.symbol, t.holdSide, size));
      out.push({ track: t, orderId: o.id });
    }
    if (out.length === 0) throw new GatewayError("22002", "No position to close");
    return out;
  }

  /** The follower closes copies at market (Bitget's `mix-follower/close-positions`); the profit share applies as to any close. */
  followerClose(env: Env, followerId: string, filter: { trackingNo?: number; symbol?: string; holdSide?: Side }): TrackRow[] {
    const done: TrackRow[] = [];
    for (const f of [...(this.byFollower.get(`${env}:${followerId}`) ?? [])])
      for (const t of this.tracksOf(f))
        if (matches(t, filter)) {
          this.closeTrack(f, t, t.size, "");
          done.push(t);
        }
    if (done.length === 0) throw new GatewayError("22002", "No copy to close");
    return done;
  }

  // ---- mirroring -----------------------------------------------------------------------------

  /** A durable futures change: the jobs it wrote run right after, each lead fill's copies in one transaction. */
  private onCommitted(ch: FxChange): void {
    const jobs = this.written.get(ch);
    if (!jobs) return;
    this.queue.push(...jobs);
    this.schedule();
  }

  private schedule(): void {
    if (this.queue.length > 0 && !this.scheduled && !this.draining) {
      this.scheduled = true;
      queueMicrotask(() => {
        this.scheduled = false;
        this.drain();
      });
    }
  }

  /** A job written with the change that causes it. */
  private job(ch: FxChange, j: NewJob): void {
    const job = { ...j, id: ++this.ids.jobs } as Job;
    const text = JSON.stringify(j);
    ch.also(() => this.deps.store.insertJob(job.id, text));
    const list = this.written.get(ch);
    if (list) list.push(job);
    else this.written.set(ch, [job]);
  }

  /** A futures change about to be committed: the fills of lead orders move the lead's tracks and become copy jobs, in its own transaction. */
  private onCommitting(ch: FxChange): void {
    if (this.leads.size === 0) return;
    let agg: Map<FxOrder, { qty: number; quote: bigint; fee: bigint; profit: bigint; price: number }> | undefined;
    for (const f of ch.fills) {
      const o = f.order;
      if (o.house || o.source === COPY_SOURCE || !this.leads.has(`${o.env}:${o.userId}`)) continue;
      agg ??= new Map();
      const a = agg.get(o) ?? { qty: 0, quote: 0n, fee: 0n, profit: 0n, price: f.price };
      a.qty += f.size;
      a.quote += f.quote;
      a.fee += f.fee;
      a.profit += f.profit;
      a.price = f.price;
      agg.set(o, a);
    }
    if (agg) for (const [o, a] of agg) this.leadFilled(ch, o, a);
    // a lead position ended otherwise than by its own order (liquidation, auto-deleveraging, a demo reset): every copy of it closes
    for (const e of ch.ended) {
      const p = e.position;
      if (e.reason === "close" || e.reason === "take_profit" || e.reason === "stop_loss" || !this.leads.has(`${p.env}:${p.userId}`))
        continue;
      const t = this.leadTracks.get(`${p.env}:${p.userId}:${p.symbol}:${p.holdSide}`);
      if (t) this.leadTrackClose(ch, t, t.size, 0n, 0n, 0n, "", this.now());
      // no lead order: every copy of that side closes whole
      this.job(ch, {
        kind: "close",
        env: p.env,
        leadId: p.userId,
        leadOrderId: "",
        symbol: p.symbol,
        side: p.holdSide,
        qty: 0,
        before: 0,
      });
    }
  }

  /** One lead order's fills in one change: its own track moves, and the jobs for its followers are queued. */
  private leadFilled(ch: FxChange, o: FxOrder, a: { qty: number; quote: bigint; fee: bigint; profit: bigint; price: number }): void {
    const ts = this.now();
    let closeSide: Side | undefined;
    let closeQty = 0;
    let openSide: Side | undefined;
    let openQty = 0;
    if (o.posMode === "hedge_mode") {
      if (o.tradeSide === "close") [closeSide, closeQty] = [o.posSide, a.qty];
      else [openSide, openQty] = [o.posSide, a.qty];
    } else {
      // one-way: a buy closes the short first, then opens a long with the rest
      const opp: Side = o.side === "buy" ? "short" : "long";
      const held = this.leadTracks.get(`${o.env}:${o.userId}:${o.symbol}:${opp}`)?.size ?? 0;
      closeSide = opp;
      closeQty = Math.min(held, a.qty);
      openSide = o.side === "buy" ? "long" : "short";
      openQty = a.qty - closeQty;
    }
    const closeQuote = closeQty === a.qty ? a.quote : (a.quote * BigInt(closeQty)) / BigInt(a.qty);
    const closeFee = closeQty === a.qty ? a.fee : (a.fee * BigInt(closeQty)) / BigInt(a.qty);
    if (closeSide && closeQty > 0) {
      const t = this.leadTracks.get(`${o.env}:${o.userId}:${o.symbol}:${closeSide}`);
      const before = t?.size ?? 0;
      if (t) this.leadTrackClose(ch, t, closeQty, closeQuote, closeFee, a.profit, o.id, ts);
      if (before > 0)
        this.job(ch, {
          kind: "close",
          env: o.env,
          leadId: o.userId,
          leadOrderId: o.id,
          symbol: o.symbol,
          side: closeSide,
          qty: closeQty,
          before,
        });
    }
    if (openSide && openQty > 0) {
      const key = `${o.env}:${o.userId}:${o.symbol}:${openSide}`;
      let t = this.leadTracks.get(key);
      if (!t) {
        t = newTrack(++this.ids.tracks, o.env, "lead", 0, o.userId, o.userId, o.symbol, openSide, o.leverage, o.id, ts);
        this.leadTracks.set(key, t);
      }
      const quote = a.quote - closeQuote;
      t.size += openQty;
      t.openedSize += openQty;
      t.openValue += quote;
      t.cost += quote;
      t.openFee += a.fee - closeFee;
      this.writes(ch).tracks.set(t.id, { ...t });
      this.job(ch, {
        kind: "open",
        env: o.env,
        leadId: o.userId,
        leadOrderId: o.id,
        symbol: o.symbol,
        side: openSide,
        qty: openQty,
        price: a.price,
      });
    }
  }

  private leadTrackClose(
    ch: FxChange,
    t: TrackRow,
    qty: number,
    quote: bigint,
    fee: bigint,
    profit: bigint,
    orderId: string,
    ts: number,
  ): void {
    const q = Math.min(qty, t.size);
    t.cost -= q >= t.size ? t.cost : (t.cost * BigInt(q)) / BigInt(t.size);
    t.size -= q;
    t.closedSize += q;
    t.closeValue += quote;
    t.closeFee += fee;
    t.realised += profit;
    if (orderId) t.closeOrderId = orderId;
    if (t.size === 0) {
      t.status = "closed";
      t.closeTime = ts;
      this.leadTracks.delete(`${t.env}:${t.userId}:${t.symbol}:${t.holdSide}`);
    }
    this.writes(ch).tracks.set(t.id, { ...t });
  }

  /** Stops running copy jobs (shutdown): those still queued are written and run at the next start. */
  stop(): void {
    this.stopped = true;
  }

  /** Runs the queued copy jobs (each copy its own engine call); tests call it to run them now. */
  drain(): void {
    if (this.draining || this.stopped) return;
    this.draining = true;
    try {
      // one transaction per lead fill: each copy is its own engine call and its own change (a savepoint),
      // and all of them are durable together at its end, one disk flush for every follower (docs/decisions/356)
      const db = this.deps.futures.svc.db;
      for (let job = this.queue.shift(); job; job = this.queue.shift()) {
        const j = job;
        try {
          db.transaction(() => {
            if (j.kind === "open") this.copyOpen(j);
            else this.copyClose(j);
            this.deps.store.deleteJob(j.id);
          })();
        } catch (err) {
          // a fault, not a refusal (those are recorded per follower): reported, and not retried at every start
          this.deps.log(err);
          this.deps.store.deleteJob(j.id);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private copyOpen(job: Extract<Job, { kind: "open" }>): void {
    const c = CONTRACT_OF.get(job.symbol);
    if (!c) return;
    const copying: Array<[Follow, PairSetting]> = [];
    for (const f of [...(this.byLead.get(`${job.env}:${job.leadId}`) ?? [])]) {
      const pair = f.pairs.get(job.symbol);
      if (!pair || f.row.status !== "active") continue;
      // a follow at its loss limit stops (its copies close, each in its own change) before anything is copied
      if (!this.checkLoss(f)) copying.push([f, pair]);
    }
    // every copy of the fill in one change: the house's and the lead's rows are written once, not once per follower
    const ch = newFxChange();
    for (const [f, pair] of copying) this.openCopy(f, c, pair, job, ch);
    this.deps.futures.svc.commit(ch);
    // the copy's own fill (its fee, its entry against the mark) may be the one that reaches the limit
    for (const [f] of copying) this.checkLoss(f);
  }

  /** The lots of one copy: a ratio of the lead's, or the fixed margin at the follower's leverage, cut to the cap per order. */
  copyLots(f: Follow, c: Contract, pair: PairSetting, leadQty: number, price: number, side: Side): number {
    const svc = this.deps.futures.svc;
    const per = notional(c.inst, Math.max(price, 1), 1_000_000);
    let lots: number;
    if (pair.traceType === "percent") lots = Math.floor((leadQty * pair.ratioPpm) / 1_000_000);
    else {
      const s = svc.setting(f.row.env, f.row.followerId, c);
      const lever = s.marginMode === "crossed" ? s.crossLever : side === "long" ? s.longLever : s.shortLever;
      lots = Number((pair.amount * BigInt(lever) * 1_000_000n) / per);
    }
    if (pair.maxPerOrder > 0n) lots = Math.min(lots, Number((pair.maxPerOrder * 1_000_000n) / per));
    return lots;
  }

  private openCopy(f: Follow, c: Contract, pair: PairSetting, job: Extract<Job, { kind: "open" }>, ch: FxChange): void {
    const { futures } = this.deps;
    const r = f.row;
    const size = this.copyLots(f, c, pair, job.qty, job.price, job.side);
    const rec = this.record(f, job.leadOrderId, c.symbol, job.side, "open", size, "");
    const recId = rec.id;
    try {
      // the same opening rule as the futures order paths (docs/decisions/351)
      futures.opening.requireOpen(r.env, r.followerId);
      const hedge = futures.svc.account(r.env, r.followerId).posMode === "hedge_mode";
      const req: OrderRequest = {
        symbol: c.symbol,
        side: job.side === "long" ? "buy" : "sell",
        tradeSide: hedge ? "open" : undefined,
        // no worse than the lead's last fill by more than COPY_SLIPPAGE_PPM, and inside the band like any limit:
        // a lead cannot hand its followers to an accomplice's quote far from its own price
        orderType: "limit",
        force: "ioc",
        price: copyLimit(job.side, job.price),
        size,
        clientOid: `${COPY_OID_PREFIX}${recId}`,
        reduceOnly: false,
        source: COPY_SOURCE,
        beforeCommit: (o, x) => this.opened(f, o, x, rec),
        change: ch,
      };
      futures.svc.place(r.env, r.followerId, req);
    } catch (err) {
      this.refused(rec, err);
    }
  }

  /** In the follower's open change: the track grows by what filled; the track and the record are written with the order. */
  private opened(f: Follow, o: FxOrder, ch: FxChange, rec: CopyRecord): void {
    rec.orderId = o.id;
    rec.size = o.filled;
    if (o.filled < o.size) rec.reason = o.cancelReason;
    if (o.filled > 0) {
      const key = `${f.row.id}:${o.symbol}:${o.posSide}`;
      let t = this.followTracks.get(key);
      if (!t) {
        t = newTrack(
          ++this.ids.tracks,
          o.env,
          "follow",
          f.row.id,
          f.row.followerId,
          f.row.leadId,
          o.symbol,
          o.posSide,
          o.leverage,
          o.id,
          o.uTime,
        );
        this.followTracks.set(key, t);
      }
      t.size += o.filled;
      t.openedSize += o.filled;
      t.openValue += o.filledQuote;
      t.cost += o.filledQuote;
      t.openFee += o.fee;
      this.writes(ch).tracks.set(t.id, { ...t });
    }
    this.writes(ch).records.push({ ...rec });
  }

  /**
   * What a change writes of copy trading (tracks, records, follows): gathered while the change is built
   * and written together in its transaction, many rows a statement (docs/decisions/358).
   */
  private writes(ch: FxChange): Writes {
    let w = this.pending.get(ch);
    if (!w) {
      const made: Writes = { tracks: new Map(), records: [], follows: new Map() };
      this.pending.set(ch, made);
      ch.also(() => this.deps.store.saveMany([...made.tracks.values()], made.records, [...made.follows.values()]));
      w = made;
    }
    return w;
  }

  private copyClose(job: Extract<Job, { kind: "close" }>): void {
    const follows = [...(this.byLead.get(`${job.env}:${job.leadId}`) ?? [])];
    const ch = newFxChange();
    for (const f of follows) {
      const t = this.followTracks.get(`${f.row.id}:${job.symbol}:${job.side}`);
      if (!t || t.size === 0) continue;
      const all = job.leadOrderId === "" || job.qty >= job.before;
      const q = all ? t.size : Math.min(t.size, Math.round((t.size * job.qty) / job.before));
      if (q > 0) this.closeTrack(f, t, q, job.leadOrderId, ch);
    }
    this.deps.futures.svc.commit(ch);
    for (const f of follows) this.checkLoss(f);
  }

  /** Closes `qty` lots of a copy at market through the engine; the profit share moves in the same change. */
  private closeTrack(f: Follow, t: TrackRow, qty: number, leadOrderId: string, ch?: FxChange, why = ""): void {
    const { futures } = this.deps;
    const svc = futures.svc;
    const r = f.row;
    const rec = this.record(f, leadOrderId, t.symbol, t.holdSide, "close", qty, why);
    const recId = rec.id;
    try {
      const hedge = svc.account(r.env, r.followerId).posMode === "hedge_mode";
      const held = svc.position(r.env, r.followerId, t.symbol, t.holdSide);
      // what the follower closed by hand is no longer the copy's to close
      const size = Math.min(qty, held?.size ?? 0);
      rec.size = size;
      const req = marketCloseRequest(hedge, t.symbol, t.holdSide, size, {
        clientOid: `${COPY_OID_PREFIX}${recId}`,
        source: COPY_SOURCE,
        beforeCommit: (o, x) => this.closed(f, t, o, x, rec),
        change: ch,
      });
      if (size === 0) throw new EngineError("22002", "No position to close: the follower closed it");
      svc.place(r.env, r.followerId, req);
    } catch (err) {
      this.refused(rec, err);
      if (!svc.position(r.env, r.followerId, t.symbol, t.holdSide)) this.detach(t);
    }
  }

  /**
   * In the follower's close change: the copy's realised result (its PnL less the close fee and the
   * open fee's share) and, when positive, the lead's share moved from follower to lead in the same change.
   */
  private closed(f: Follow, t: TrackRow, o: FxOrder, ch: FxChange, rec: CopyRecord): void {
    rec.orderId = o.id;
    rec.size = o.filled;
    if (o.filled < o.size) rec.reason = o.cancelReason;
    const filled = Math.min(o.filled, t.size);
    if (filled > 0) {
      const lead = this.lead(f.row.env, f.row.leadId);
      const openFeePart =
        t.openedSize > 0
          ? (t.openFee * BigInt(t.closedSize + filled)) / BigInt(t.openedSize) - (t.openFee * BigInt(t.closedSize)) / BigInt(t.openedSize)
          : 0n;
      const net = o.profit - o.fee - openFeePart;
      // a high-water mark per copy: the share is of the copy's whole net so far, less what it already paid,
      // so a profitable close after losing partial closes pays only on the copy's net gain
      const closedSize = t.closedSize + filled;
      const netSoFar =
        t.realised + o.profit - t.closeFee - o.fee - (t.openedSize > 0 ? (t.openFee * BigInt(closedSize)) / BigInt(t.openedSize) : 0n);
      const owed = netSoFar > 0n && lead ? (netSoFar * BigInt(lead.profitSharePpm)) / PPM - t.shared : 0n;
      const share = owed > 0n ? owed : 0n;
      this.deps.futures.svc.moveWithin(ch, f.row.env, f.row.followerId, f.row.leadId, share, SHARE_BILLS, t.symbol, o.uTime);
      f.row.net += net - share;
      f.row.updatedAt = o.uTime;
      t.cost -= filled >= t.size ? t.cost : (t.cost * BigInt(filled)) / BigInt(t.size);
      t.size -= filled;
      t.closedSize += filled;
      t.closeValue += o.filledQuote;
      t.closeFee += o.fee;
      t.realised += o.profit;
      t.shared += share;
      t.closeOrderId = o.id;
      if (t.size === 0) {
        t.status = "closed";
        t.closeTime = o.uTime;
        this.followTracks.delete(`${t.followId}:${t.symbol}:${t.holdSide}`);
      }
      const w = this.writes(ch);
      w.tracks.set(t.id, { ...t });
      w.follows.set(f.row.id, { ...f.row });
    }
    this.writes(ch).records.push({ ...rec });
  }

  /** A copy's record before its order is placed: "placed" until the engine says otherwise. */
  private record(
    f: Follow,
    leadOrderId: string,
    symbol: string,
    holdSide: Side,
    action: CopyRecord["action"],
    size: number,
    reason: string,
  ): CopyRecord {
    const r = f.row;
    return {
      id: ++this.ids.records,
      env: r.env,
      followId: r.id,
      followerId: r.followerId,
      leadId: r.leadId,
      leadOrderId,
      symbol,
      holdSide,
      action,
      size,
      orderId: "",
      status: "placed",
      code: "",
      reason,
      ts: this.now(),
    };
  }

  private detach(t: TrackRow): void {
    if (t.status !== "open") return;
    t.status = "detached";
    t.closeTime = this.now();
    this.followTracks.delete(`${t.followId}:${t.symbol}:${t.holdSide}`);
    this.deps.store.saveTrack(t);
  }

  private refused(rec: CopyRecord, err: unknown): void {
    const why = codeOf(err);
    if (!why) throw err;
    rec.status = "refused";
    rec.code = why.code;
    rec.reason = why.reason;
    this.deps.store.insertRecord(rec);
  }

  // ---- the loss limit ------------------------------------------------------------------------

  /** The follow's result so far: closed copies' net, and open copies at the mark less their open fees. */
  result(f: Follow): bigint {
    const svc = this.deps.futures.svc;
    let total = f.row.net;
    for (const t of this.tracksOf(f)) {
      const c = CONTRACT_OF.get(t.symbol);
      if (!c) continue;
      const value = notional(c.inst, svc.market.price(t.env, t.symbol).mark, t.size);
      total +=
        (t.holdSide === "long" ? value - t.cost : t.cost - value) -
        (t.openFee - (t.openFee * BigInt(t.closedSize)) / BigInt(t.openedSize || 1));
    }
    return total;
  }

  /** A follow's result so far (closed and open copies), by its row. */
  followResult(row: FollowRow): bigint {
    const f = this.follows.get(row.id);
    return f ? this.result(f) : row.net;
  }

  /** Stops the follow and closes its copies once its loss reaches the limit; answers whether it stopped. */
  private checkLoss(f: Follow): boolean {
    if (f.row.lossLimit <= 0n || f.row.status !== "active") return false;
    if (-this.result(f) < f.row.lossLimit) return false;
    this.end(f, "stopped", "total loss limit reached", true);
    return true;
  }

  /** Each mark move: the copies in that contract against their take profit and stop loss, then their follows against the loss limit. */
  private onMark(env: Env, c: Contract): void {
    if (this.followTracks.size === 0) return;
    const seen = new Set<number>();
    for (const t of [...this.followTracks.values()]) {
      if (t.env !== env || t.symbol !== c.symbol) continue;
      const f = this.follows.get(t.followId);
      if (!f) continue;
      try {
        this.checkTpsl(f, c, t);
        if (!seen.has(t.followId)) {
          seen.add(t.followId);
          this.checkLoss(f);
        }
      } catch (err) {
        this.deps.log(err);
      }
    }
  }

  /**
   * A copy's take profit or stop loss (Bitget's follower `stopSurplusRatio` / `stopLossRatio`): at the mark, the copy's
   * unrealised PnL against its margin (entry value over its leverage); reached, the whole copy closes at market in its own change.
   */
  private checkTpsl(f: Follow, c: Contract, t: TrackRow): void {
    const pair = f.pairs.get(t.symbol);
    const tp = pair?.tpPpm ?? 0;
    const sl = pair?.slPpm ?? 0;
    if ((tp <= 0 && sl <= 0) || t.size === 0 || t.status !== "open") return;
    const value = notional(c.inst, this.deps.futures.svc.market.price(t.env, t.symbol).mark, t.size);
    const pnl = t.holdSide === "long" ? value - t.cost : t.cost - value;
    const margin = t.cost / BigInt(Math.max(1, t.leverage));
    const why = tp > 0 && pnl * PPM >= margin * BigInt(tp) ? "take profit" : sl > 0 && -pnl * PPM >= margin * BigInt(sl) ? "stop loss" : "";
    if (!why) return;
    const ch = newFxChange();
    this.closeTrack(f, t, t.size, "", ch, why);
    this.deps.futures.svc.commit(ch);
  }

  // ---- reads ---------------------------------------------------------------------------------

  openLeadTracks(env: Env, leadId: string): TrackRow[] {
    return [...this.leadTracks.values()].filter((t) => t.env === env && t.userId === leadId).sort((a, b) => b.id - a.id);
  }

  openCopies(env: Env, followerId: string): TrackRow[] {
    return [...this.followTracks.values()].filter((t) => t.env === env && t.userId === followerId).sort((a, b) => b.id - a.id);
  }

  tracks(q: PageQuery, role: TrackRow["role"], statuses: TrackRow["status"][]): TrackRow[] {
    return this.deps.store.tracks(q, role, statuses);
  }

  trackHistory(q: TrackHistoryQuery): TrackRow[] {
    return this.deps.store.trackHistory(q);
  }

  records(q: PageQuery): CopyRecord[] {
    return this.deps.store.records(q);
  }

  /** How many active followers copy a lead's open track now. */
  followCount(env: Env, leadId: string): number {
    return this.byLead.get(`${env}:${leadId}`)?.size ?? 0;
  }
}

interface StoredPair {
  symbol: string;
  traceType: "percent" | "amount";
  ratioPpm: number;
  amount: string;
  maxPerOrder: string;
  tpPpm?: number;
  slPpm?: number;
}

const toStored = (p: PairSetting): StoredPair => ({ ...p, amount: String(p.amount), maxPerOrder: String(p.maxPerOrder) });
const fromStored = (p: StoredPair): PairSetting => ({ ...p, amount: BigInt(p.amount), maxPerOrder: BigInt(p.maxPerOrder) });

function matches(t: TrackRow, f: { trackingNo?: number; symbol?: string; holdSide?: Side }): boolean {
  return (
    (f.trackingNo === undefined || t.id === f.trackingNo) &&
    (!f.symbol || t.symbol === f.symbol) &&
    (!f.holdSide || t.holdSide === f.holdSide)
  );
}

function mapSet<K, V>(m: Map<K, Set<V>>, k: K): Set<V> {
  let s = m.get(k);
  if (!s) m.set(k, (s = new Set()));
  return s;
}

function newTrack(
  id: number,
  env: Env,
  role: TrackRow["role"],
  followId: number,
  userId: string,
  leadId: string,
  symbol: string,
  holdSide: Side,
  leverage: number,
  orderId: string,
  ts: number,
): TrackRow {
  return {
    id,
    env,
    role,
    followId,
    userId,
    leadId,
    symbol,
    holdSide,
    size: 0,
    openedSize: 0,
    openValue: 0n,
    cost: 0n,
    closedSize: 0,
    closeValue: 0n,
    openFee: 0n,
    closeFee: 0n,
    realised: 0n,
    shared: 0n,
    leverage,
    openOrderId: orderId,
    closeOrderId: "",
    openTime: ts,
    closeTime: 0,
    status: "open",
  };
}
