/**
 * Spot copy trading (docs/decisions/360): spot lead traders and their followers. Each lead buy
 * (all the fills of one lead order in one commit) becomes, for every follower of that pair, an
 * immediate-or-cancel limit buy at most 0.5 % above the lead's average fill price, placed through
 * the spot engine's own entry point (`ExchangeService.placeWithin`: validation, price bands,
 * balance checks, self-trade prevention). Each lead sell sells the same share of every follower's
 * copied holding (never more than the copy), and a sell with a positive result pays the lead its
 * share in the sell's own ledger change. Futures copy trading is `service.ts`; this shares its
 * codes, rules of applying and slippage, not its code paths.
 */
import { EX_CODES } from "../../protocol/bitget.ts";
import { GatewayError } from "../envelope.ts";
import { EngineError, newChange, userSides, receivedFee, type Change, type Env, type Order } from "../exchange/engine/types.ts";
import { lots as lotsText, price as priceText } from "../exchange/format.ts";
import { instrument, notional, type Instrument } from "../exchange/instruments.ts";
import type { ExchangeService } from "../exchange/service.ts";
import type { CopyConfig } from "./config.ts";
import type { CopyRoles } from "./roles.ts";
import {
  codeOf,
  COPY_CODES,
  COPY_OID_PREFIX,
  COPY_SLIPPAGE_PPM,
  COPY_SOURCE,
  CopyBase,
  type Follow as BaseFollow,
  type TrackHead,
} from "./service-base.ts";
import type { SpotCopyRecord, SpotCopyStore, SpotFollowRow, SpotTrackRow } from "./spot-store.ts";
import type { LeadRow } from "./store-base.ts";

/** The bills of a spot profit share: the follower's payment and the lead's income (named as Bitget's futures copy bills). */
export const SPOT_SHARE_BILLS = ["TRACKING_FOLLOW_PAY", "TRACKING_TRADER_INCOME"] as const;
/** A spot copy order's clientOid begins so, followed by its copy record's id. */
export const SPOT_COPY_OID_PREFIX = `s${COPY_OID_PREFIX}`;
/** Bitget's spot `percent`: a multiple of the lead's size, "1" the same size; from 0.01 to 10 (ppm). */
export const SPOT_RATIO_RANGE = { min: 10_000, max: 10_000_000 } as const;

const PPM = 1_000_000n;
const LEDGER = 100_000_000n;

/** The highest price of a copy buy (the lead's average fill + 0.5 %), the lowest of a copy sell (− 0.5 %), in ticks. */
export function spotCopyLimit(side: "buy" | "sell", leadPrice: number): number {
  return side === "buy"
    ? Math.floor((leadPrice * (1_000_000 + COPY_SLIPPAGE_PPM)) / 1_000_000)
    : Math.max(1, Math.ceil((leadPrice * (1_000_000 - COPY_SLIPPAGE_PPM)) / 1_000_000));
}

/** A follower's choice for one pair: a multiple of the lead's size or a fixed quote amount per buy, capped per order. */
export interface SpotPairSetting {
  symbol: string;
  traceType: "percent" | "amount";
  /** percent: parts per million of the lead's lots (1,000,000 = the same size). */
  ratioPpm: number;
  /** amount: the quote spent on each copy buy (ledger units). */
  amount: bigint;
  /** The largest quote value of one copy buy (ledger units); 0: no cap. */
  maxPerOrder: bigint;
  /** Take profit (Bitget's `stopSurplusRatio`, whole percent of the copy's cost): the copy is sold once its gain reaches it; absent: none. */
  tpPct?: number;
  /** Stop loss (Bitget's `stopLossRatio`, whole percent of the copy's cost); absent: none. */
  slPct?: number;
}

/** One lead order's fills in one change: lots, quote, the fee in the received coin, the fee paid in the platform coin. */
interface LeadFills {
  lots: number;
  quote: bigint;
  fee: bigint;
  platformFee: bigint;
}

type Follow = BaseFollow<SpotFollowRow, SpotPairSetting>;

/** A copy job: written in the lead fill's own transaction, deleted in its copies'. */
export type SpotJob =
  | { id: number; kind: "buy"; env: Env; leadId: string; leadOrderId: string; symbol: string; lots: number; price: number }
  | {
      id: number;
      kind: "sell";
      env: Env;
      leadId: string;
      leadOrderId: string;
      symbol: string;
      /** Base the lead sold of its copied holding, and what that holding was before (ledger units, as text in JSON). */
      sold: string;
      before: string;
      /** The lead's holding is gone: every copy sells whole. */
      all: boolean;
      price: number;
    };
export interface SpotCopyDeps {
  store: SpotCopyStore;
  exchange: ExchangeService;
  config: CopyConfig;
  /** The account's spot equity in USDT ledger units (the lead condition). */
  equity: (env: Env, userId: string) => bigint;
  registeredAt: (userId: string) => number | undefined;
  /** The futures copy roles (a peer, as `linkCopyProducts` makes one): a futures lead may not follow here, a futures follower may not lead here. */
  futures?: CopyRoles;
  log: (err: unknown) => void;
  now?: () => number;
}

export class SpotCopyService extends CopyBase<SpotFollowRow, SpotPairSetting, SpotTrackRow, SpotCopyRecord, SpotJob, Change> {
  private running: Promise<void> | undefined;
  /** The last trade price per env:symbol not yet checked against the copies' take profit and stop loss. */
  private readonly traded = new Map<string, number>();
  private checking = false;
  /** Copies being sold by their take profit or stop loss (until that sell is durable). */
  private readonly exiting = new Set<number>();

  constructor(private readonly deps: SpotCopyDeps) {
    super(deps, { lead: "spot lead trader", equity: "spot" });
    if (deps.futures) this.peers.push(deps.futures);
    deps.exchange.store.committing.add((ch) => this.onCommitting(ch));
    deps.exchange.store.committed.add((ch) => this.onCommitted(ch));
    this.schedule();
  }

  /** Open holdings: a lead's by env:lead:symbol, a follower's by follow:symbol. */
  protected leadKey(t: SpotTrackRow): string {
    return `${t.env}:${t.userId}:${t.symbol}`;
  }

  protected followKey(t: SpotTrackRow): string {
    return `${t.followId}:${t.symbol}`;
  }

  protected later(ch: Change, write: () => void): void {
    ch.extra.push(write);
  }

  // ---- leads ---------------------------------------------------------------------------------

  /** Applies to lead spot copy trading (docs/decisions/360): not a follower, spot equity and account age as the futures lead's. */
  apply(env: Env, userId: string, profitSharePpm?: number): LeadRow {
    return this.admitLead(env, userId, profitSharePpm, { equity: () => this.deps.equity(env, userId) });
  }

  // ---- follows -------------------------------------------------------------------------------

  /** Follows a spot lead, or replaces the settings of a follow (Bitget's `spot-follower/settings`). */
  follow(env: Env, followerId: string, leadId: string, pairs: SpotPairSetting[]): SpotFollowRow {
    return this.admitFollow(env, followerId, leadId, pairs, {
      leadEquity: () => this.deps.equity(env, leadId),
      row: (existing, settings, now) =>
        existing
          ? { ...existing, settings, updatedAt: now }
          : { id: ++this.ids.follows, env, followerId, leadId, settings, net: 0n, status: "active", createdAt: now, updatedAt: now },
    });
  }

  /** Stops following (Bitget's `spot-follower/cancel-trader`): the copied coins stay the follower's own. */
  unfollow(env: Env, followerId: string, leadId: string): SpotFollowRow {
    const f = this.findFollow(env, followerId, leadId);
    if (!f) throw new GatewayError(COPY_CODES.notFollowing, "The account does not follow this trader");
    const r = f.row;
    this.unindex(f);
    r.status = "cancelled";
    r.updatedAt = this.now();
    this.deps.store.saveFollow(r);
    for (const t of this.tracksOf(r.id)) this.detachTrack(t, r.updatedAt);
    return r;
  }

  /** The lead removes a follower (Bitget's `spot-trader/config-remove-follower`): as the follower's unfollow, its copied coins kept. */
  removeFollower(env: Env, leadId: string, followerId: string): SpotFollowRow {
    this.requireLead(env, leadId);
    if (!this.findFollow(env, followerId, leadId))
      throw new GatewayError(COPY_CODES.paramInvalid, "Parameter followerUid is invalid: not a follower");
    return this.unfollow(env, followerId, leadId);
  }

  /**
   * The follower stops copies (Bitget's `spot-follower/stop-order`): the named holdings leave copy trading as
   * the follower's own coins (`detached`); the lead's later sells no longer sell them, its next buys start new ones.
   */
  stopCopies(env: Env, followerId: string, trackingNos: number[]): SpotTrackRow[] {
    const wanted = new Set(trackingNos);
    const done = this.openCopies(env, followerId).filter((t) => wanted.has(t.id));
    if (done.length === 0) throw new GatewayError("22002", "No copy to stop");
    for (const t of done) this.detachTrack(t);
    return done;
  }

  // ---- the lead's fills ----------------------------------------------------------------------

  /** A spot change about to be written: each lead order's fills in it move the lead's holding and become one copy job, in its transaction. */
  private onCommitting(ch: Change): void {
    if (this.leads.size === 0 || ch.fills.length === 0) return;
    let agg: Map<Order, LeadFills> | undefined;
    for (const f of ch.fills)
      for (const { order: o, fee, deduct } of userSides(f)) {
        if (o.source === COPY_SOURCE || !this.leads.has(`${o.env}:${o.userId}`)) continue;
        agg ??= new Map();
        const a = agg.get(o) ?? { lots: 0, quote: 0n, fee: 0n, platformFee: 0n };
        a.lots += f.size;
        a.quote += f.quote;
        a.fee += receivedFee(f, o);
        if (deduct) a.platformFee += fee;
        agg.set(o, a);
      }
    if (agg) for (const [o, a] of agg) this.leadFilled(ch, o, a);
  }

  /**
   * What a fee paid in the platform coin (docs/decisions/353) cost, in the quote coin (USDT) at the
   * engine's conversion price, rounded up: it is part of a copy's cost or of what a sell leaves, so the
   * profit share is on the true net (docs/decisions/361).
   */
  private platformFeeValue(env: Env, coins: bigint): bigint {
    if (coins <= 0n) return 0n;
    const price = this.deps.exchange.engine.deductPrice(env);
    return price > 0n ? (coins * price + LEDGER - 1n) / LEDGER : 0n;
  }

  private leadFilled(ch: Change, o: Order, a: LeadFills): void {
    const inst = instrument(o.symbol);
    if (!inst || a.lots <= 0) return;
    const ts = this.now();
    const key = `${o.env}:${o.userId}:${o.symbol}`;
    const avg = Number(a.quote / (BigInt(a.lots) * inst.quoteUnitsPerTickLot));
    const base = BigInt(a.lots) * inst.baseUnitsPerLot;
    const platformFee = this.platformFeeValue(o.env, a.platformFee);
    let t = this.leadTracks.get(key);
    if (o.side === "buy") {
      if (!t) {
        t = newTrack(this.trackHead(o.env, o.symbol, o.userId), o.id, ts);
        this.leadTracks.set(key, t);
      }
      const got = base - a.fee;
      t.held += got;
      t.bought += got;
      t.buyQuote += a.quote;
      t.buyFee += a.fee;
      t.cost += a.quote + platformFee;
      this.saveWith(ch, t);
      this.job(ch, { kind: "buy", env: o.env, leadId: o.userId, leadOrderId: o.id, symbol: o.symbol, lots: a.lots, price: avg });
      return;
    }
    // a sell: only what the lead bought while leading is copied; its own older coins are not
    if (!t || t.held <= 0n) return;
    const before = t.held;
    const sold = base < before ? base : before;
    const proceeds = ((a.quote - a.fee - platformFee) * sold) / base;
    const cost = sold >= before ? t.cost : (t.cost * sold) / before;
    t.held -= sold;
    t.cost -= cost;
    t.sold += sold;
    t.sellQuote += (a.quote * sold) / base;
    t.sellFee += (a.fee * sold) / base;
    t.realised += proceeds - cost;
    t.sellOrderId = o.id;
    // less than a lot left cannot be sold: the holding is over
    const all = t.held < inst.baseUnitsPerLot;
    if (all) this.endTrack(t, "closed", ts);
    this.saveWith(ch, t);
    this.job(ch, {
      kind: "sell",
      env: o.env,
      leadId: o.userId,
      leadOrderId: o.id,
      symbol: o.symbol,
      sold: String(sold),
      before: String(before),
      all,
      price: avg,
    });
  }

  private saveWith(ch: Change, t: SpotTrackRow): void {
    const snapshot = { ...t };
    ch.extra.push(() => this.deps.store.saveTrack(snapshot));
  }

  protected schedule(): void {
    if (this.queue.length > 0 && !this.running && !this.stopped) this.running = this.drain();
  }

  /** Runs the queued jobs, one change (one transaction) per lead fill with every follower's copy; resolves when the queue is empty. */
  async drain(): Promise<void> {
    try {
      await Promise.resolve();
      for (let j = this.queue.shift(); j && !this.stopped; j = this.queue.shift()) {
        const job = j;
        const ch = newChange();
        try {
          if (job.kind === "buy") this.copyBuys(job, ch);
          else this.copySells(job, ch);
        } catch (err) {
          // a fault, not a refusal (those are recorded per follower): reported; the copies already placed into
          // the change are still written with it (the engine's memory holds them), and the job is not run again
          this.deps.log(err);
        }
        ch.extra.push(() => this.deps.store.deleteJob(job.id));
        try {
          await this.deps.exchange.store.commit(ch);
        } catch (err) {
          // not written: the job's row stays and runs at the next start, from the state on disk
          this.deps.log(err);
        }
      }
    } finally {
      this.running = undefined;
    }
    if (this.queue.length > 0) this.schedule();
  }

  /** Waits for the queued copies (tests). */
  async settle(): Promise<void> {
    while (this.running) await this.running;
  }

  private record(f: Follow, job: SpotJob, side: "buy" | "sell", size: number): SpotCopyRecord {
    return { ...this.recordHead(f.row, job.leadOrderId, job.symbol, size, ""), side };
  }

  /** The lots of one copy buy: a multiple of the lead's, or the fixed amount at the copy's limit, cut to the cap per order. */
  copyLots(pair: SpotPairSetting, inst: Instrument, leadLots: number, limit: number): number {
    const perLot = notional(inst, Math.max(limit, 1), 1);
    let n = pair.traceType === "percent" ? Math.floor((leadLots * pair.ratioPpm) / 1_000_000) : Number(pair.amount / perLot);
    if (pair.maxPerOrder > 0n) n = Math.min(n, Number(pair.maxPerOrder / perLot));
    return n;
  }

  private copyBuys(job: Extract<SpotJob, { kind: "buy" }>, ch: Change): void {
    const inst = instrument(job.symbol);
    if (!inst) return;
    const limit = spotCopyLimit("buy", job.price);
    for (const f of [...(this.byLead.get(`${job.env}:${job.leadId}`) ?? [])]) {
      const pair = f.pairs.get(job.symbol);
      if (!pair) continue;
      const size = this.copyLots(pair, inst, job.lots, limit);
      const rec = this.record(f, job, "buy", size);
      try {
        if (size <= 0) throw new EngineError(EX_CODES.paramInvalid, "The copy is smaller than one lot");
        const o = this.place(f, inst, "buy", limit, size, rec, ch);
        if (o.filled > 0) {
          const key = `${f.row.id}:${job.symbol}`;
          let t = this.followTracks.get(key);
          if (!t) {
            t = newTrack(this.trackHead(f.row.env, job.symbol, f.row.leadId, f.row), o.id, o.uTime);
            this.followTracks.set(key, t);
          }
          const got = BigInt(o.filled) * inst.baseUnitsPerLot - o.fee;
          t.held += got;
          t.bought += got;
          t.buyQuote += o.filledQuote;
          t.buyFee += o.fee;
          // a fee paid in the platform coin is part of what the copy cost
          t.cost += o.filledQuote + this.platformFeeValue(f.row.env, o.deductFee);
          this.saveWith(ch, t);
        }
        this.placed(ch, rec, o);
      } catch (err) {
        this.refused(ch, rec, err);
      }
    }
  }

  private copySells(job: Extract<SpotJob, { kind: "sell" }>, ch: Change): void {
    const inst = instrument(job.symbol);
    if (!inst) return;
    const limit = spotCopyLimit("sell", job.price);
    const [sold, before] = [BigInt(job.sold), BigInt(job.before)];
    for (const f of [...(this.byLead.get(`${job.env}:${job.leadId}`) ?? [])]) {
      const key = `${f.row.id}:${job.symbol}`;
      const t = this.followTracks.get(key);
      if (!t || t.held <= 0n) continue;
      // the same share of the copied holding as the lead sold of its own, never more than the copy
      const want = job.all || before <= 0n ? t.held : (t.held * sold) / before;
      const wantLots = Number(want / inst.baseUnitsPerLot);
      const avail = this.deps.exchange.engine.balance(f.row.env, f.row.followerId, inst.baseCoin).available;
      const size = Math.min(wantLots, Number(avail / inst.baseUnitsPerLot));
      if (wantLots === 0) {
        // less than a lot of the copy is left: the holding ends, the dust stays the follower's own
        if (job.all) {
          this.endTrack(t, "closed", this.now());
          this.saveWith(ch, t);
        }
        continue;
      }
      const rec = this.record(f, job, "sell", size);
      try {
        if (size <= 0) throw new EngineError(EX_CODES.insufficientBalance, "The copied coins are no longer in the account");
        const o = this.place(f, inst, "sell", limit, size, rec, ch);
        if (o.filled > 0) this.sold(f, t, inst, o, ch, key, job.all);
        this.placed(ch, rec, o);
      } catch (err) {
        this.refused(ch, rec, err);
      }
    }
  }

  private place(f: Follow, inst: Instrument, side: "buy" | "sell", limit: number, size: number, rec: SpotCopyRecord, ch: Change): Order {
    return this.deps.exchange.placeWithin(
      f.row.env,
      f.row.followerId,
      {
        symbol: inst.symbol,
        side,
        orderType: "limit",
        // no further from the lead's price than COPY_SLIPPAGE_PPM: an accomplice's quote beyond it is not taken
        force: "ioc",
        price: priceText(inst, limit),
        size: lotsText(inst, size),
        clientOid: `${SPOT_COPY_OID_PREFIX}${rec.id}`,
        // a copy never trades with the follower's own orders
        stpMode: "cancel_taker",
      },
      COPY_SOURCE,
      ch,
    );
  }

  /**
   * A copy sell's result: proceeds less its fee, less the cost of the copied coins it sold; when the
   * copy's result so far is positive, the lead's share of it (less what the copy already paid) moves
   * follower → lead in the same change as the sell.
   */
  private sold(f: Follow, t: SpotTrackRow, inst: Instrument, o: Order, ch: Change, key: string, all: boolean): void {
    const units = BigInt(o.filled) * inst.baseUnitsPerLot;
    const part = units >= t.held ? t.held : units;
    const cost = part >= t.held ? t.cost : (t.cost * part) / t.held;
    // what the sell leaves: its fee in the quote coin, or in the platform coin at its value (the share is on the true net)
    const proceeds = o.filledQuote - o.fee - this.platformFeeValue(f.row.env, o.deductFee);
    const net = proceeds - cost;
    t.held -= part;
    t.cost -= cost;
    t.sold += part;
    t.sellQuote += o.filledQuote;
    t.sellFee += o.fee;
    t.realised += net;
    t.sellOrderId = o.id;
    const lead = this.lead(f.row.env, f.row.leadId);
    const owed = t.realised > 0n && lead ? (t.realised * BigInt(lead.profitSharePpm)) / PPM - t.shared : 0n;
    const share = owed > 0n ? owed : 0n;
    if (share > 0n)
      this.deps.exchange.engine.transfer(
        f.row.env,
        f.row.followerId,
        f.row.leadId,
        inst.quoteCoin,
        share,
        [...SPOT_SHARE_BILLS],
        "other",
        ch,
        o.id,
      );
    t.shared += share;
    f.row.net += net - share;
    f.row.updatedAt = o.uTime;
    if (t.held <= 0n || (all && t.held < inst.baseUnitsPerLot)) this.endTrack(t, "closed", o.uTime);
    this.saveWith(ch, t);
    const fs = { ...f.row };
    ch.extra.push(() => this.deps.store.saveFollow(fs));
  }

  private placed(ch: Change, rec: SpotCopyRecord, o: Order): void {
    rec.orderId = o.id;
    rec.size = o.filled;
    if (o.filled < o.size) rec.reason = o.cancelReason;
    const r = { ...rec };
    ch.extra.push(() => this.deps.store.insertRecord(r));
  }

  private refused(ch: Change, rec: SpotCopyRecord, err: unknown): void {
    const why = codeOf(err);
    if (!why) throw err;
    rec.status = "refused";
    rec.code = why.code;
    rec.reason = why.reason;
    const r = { ...rec };
    ch.extra.push(() => this.deps.store.insertRecord(r));
  }

  // ---- selling by hand -----------------------------------------------------------------------

  /**
   * The follower sells copies whole at market (Bitget's `spot-follower/order-close-tracking`), in one
   * change through the engine's entry point; the profit share applies as to any copy sell. A copy the
   * engine refuses is recorded. Answers the copies sold (wholly or in part).
   */
  async followerSell(env: Env, followerId: string, symbol: string, trackingNos: number[]): Promise<SpotTrackRow[]> {
    const inst = instrument(symbol);
    const wanted = new Set(trackingNos);
    const found = this.openCopies(env, followerId).filter((t) => t.symbol === symbol && wanted.has(t.id));
    if (!inst || found.length === 0) throw new GatewayError("22002", "No copy to sell");
    const ch = newChange();
    const done: SpotTrackRow[] = [];
    for (const t of found) {
      const f = this.follows.get(t.followId);
      if (f && this.sellWhole(f, t, inst, ch, "")) done.push(t);
    }
    await this.deps.exchange.store.commit(ch);
    return done;
  }

  /** Sells a whole copy at market into `ch` (by hand, or by its take profit or stop loss); answers whether anything filled. */
  private sellWhole(f: Follow, t: SpotTrackRow, inst: Instrument, ch: Change, why: string): boolean {
    const { env, followerId } = f.row;
    const avail = this.deps.exchange.engine.balance(env, followerId, inst.baseCoin).available;
    const size = Number((t.held < avail ? t.held : avail) / inst.baseUnitsPerLot);
    const rec = this.record(f, { leadOrderId: "", symbol: inst.symbol } as SpotJob, "sell", size);
    rec.reason = why;
    try {
      if (size <= 0) throw new EngineError(EX_CODES.insufficientBalance, "Less than one lot of the copy is in the account");
      const o = this.deps.exchange.placeWithin(
        env,
        followerId,
        {
          symbol: inst.symbol,
          side: "sell",
          orderType: "market",
          size: lotsText(inst, size),
          clientOid: `${SPOT_COPY_OID_PREFIX}${rec.id}`,
          stpMode: "cancel_taker",
        },
        COPY_SOURCE,
        ch,
      );
      if (o.filled > 0) this.sold(f, t, inst, o, ch, `${t.followId}:${inst.symbol}`, true);
      this.placed(ch, rec, o);
      return o.filled > 0;
    } catch (err) {
      this.refused(ch, rec, err);
      return false;
    }
  }

  // ---- take profit and stop loss ------------------------------------------------------------

  /** A trade on a pair (the exchange's trade listeners): the copies of that pair are checked once the engine call is over. */
  onTrade(env: Env, symbol: string, ticks: number): void {
    if (this.followTracks.size === 0) return;
    this.traded.set(`${env}:${symbol}`, ticks);
    if (this.checking) return;
    this.checking = true;
    queueMicrotask(() => {
      this.checking = false;
      const prices = [...this.traded];
      this.traded.clear();
      for (const [key, p] of prices) {
        const i = key.indexOf(":");
        try {
          this.checkExits(key.slice(0, i) as Env, key.slice(i + 1), p);
        } catch (err) {
          this.deps.log(err);
        }
      }
    });
  }

  /**
   * Each open copy of the pair against its take profit and stop loss at the last trade price: its
   * unrealised result (held at the price, less its cost) over its cost. Reached, the whole copy is sold
   * at market in a change of its own, recorded with the reason; the follow goes on.
   */
  private checkExits(env: Env, symbol: string, ticks: number): void {
    const inst = instrument(symbol);
    if (!inst) return;
    for (const t of [...this.followTracks.values()]) {
      if (t.env !== env || t.symbol !== symbol || t.held <= 0n || this.exiting.has(t.id)) continue;
      const f = this.follows.get(t.followId);
      const pair = f?.pairs.get(symbol);
      if (!f || !pair || (!pair.tpPct && !pair.slPct)) continue;
      const value = (t.held * BigInt(ticks) * inst.quoteUnitsPerTickLot) / inst.baseUnitsPerLot;
      const pnl = value - t.cost;
      const why =
        pair.tpPct && pnl * 100n >= t.cost * BigInt(pair.tpPct)
          ? "take profit"
          : pair.slPct && -pnl * 100n >= t.cost * BigInt(pair.slPct)
            ? "stop loss"
            : "";
      if (!why) continue;
      const ch = newChange();
      this.sellWhole(f, t, inst, ch, why);
      this.exiting.add(t.id);
      this.deps.exchange.store
        .commit(ch)
        .catch((err: unknown) => this.deps.log(err))
        .finally(() => this.exiting.delete(t.id));
    }
  }

  /**
   * The lead sells its copied holdings at market (Bitget's `spot-trader/order-close-tracking`) through its
   * own order path: the copies follow from its fills like any lead sell. Answers the holdings and their orders.
   */
  async leadSell(
    env: Env,
    leadId: string,
    symbol: string,
    trackingNos: number[],
  ): Promise<Array<{ track: SpotTrackRow; orderId: string }>> {
    this.requireLead(env, leadId);
    const inst = instrument(symbol);
    const wanted = new Set(trackingNos);
    const out: Array<{ track: SpotTrackRow; orderId: string }> = [];
    for (const t of this.openLeadTracks(env, leadId)) {
      if (!inst || t.symbol !== symbol || !wanted.has(t.id)) continue;
      const avail = this.deps.exchange.engine.balance(env, leadId, inst.baseCoin).available;
      const size = Number((t.held < avail ? t.held : avail) / inst.baseUnitsPerLot);
      if (size <= 0) continue;
      const o = await this.deps.exchange.placeOrder(env, leadId, { symbol, side: "sell", orderType: "market", size: lotsText(inst, size) });
      out.push({ track: t, orderId: o.id });
    }
    if (out.length === 0) throw new GatewayError("22002", "No copied holding to sell");
    return out;
  }

  /**
   * A simulation account's reset (its coins back to the demo funds): its demo copies and its demo lead
   * holdings end as `detached` (their coins are gone); its followers keep their copies, to sell by hand.
   */
  onPaperReset(userId: string): void {
    const ts = this.now();
    for (const t of [...this.followTracks.values(), ...this.leadTracks.values()])
      if (t.env === "paper" && t.userId === userId) this.detachTrack(t, ts);
  }
}

function newTrack(head: TrackHead, orderId: string, ts: number): SpotTrackRow {
  return {
    ...head,
    held: 0n,
    bought: 0n,
    buyQuote: 0n,
    buyFee: 0n,
    sold: 0n,
    sellQuote: 0n,
    sellFee: 0n,
    buyOrderId: orderId,
    sellOrderId: "",
    openTime: ts,
  };
}
