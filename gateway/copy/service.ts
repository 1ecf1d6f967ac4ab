/**
 * Futures copy trading (docs/decisions/356): lead traders, follows, and the mirroring of every lead
 * fill into each follower's account through the futures engine's own entry point (`place`), so
 * price protection, margin checks, reduce-only and the futures opening hold for copies as for any
 * order. A copy the engine refuses is recorded with its code and reason. On each profitable closed
 * copy the lead's share moves from the follower to the lead in the same ledger change as the close.
 */
import { GatewayError } from "../envelope.ts";
import { EngineError, type Env } from "../exchange/engine/types.ts";
import { notional } from "../exchange/instruments.ts";
import { CONTRACTS, type Contract } from "../futures/contracts.ts";
import type { Futures } from "../futures/futures.ts";
import { newFxChange, type FxChange, type FxOrder } from "../futures/ledger.ts";
import { marketCloseRequest, type OrderRequest } from "../futures/service.ts";
import type { CopyConfig } from "./config.ts";
import {
  codeOf,
  COPY_CODES,
  COPY_OID_PREFIX,
  COPY_SLIPPAGE_PPM,
  COPY_SOURCE,
  CopyBase,
  followerSlots,
  type Follow as BaseFollow,
  type TrackHead,
} from "./service-base.ts";
import type { CopyRecord, CopyStore, FollowRow, LeadRow, TrackHistoryQuery, TrackRow } from "./store.ts";

export { COPY_CODES, COPY_OID_PREFIX, COPY_SLIPPAGE_PPM, COPY_SOURCE, followerSlots };

/** The bills of a profit share: the follower's payment and the lead's income (Bitget's futures bill types). */
export const SHARE_BILLS: [string, string] = ["tracking_follow_pay", "tracking_trader_income"];

const PPM = 1_000_000n;
const CONTRACT_OF = new Map(CONTRACTS.map((c) => [c.symbol, c]));

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

type Follow = BaseFollow<FollowRow, PairSetting>;

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

export interface CopyDeps {
  store: CopyStore;
  futures: Futures;
  config: CopyConfig;
  /** When the account was registered (ms), for the lead's age condition; undefined: unknown account. */
  registeredAt: (userId: string) => number | undefined;
  log: (err: unknown) => void;
  now?: () => number;
}

export class CopyService extends CopyBase<FollowRow, PairSetting, TrackRow, CopyRecord, Job, FxChange> {
  /** Each change's copy-trading rows, written in its transaction (`writes`). */
  private readonly pending = new WeakMap<FxChange, Writes>();
  private draining = false;
  private scheduled = false;

  constructor(private readonly deps: CopyDeps) {
    super(deps, { lead: "lead trader", equity: "futures" });
    deps.futures.svc.committing.add((ch) => this.onCommitting(ch));
    deps.futures.svc.committed.add((ch) => this.onCommitted(ch));
    this.schedule();
    deps.futures.market.markListeners.add((env, c) => this.onMark(env, c));
  }

  /** Open tracks: a lead's by env:lead:symbol:side, a follower's by follow:symbol:side. */
  protected leadKey(t: TrackRow): string {
    return `${t.env}:${t.userId}:${t.symbol}:${t.holdSide}`;
  }

  protected followKey(t: TrackRow): string {
    return `${t.followId}:${t.symbol}:${t.holdSide}`;
  }

  protected later(ch: FxChange, write: () => void): void {
    ch.also(write);
  }

  // ---- leads ---------------------------------------------------------------------------------

  /** Applies to lead (Bitget's elite trader conditions, docs/decisions/356); answers the lead. */
  apply(env: Env, userId: string, profitSharePpm?: number): LeadRow {
    const { futures } = this.deps;
    const svc = futures.svc;
    return this.admitLead(env, userId, profitSharePpm, {
      check: () => {
        futures.opening.requireOpen(env, userId);
        if (svc.positionsOf(env, userId).length > 0 || svc.ordersOf(env, userId).length > 0)
          throw new GatewayError(COPY_CODES.notAllowed, "Close every futures position and cancel every open order before applying to lead");
      },
      equity: () => svc.summary(env, userId).equity,
      // copy trading runs in hedge mode (Bitget's rule): the account has no position or order, so the switch cannot fail
      admitted: () => svc.setPositionMode(env, userId, "hedge_mode"),
    });
  }

  // ---- follows -------------------------------------------------------------------------------

  /** Follows a lead, or changes the settings of a follow (Bitget's `mix-follower/settings`). */
  follow(env: Env, followerId: string, leadId: string, pairs: PairSetting[], lossLimit: bigint): FollowRow {
    const svc = this.deps.futures.svc;
    return this.admitFollow(env, followerId, leadId, pairs, {
      check: () => {
        if (lossLimit < 0n) throw new GatewayError(COPY_CODES.paramInvalid, "Parameter totalLossLimit must not be negative");
      },
      leadEquity: () => svc.summary(env, leadId).equity,
      // copies open and close position sides (hedge mode, Bitget's rule); switching fails while positions or orders exist
      first: () => svc.setPositionMode(env, followerId, "hedge_mode"),
      row: (existing, settings, now) =>
        existing
          ? { ...existing, settings, lossLimit, updatedAt: now }
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
            },
    });
  }

  /** Stops following (Bitget's `mix-follower/cancel-trader`): the copies are closed at market, or kept as the follower's own positions. */
  unfollow(env: Env, followerId: string, leadId: string, closePositions: boolean): FollowRow {
    const f = this.findFollow(env, followerId, leadId);
    if (!f) throw new GatewayError(COPY_CODES.notFollowing, "The account does not follow this trader");
    this.end(f, "cancelled", closePositions ? "unfollowed: copies closed" : "unfollowed: copies kept", closePositions);
    return f.row;
  }

  /** Ends a follow (unfollowed or stopped by its loss limit): its open copies are closed, or detached and left to the follower. */
  private end(f: Follow, status: "stopped" | "cancelled", reason: string, close: boolean): void {
    const r = f.row;
    this.unindex(f);
    r.status = status;
    r.stopReason = reason;
    r.updatedAt = this.now();
    this.deps.store.saveFollow(r);
    for (const t of this.tracksOf(r.id)) {
      if (close) this.closeTrack(f, t, t.size, "");
      // kept (or not closable): the position stays the follower's own, outside copy trading
      this.detach(t);
    }
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
      for (const t of this.tracksOf(f.row.id))
        if (matches(t, filter)) {
          this.closeTrack(f, t, t.size, "");
          done.push(t);
        }
    if (done.length === 0) throw new GatewayError("22002", "No copy to close");
    return done;
  }

  // ---- mirroring -----------------------------------------------------------------------------

  /** The queued jobs run in a microtask, each lead fill's copies in one transaction. */
  protected schedule(): void {
    if (this.queue.length > 0 && !this.scheduled && !this.draining) {
      this.scheduled = true;
      queueMicrotask(() => {
        this.scheduled = false;
        this.drain();
      });
    }
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
        t = newTrack(this.trackHead(o.env, o.symbol, o.userId), openSide, o.leverage, o.id, ts);
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
    if (t.size === 0) this.endTrack(t, "closed", ts);
    this.writes(ch).tracks.set(t.id, { ...t });
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
        t = newTrack(this.trackHead(o.env, o.symbol, f.row.leadId, f.row), o.posSide, o.leverage, o.id, o.uTime);
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
      if (t.size === 0) this.endTrack(t, "closed", o.uTime);
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
    // written out in the table's column order (not spread from the common head): one object shape for every record,
    // as the copied fill's many-row writes read them (the bench's hot path)
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
    if (t.status === "open") this.detachTrack(t);
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
    for (const t of this.tracksOf(f.row.id)) {
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

  trackHistory(q: TrackHistoryQuery): TrackRow[] {
    return this.deps.store.trackHistory(q);
  }
}

function matches(t: TrackRow, f: { trackingNo?: number; symbol?: string; holdSide?: Side }): boolean {
  return (
    (f.trackingNo === undefined || t.id === f.trackingNo) &&
    (!f.symbol || t.symbol === f.symbol) &&
    (!f.holdSide || t.holdSide === f.holdSide)
  );
}

function newTrack(head: TrackHead, holdSide: Side, leverage: number, orderId: string, ts: number): TrackRow {
  // every field written out in the table's column order: one object shape for every track, as the copied fill's
  // many-row writes read them (the bench's hot path)
  return {
    id: head.id,
    env: head.env,
    role: head.role,
    followId: head.followId,
    userId: head.userId,
    leadId: head.leadId,
    symbol: head.symbol,
    holdSide,
    size: 0,
    openedSize: 0,
    openValue: 0n,
    cost: head.cost,
    closedSize: 0,
    closeValue: 0n,
    openFee: 0n,
    closeFee: 0n,
    realised: head.realised,
    shared: head.shared,
    leverage,
    openOrderId: orderId,
    closeOrderId: "",
    openTime: ts,
    closeTime: head.closeTime,
    status: head.status,
  };
}
