/**
 * Futures plan (trigger) orders and TP/SL (docs/decisions/315). A plan waits outside the book for
 * the mark price or the last futures trade to cross its trigger; then its order goes through the
 * normal futures path (`FuturesService.place`), so margin is checked when it triggers, not before.
 * TP/SL plans close a position (a given size, or all of it) and are cancelled when it is gone.
 * Plans are written to SQLite before the caller is answered and reloaded on start.
 */
import type { Side } from "../../protocol/bitget.ts";
import type { HoldSide, MarginMode } from "../../protocol/mix.ts";
import type { Db } from "../db/database.ts";
import type { IdGen } from "../exchange/engine/order.ts";
import { EngineError, type Env } from "../exchange/engine/types.ts";
import { MAX_LIVE_PLANS } from "../exchange/plan-service.ts";
import { crossed, directionFrom, TriggerQueue, type TriggerDirection } from "../exchange/trigger.ts";
import { contract, type Contract } from "./contracts.ts";
import { FX_CODES } from "./codes.ts";
import type { FxChange, FxOrder, Position, TradeSide } from "./ledger.ts";
import type { FuturesMarket } from "./market.ts";
import { FxPlanStore, TPSL_TYPES, TRAILING_TYPES, type FxPlan, type FxPlanType, type FxTriggerType } from "./plan-store.ts";
import type { FuturesService, OrderRequest } from "./service.ts";

/** A trigger order as the routes read it (prices in ticks, size in lots). */
export interface PlanOrderInput {
  /** `track_plan`: a trailing order, active at `triggerPrice`, fired by a retrace of `callbackPpm` (docs/decisions/318). */
  planType?: "normal_plan" | "track_plan";
  /** A trailing order's callback ratio in millionths. */
  callbackPpm?: number;
  symbol: string;
  side: Side;
  tradeSide?: TradeSide;
  reduceOnly: boolean;
  orderType: "limit" | "market";
  /** Ticks; 0 at market. */
  executePrice: number;
  size: number;
  triggerPrice: number;
  triggerType: FxTriggerType;
  clientOid: string;
  marginMode?: MarginMode;
  presetTp: number;
  presetSl: number;
  source: string;
}

/** A TP/SL of a position: `size` 0 for the whole position (pos_profit, pos_loss). */
export interface TpslInput {
  symbol: string;
  planType: Exclude<FxPlanType, "normal_plan" | "track_plan">;
  /** A `moving_plan`'s callback ratio in millionths. */
  callbackPpm?: number;
  holdSide: HoldSide;
  triggerPrice: number;
  triggerType: FxTriggerType;
  executePrice: number;
  size: number;
  clientOid: string;
  source: string;
}

export interface PlanChanges {
  triggerPrice?: number;
  triggerType?: FxTriggerType;
  size?: number;
  /** Ticks; only for limit plans. */
  executePrice?: number;
  presetTp?: number;
  presetSl?: number;
  /** A trailing plan's callback ratio (millionths). */
  callbackPpm?: number;
}

/** Bitget's bound of a trailing order's callback ratio: more than 0, at most 10%. */
export const MAX_CALLBACK_PPM = 100_000;

export type PlanRef = { orderId?: string; clientOid?: string };

const isProfit = (t: FxPlanType) => t === "profit_plan" || t === "pos_profit";

/** A take-profit of a long waits for the price to rise, its stop-loss for it to fall; a short's the other way. */
export function tpslDirection(planType: FxPlanType, holdSide: HoldSide): TriggerDirection {
  return isProfit(planType) === (holdSide === "long") ? "up" : "down";
}

/** The book side that closes a position: a long is closed by selling. */
const closingSide = (holdSide: HoldSide): Side => (holdSide === "long" ? "sell" : "buy");

/** The book side a plan's order trades on: what closes its position, or its own side when it opens. */
const planBookSide = (p: FxPlan): Side => (p.tradeSide === "close" || TPSL_TYPES.has(p.planType) ? closingSide(p.holdSide) : p.side);

/**
 * The price at which an activated trailing plan fires: a sell once the price falls `callbackPpm`
 * below the highest price since activation, a buy once it rises that much above the lowest.
 */
export function trailingStop(sell: boolean, extreme: number, callbackPpm: number): number {
  return sell
    ? Math.floor((extreme * (1_000_000 - callbackPpm)) / 1_000_000)
    : Math.ceil((extreme * (1_000_000 + callbackPpm)) / 1_000_000);
}

function checkCallback(ppm: number | undefined, name: string): number {
  if (ppm === undefined || !Number.isInteger(ppm) || ppm <= 0 || ppm > MAX_CALLBACK_PPM)
    throw new EngineError(FX_CODES.paramInvalid, `Parameter ${name} must be more than 0 and at most 10 (percent)`);
  return ppm;
}
export class FuturesPlans {
  readonly store: FxPlanStore;
  /** Live and pending plans by id. */
  private readonly active = new Map<string, FxPlan>();
  /** Live plans by env:symbol: a price visits only its own contract's. */
  /** Live plans by environment, then contract: every futures trade asks, so no key is built per trade. */
  private readonly watching: Record<Env, Map<string, Set<FxPlan>>> = { live: new Map(), paper: new Map() };
  /** Preset TP/SL waiting for their order (by order id) to finish. */
  private readonly parents = new Map<string, FxPlan[]>();
  /** Told of every plan change once it is durable (the `orders-algo` channel). */
  readonly listeners = new Set<(plans: readonly FxPlan[]) => void>();
  private readonly queue: TriggerQueue<FxPlan>;

  constructor(
    db: Db,
    private readonly svc: FuturesService,
    private readonly market: FuturesMarket,
    private readonly ids: IdGen,
    log: (err: unknown) => void,
  ) {
    this.store = new FxPlanStore(db);
    this.queue = new TriggerQueue((p) => this.execute(p), log);
    market.markListeners.add((env, c, s) => this.onPrice(env, c.symbol, "mark_price", s.mark));
    market.tradeListeners.add((env, symbol, t) => this.onPrice(env, symbol, "fill_price", t.price));
    svc.committed.add((ch) => this.onCommitted(ch));
    svc.positionTpsl = (p) => this.positionTpsl(p);
  }

  /** Reloads live and pending plans; what a crash left behind (a TP/SL without its position, a finished parent) is settled now. */
  load(): void {
    const changed: FxPlan[] = [];
    for (const p of this.store.loadActive()) {
      this.active.set(p.id, p);
      if (p.status === "pending") this.parents.set(p.parentId, [...(this.parents.get(p.parentId) ?? []), p]);
      else if (TPSL_TYPES.has(p.planType) && !this.svc.position(p.env, p.userId, p.symbol, p.holdSide))
        changed.push(this.finish(p, "cancelled", "position closed"));
      else this.watch(p);
    }
    for (const [orderId, children] of this.parents) {
      if (this.svc.open.has(orderId)) continue;
      const first = children[0] as FxPlan;
      const o = this.svc.store.findOrder(first.env, first.userId, { orderId });
      changed.push(...this.activate(orderId, o));
    }
    this.save(changed);
  }

  /** The reference price of a trigger type now. */
  private ref(env: Env, symbol: string, type: FxTriggerType): number {
    return type === "mark_price" ? this.market.price(env, symbol).mark : this.market.last(env, symbol);
  }

  // ---- placing ------------------------------------------------------------------------------

  /** A trigger order: checked against the account's position mode, margin mode and the contract now. */
  place(env: Env, userId: string, input: PlanOrderInput): FxPlan {
    const c = contract(input.symbol) as Contract;
    const a = this.svc.account(env, userId);
    const s = this.svc.setting(env, userId, c);
    const trailing = input.planType === "track_plan";
    if (trailing && input.orderType !== "market")
      throw new EngineError(FX_CODES.paramInvalid, "A trailing order (track_plan) runs at market: orderType must be market");
    const callbackPpm = trailing ? checkCallback(input.callbackPpm, "callbackRatio") : 0;
    const hedge = a.posMode === "hedge_mode";
    if (hedge && !input.tradeSide) throw new EngineError(FX_CODES.posModeMismatch, "tradeSide is required in hedge mode");
    if (hedge && input.reduceOnly) throw new EngineError(FX_CODES.posModeMismatch, "reduceOnly is for one-way mode: send tradeSide close");
    if (!hedge && input.tradeSide)
      throw new EngineError(FX_CODES.posModeMismatch, "The order type for one-way mode must not carry tradeSide");
    if (input.size < c.inst.minLots) throw new EngineError(FX_CODES.lessThanMinimum, "The order size is less than the minimum");
    const holdSide: HoldSide = input.side === "buy" ? "long" : "short";
    const opening = hedge ? input.tradeSide === "open" : !input.reduceOnly;
    // the order's margin mode, checked now as an order's would be; it is asked again when the plan triggers
    const marginMode = this.svc.orderMarginMode(env, userId, c, s, input.marginMode, opening);
    if (!opening && (input.presetTp || input.presetSl))
      throw new EngineError(FX_CODES.paramInvalid, "Take-profit and stop-loss can be preset on opening orders only");
    this.checkSides(holdSide, input.executePrice || input.triggerPrice, input.presetTp, input.presetSl);
    const p = this.newPlan(env, userId, c, {
      planType: trailing ? "track_plan" : "normal_plan",
      callbackPpm,
      triggerType: input.triggerType,
      triggerPrice: input.triggerPrice,
      executePrice: input.orderType === "limit" ? input.executePrice : 0,
      orderType: input.orderType,
      side: input.side,
      tradeSide: input.tradeSide ?? "",
      holdSide,
      reduceOnly: input.reduceOnly ? 1 : 0,
      size: input.size,
      marginMode,
      clientOid: input.clientOid,
      presetTp: input.presetTp,
      presetSl: input.presetSl,
      source: input.source,
    });
    p.direction = directionFrom(p.triggerPrice, this.ref(env, c.symbol, p.triggerType));
    this.admit([p]);
    return p;
  }

  /**
   * TP/SL of a position (place-tpsl-order, place-pos-tpsl): all checked before any is written. A
   * whole-position TP or SL replaces the position's previous one of the same kind.
   */
  placeTpsl(env: Env, userId: string, inputs: readonly TpslInput[]): FxPlan[] {
    const plans: FxPlan[] = [];
    const replaced: FxPlan[] = [];
    for (const input of inputs) {
      const c = contract(input.symbol) as Contract;
      const pos = this.svc.position(env, userId, c.symbol, input.holdSide);
      if (!pos) throw new EngineError(FX_CODES.noPosition, "No position to set take-profit or stop-loss on");
      const whole = input.planType === "pos_profit" || input.planType === "pos_loss";
      if (!whole && input.size <= 0) throw new EngineError(FX_CODES.paramEmpty, "Parameter size cannot be empty");
      if (!whole && input.size > pos.size) throw new EngineError(FX_CODES.notEnoughPosition, "Not enough position is available");
      const moving = input.planType === "moving_plan";
      const callbackPpm = moving ? checkCallback(input.callbackPpm, "rangeRate") : 0;
      if (moving && input.executePrice > 0)
        throw new EngineError(FX_CODES.paramInvalid, "A trailing stop (moving_plan) runs at market: executePrice is not supported");
      const now = this.ref(env, c.symbol, input.triggerType);
      // a trailing stop waits for its activation price from wherever the price is now
      const direction = moving ? directionFrom(input.triggerPrice, now) : tpslDirection(input.planType, input.holdSide);
      if (!moving && crossed(direction, now, input.triggerPrice))
        throw new EngineError(
          FX_CODES.paramInvalid,
          `The ${isProfit(input.planType) ? "take-profit" : "stop-loss"} price of a ${input.holdSide} position must be ${direction === "up" ? "above" : "below"} the current price`,
        );
      const hedge = this.svc.account(env, userId).posMode === "hedge_mode";
      const p = this.newPlan(env, userId, c, {
        planType: input.planType,
        callbackPpm,
        triggerType: input.triggerType,
        triggerPrice: input.triggerPrice,
        executePrice: input.executePrice,
        orderType: input.executePrice > 0 ? "limit" : "market",
        // Bitget's side of the closing order: hedge mode names the position, one-way the book side
        side: hedge ? (input.holdSide === "long" ? "buy" : "sell") : closingSide(input.holdSide),
        tradeSide: hedge ? "close" : "",
        holdSide: input.holdSide,
        reduceOnly: hedge ? 0 : 1,
        size: whole ? 0 : input.size,
        marginMode: pos.marginMode,
        clientOid: input.clientOid,
        presetTp: 0,
        presetSl: 0,
        source: input.source,
      });
      p.direction = direction;
      if (whole)
        for (const old of this.watched(env, c.symbol))
          if (old.userId === userId && old.planType === input.planType && old.holdSide === input.holdSide) replaced.push(old);
      plans.push(p);
    }
    this.admit(plans, replaced);
    return plans;
  }

  /** Refuses a preset TP/SL on the wrong side of the order's price (or the mark, at market) before the order is placed. */
  checkPreset(env: Env, req: OrderRequest, preset: { tp: number; sl: number }): void {
    if (!preset.tp && !preset.sl) return;
    const opening = req.tradeSide ? req.tradeSide === "open" : !req.reduceOnly;
    if (!opening) throw new EngineError(FX_CODES.paramInvalid, "Take-profit and stop-loss can be preset on opening orders only");
    const at = req.orderType === "limit" ? req.price : this.market.price(env, req.symbol).mark;
    this.checkSides(req.side === "buy" ? "long" : "short", at, preset.tp, preset.sl);
  }

  private checkSides(holdSide: HoldSide, at: number, tp: number, sl: number): void {
    const long = holdSide === "long";
    if (tp && (long ? tp <= at : tp >= at))
      throw new EngineError(FX_CODES.paramInvalid, `The take-profit price of a ${holdSide} must be ${long ? "above" : "below"} its entry`);
    if (sl && (long ? sl >= at : sl <= at))
      throw new EngineError(FX_CODES.paramInvalid, `The stop-loss price of a ${holdSide} must be ${long ? "below" : "above"} its entry`);
  }

  /** The preset TP/SL still waiting for an order (ticks, 0 for none): a modified order keeps them. */
  pendingPreset(orderId: string): { tp: number; sl: number } {
    const out = { tp: 0, sl: 0 };
    for (const p of this.parents.get(orderId) ?? []) {
      if (p.planType === "profit_plan") out.tp = p.triggerPrice;
      else out.sl = p.triggerPrice;
    }
    return out;
  }

  /**
   * Replaces a resting order's preset TP/SL (modify-order of the presets only, docs/decisions/318):
   * the order stays; as on Bitget, a kind not named is removed.
   */
  replacePreset(order: FxOrder, preset: { tp: number; sl: number }): void {
    const old = this.parents.get(order.id) ?? [];
    this.parents.delete(order.id);
    this.save(old.map((p) => this.finish(p, "cancelled", "replaced")));
    this.preset(order, preset);
  }

  /** The TP/SL preset on each of these orders (trigger ticks, 0 for none), whatever became of them since: the order rows show them. */
  presetsOf(env: Env, userId: string, orderIds: readonly string[]): Map<string, { tp: number; sl: number }> {
    const out = new Map<string, { tp: number; sl: number }>();
    for (const p of this.store.byParents(env, userId, orderIds)) {
      // a preset replaced by modify-order is no longer the order's
      if (p.status === "cancelled" && p.failReason === "replaced") continue;
      const e = out.get(p.parentId) ?? { tp: 0, sl: 0 };
      if (p.planType === "profit_plan") e.tp = p.triggerPrice;
      else e.sl = p.triggerPrice;
      out.set(p.parentId, e);
    }
    return out;
  }

  /** Preset TP/SL of an order: pending until it finishes, then live for what it filled. */
  preset(order: FxOrder, preset: { tp: number; sl: number }): void {
    if (!preset.tp && !preset.sl) return;
    const c = contract(order.symbol) as Contract;
    const children: FxPlan[] = [];
    for (const [price, planType] of [
      [preset.tp, "profit_plan"],
      [preset.sl, "loss_plan"],
    ] as const) {
      if (!price) continue;
      const p = this.newPlan(order.env, order.userId, c, {
        planType,
        // preset TP/SL follow the mark price, which a tiny trade in a thin book cannot move (docs/decisions/341)
        triggerType: "mark_price",
        triggerPrice: price,
        executePrice: 0,
        orderType: "market",
        side: order.posMode === "hedge_mode" ? (order.posSide === "long" ? "buy" : "sell") : closingSide(order.posSide),
        tradeSide: order.posMode === "hedge_mode" ? "close" : "",
        holdSide: order.posSide,
        reduceOnly: order.posMode === "hedge_mode" ? 0 : 1,
        size: 0,
        marginMode: order.marginMode,
        clientOid: "",
        presetTp: 0,
        presetSl: 0,
        source: order.source,
      });
      p.status = "pending";
      p.parentId = order.id;
      p.direction = tpslDirection(planType, order.posSide);
      children.push(p);
    }
    for (const p of children) this.active.set(p.id, p);
    this.parents.set(order.id, children);
    this.save(children);
    if (order.status === "filled" || order.status === "cancelled") this.save(this.activate(order.id, order));
  }

  /** A finished order's presets go live for the size it filled (while its position is there), or are cancelled. */
  private activate(orderId: string, order: FxOrder | undefined): FxPlan[] {
    const children = this.parents.get(orderId) ?? [];
    this.parents.delete(orderId);
    const out: FxPlan[] = [];
    for (const p of children) {
      const pos = order && order.filled > 0 ? this.svc.position(p.env, p.userId, p.symbol, p.holdSide) : undefined;
      if (!pos || !order) {
        out.push(this.finish(p, "cancelled", "the order did not fill"));
        continue;
      }
      p.size = Math.min(order.filled, pos.size);
      p.status = "live";
      p.uTime = Date.now();
      this.watch(p);
      out.push(p);
    }
    return out;
  }

  private newPlan(
    env: Env,
    userId: string,
    c: Contract,
    f: Omit<
      FxPlan,
      | "callbackPpm"
      | "trackExtreme"
      | "id"
      | "seq"
      | "env"
      | "userId"
      | "symbol"
      | "posMode"
      | "direction"
      | "status"
      | "parentId"
      | "orderId"
      | "failReason"
      | "triggerTime"
      | "cTime"
      | "uTime"
    > & { callbackPpm?: number },
  ): FxPlan {
    const now = Date.now();
    const seq = this.ids.next(now);
    const id = this.ids.text(seq);
    return {
      ...f,
      callbackPpm: f.callbackPpm ?? 0,
      trackExtreme: 0,
      id,
      seq,
      env,
      userId,
      symbol: c.symbol,
      posMode: this.svc.account(env, userId).posMode,
      clientOid: f.clientOid || id,
      direction: "up",
      status: "live",
      parentId: "",
      orderId: "",
      failReason: "",
      triggerTime: 0,
      cTime: now,
      uTime: now,
    };
  }

  /** Checks the user's clientOids and plan count, then writes and watches new plans (cancelling what they replace) in one transaction. */
  private admit(plans: FxPlan[], replaced: FxPlan[] = []): void {
    const first = plans[0];
    if (!first) return;
    const seen = new Set<string>();
    for (const p of plans) {
      if (seen.has(p.clientOid) || this.findByClientOid(p.env, p.userId, p.clientOid))
        throw new EngineError(FX_CODES.duplicateClientOid, "Duplicate clientOid");
      seen.add(p.clientOid);
    }
    let live = plans.length - replaced.length;
    for (const p of this.active.values()) if (p.env === first.env && p.userId === first.userId) live++;
    if (live > MAX_LIVE_PLANS) throw new EngineError(FX_CODES.planLimit, `Plan orders reached the upper limit of ${MAX_LIVE_PLANS}`);
    const cancelled = replaced.map((old) => this.finish(old, "cancelled", "replaced"));
    for (const p of plans) {
      this.active.set(p.id, p);
      this.watch(p);
    }
    this.save([...cancelled, ...plans]);
  }

  // ---- finding, changing, cancelling -----------------------------------------------------------

  private findByClientOid(env: Env, userId: string, clientOid: string): FxPlan | undefined {
    for (const p of this.active.values()) if (p.env === env && p.userId === userId && p.clientOid === clientOid) return p;
    return this.store.byClientOid(env, userId, clientOid);
  }

  /** A live plan of the user by id or clientOid (another user's ids are simply not found). */
  private liveOf(env: Env, userId: string, by: PlanRef): FxPlan | undefined {
    const found = by.orderId ? this.active.get(by.orderId) : this.findByClientOid(env, userId, by.clientOid ?? "");
    const p = found && this.active.get(found.id);
    return p && p.env === env && p.userId === userId && p.status === "live" ? p : undefined;
  }

  /** The user's live plans of the given types, newest first. */
  list(env: Env, userId: string, q: { types: ReadonlySet<FxPlanType>; symbol?: string } & PlanRef): FxPlan[] {
    const out: FxPlan[] = [];
    for (const p of this.active.values())
      if (
        p.env === env &&
        p.userId === userId &&
        p.status === "live" &&
        q.types.has(p.planType) &&
        (!q.symbol || p.symbol === q.symbol) &&
        (!q.orderId || p.id === q.orderId) &&
        (!q.clientOid || p.clientOid === q.clientOid)
      )
        out.push(p);
    return out.sort((a, b) => b.seq - a.seq);
  }

  modify(env: Env, userId: string, by: PlanRef, types: ReadonlySet<FxPlanType>, ch: PlanChanges): FxPlan {
    const p = this.liveOf(env, userId, by);
    if (!p || !types.has(p.planType)) throw new EngineError(FX_CODES.planNotFound, "Plan order does not exist");
    const c = contract(p.symbol) as Contract;
    const next: FxPlan = { ...p };
    if (ch.triggerPrice !== undefined) next.triggerPrice = ch.triggerPrice;
    if (ch.triggerType !== undefined) next.triggerType = ch.triggerType;
    if (ch.size !== undefined) {
      if (ch.size < c.inst.minLots) throw new EngineError(FX_CODES.lessThanMinimum, "The order size is less than the minimum");
      next.size = ch.size;
    }
    if (ch.executePrice !== undefined && TPSL_TYPES.has(p.planType)) {
      // a TP/SL runs at its execution price, or at market for 0 (modify-tpsl-order)
      if (p.planType === "moving_plan" && ch.executePrice > 0)
        throw new EngineError(FX_CODES.paramInvalid, "A trailing stop (moving_plan) runs at market: executePrice is not supported");
      next.executePrice = ch.executePrice;
      next.orderType = ch.executePrice > 0 ? "limit" : "market";
    } else if (ch.executePrice !== undefined) {
      if (p.orderType !== "limit") throw new EngineError(FX_CODES.paramInvalid, "Parameter newPrice is for limit plan orders only");
      next.executePrice = ch.executePrice;
    }
    if (ch.presetTp !== undefined) next.presetTp = ch.presetTp;
    if (ch.presetSl !== undefined) next.presetSl = ch.presetSl;
    if (ch.callbackPpm !== undefined) {
      if (!TRAILING_TYPES.has(p.planType)) throw new EngineError(FX_CODES.paramInvalid, "A callback ratio is for trailing orders only");
      next.callbackPpm = checkCallback(ch.callbackPpm, "newCallbackRatio");
    }
    if (TRAILING_TYPES.has(p.planType)) {
      const pos = p.planType === "moving_plan" ? this.svc.position(env, userId, p.symbol, p.holdSide) : undefined;
      if (pos && next.size > pos.size) throw new EngineError(FX_CODES.notEnoughPosition, "Not enough position is available");
      // an activated trailing plan keeps its best price; one still waiting waits for its new activation price
      if (p.trackExtreme === 0) next.direction = directionFrom(next.triggerPrice, this.ref(env, p.symbol, next.triggerType));
    } else if (TPSL_TYPES.has(p.planType)) {
      const pos = this.svc.position(env, userId, p.symbol, p.holdSide);
      if (pos && p.size > 0 && next.size > pos.size) throw new EngineError(FX_CODES.notEnoughPosition, "Not enough position is available");
      if (crossed(p.direction, this.ref(env, p.symbol, next.triggerType), next.triggerPrice))
        throw new EngineError(FX_CODES.paramInvalid, "The trigger price is already passed");
    } else {
      this.checkSides(p.holdSide, next.executePrice || next.triggerPrice, next.presetTp, next.presetSl);
      next.direction = directionFrom(next.triggerPrice, this.ref(env, p.symbol, next.triggerType));
    }
    Object.assign(p, next, { uTime: Date.now() });
    this.save([p]);
    return p;
  }

  cancel(env: Env, userId: string, by: PlanRef, types: ReadonlySet<FxPlanType>): FxPlan {
    const p = this.liveOf(env, userId, by);
    if (!p || !types.has(p.planType)) throw new EngineError(FX_CODES.planNotFound, "Plan order does not exist");
    const done = this.finish(p, "cancelled", "user cancelled");
    this.save([done]);
    return done;
  }

  /** Cancels every live plan of the user of these types (and contract), in one transaction. */
  cancelAll(env: Env, userId: string, types: ReadonlySet<FxPlanType>, symbol?: string): FxPlan[] {
    const done = this.list(env, userId, { types, symbol }).map((p) => this.finish(p, "cancelled", "user cancelled"));
    this.save(done);
    return done;
  }

  /** The simulation account's reset clears its plans. */
  resetPaper(userId: string): void {
    const done: FxPlan[] = [];
    for (const p of [...this.active.values()])
      if (p.env === "paper" && p.userId === userId) done.push(this.finish(p, "cancelled", "account reset"));
    for (const [orderId, children] of this.parents)
      if (children.some((p) => p.env === "paper" && p.userId === userId)) this.parents.delete(orderId);
    this.save(done);
  }

  /**
   * A position's TP and SL for its JSON (`takeProfit`, `stopLoss` and their ids): the whole-position
   * one of each kind, else the newest live partial one (a TP/SL preset on the order that opened it,
   * docs/decisions/717), so a position never reads "no TP/SL" while one waits to close it.
   */
  positionTpsl(pos: Position): { tp?: FxPlan; sl?: FxPlan } {
    const out: { tp?: FxPlan; sl?: FxPlan } = {};
    const better = (old: FxPlan | undefined, p: FxPlan, whole: FxPlanType) =>
      !old || (p.planType === whole ? old.planType !== whole || p.seq > old.seq : old.planType !== whole && p.seq > old.seq);
    for (const p of this.watched(pos.env, pos.symbol)) {
      if (p.userId !== pos.userId || p.holdSide !== pos.holdSide) continue;
      if ((p.planType === "pos_profit" || p.planType === "profit_plan") && better(out.tp, p, "pos_profit")) out.tp = p;
      else if ((p.planType === "pos_loss" || p.planType === "loss_plan") && better(out.sl, p, "pos_loss")) out.sl = p;
    }
    return out;
  }

  /** Resolves once every triggered plan has been placed (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  // ---- triggering ---------------------------------------------------------------------------

  private watched(env: Env, symbol: string): Iterable<FxPlan> {
    return this.watching[env].get(symbol) ?? [];
  }

  private watch(p: FxPlan): void {
    if (p.status !== "live") return;
    let set = this.watching[p.env].get(p.symbol);
    if (!set) {
      set = new Set();
      this.watching[p.env].set(p.symbol, set);
    }
    set.add(p);
  }

  /** A plan's final state: out of memory, its reason kept. */
  private finish(p: FxPlan, status: "executed" | "fail_execute" | "cancelled", reason: string): FxPlan {
    this.watching[p.env].get(p.symbol)?.delete(p);
    this.active.delete(p.id);
    p.status = status;
    p.failReason = reason;
    p.uTime = Date.now();
    return p;
  }

  /** A mark price step or a futures trade: queues the plans of that type whose trigger it crossed. */
  private onPrice(env: Env, symbol: string, type: FxTriggerType, price: number): void {
    const set = this.watching[env].get(symbol);
    if (!set || set.size === 0) return;
    let moved: FxPlan[] | undefined;
    for (const p of set) {
      if (p.triggerType !== type) continue;
      if (TRAILING_TYPES.has(p.planType)) {
        const step = this.trail(p, price);
        if (step === "moved") (moved ??= []).push(p);
        if (step !== "fire") continue;
      } else if (!crossed(p.direction, price, p.triggerPrice)) continue;
      set.delete(p);
      // no longer live: a close of its position while it waits in the queue does not cancel it twice
      p.status = "executed";
      this.queue.push(p);
    }
    // the best price since activation is durable (a restart trails from it), but no stream push is owed
    if (moved) this.store.save(moved);
  }

  /**
   * One price for a trailing plan (docs/decisions/318): it activates when the price reaches its
   * trigger, then follows the best price (the highest for a sell, the lowest for a buy) and fires
   * once the price comes back its callback ratio from there.
   */
  private trail(p: FxPlan, price: number): "none" | "moved" | "fire" {
    if (p.trackExtreme === 0) {
      if (!crossed(p.direction, price, p.triggerPrice)) return "none";
      p.trackExtreme = price;
      return "moved";
    }
    const sell = planBookSide(p) === "sell";
    if (sell ? price > p.trackExtreme : price < p.trackExtreme) {
      p.trackExtreme = price;
      return "moved";
    }
    return crossed(sell ? "down" : "up", price, trailingStop(sell, p.trackExtreme, p.callbackPpm)) ? "fire" : "none";
  }

  /** The order a triggered plan places, or why it places none. */
  private orderOf(p: FxPlan): OrderRequest | string {
    const base = { symbol: p.symbol, force: "gtc" as const, clientOid: `plan${p.id}`, source: p.source };
    if (!TPSL_TYPES.has(p.planType))
      return {
        ...base,
        side: p.side,
        tradeSide: p.tradeSide === "open" || p.tradeSide === "close" ? p.tradeSide : undefined,
        orderType: p.orderType,
        price: p.executePrice,
        size: p.size,
        reduceOnly: p.reduceOnly === 1,
        // the plan's margin mode, as its order names it (docs/decisions/318)
        marginMode: p.marginMode,
      };
    const pos = this.svc.position(p.env, p.userId, p.symbol, p.holdSide);
    if (!pos) return "position closed";
    const hedge = this.svc.account(p.env, p.userId).posMode === "hedge_mode";
    const book = closingSide(p.holdSide);
    let pending = 0;
    for (const o of this.svc.ordersOf(p.env, p.userId, p.symbol))
      if (o.tradeSide === "close" && o.side === book) pending += o.size - o.filled;
    const qty = Math.min(p.size > 0 ? p.size : pos.size, pos.size - pending);
    if (qty <= 0) return "Not enough position is available to close";
    return {
      ...base,
      side: hedge ? (p.holdSide === "long" ? "buy" : "sell") : book,
      tradeSide: hedge ? "close" : undefined,
      orderType: p.executePrice > 0 ? "limit" : "market",
      price: p.executePrice,
      size: qty,
      reduceOnly: !hedge,
      // the position it ends ends by its TP or SL (a trailing stop is a stop), docs/decisions/717
      closes: isProfit(p.planType) ? "take_profit" : "stop_loss",
    };
  }

  /** Places a triggered plan's order through the normal path, then records the outcome. */
  private execute(p: FxPlan): void {
    this.active.delete(p.id);
    p.triggerTime = Date.now();
    const req = this.orderOf(p);
    let order: FxOrder | undefined;
    if (typeof req === "string") {
      this.finish(p, req === "position closed" ? "cancelled" : "fail_execute", req);
    } else {
      try {
        order = this.svc.place(p.env, p.userId, req);
      } catch (err) {
        if (!(err instanceof EngineError)) throw err;
        // placed before a crash took the plan's own record: the same clientOid finds it
        order =
          err.code === FX_CODES.duplicateClientOid ? this.svc.store.findOrder(p.env, p.userId, { clientOid: req.clientOid }) : undefined;
        if (!order) this.finish(p, "fail_execute", err.message);
      }
      if (order) {
        p.orderId = order.id;
        this.finish(p, "executed", "");
      }
    }
    this.save([p]);
    if (order && (p.presetTp || p.presetSl)) this.preset(order, { tp: p.presetTp, sl: p.presetSl });
  }

  /** After a futures change is durable: presets of finished orders go live, TP/SL of closed positions are cancelled. */
  private onCommitted(ch: FxChange): void {
    const changed: FxPlan[] = [];
    if (this.parents.size > 0)
      for (const o of ch.orders)
        if (this.parents.has(o.id) && (o.status === "filled" || o.status === "cancelled")) changed.push(...this.activate(o.id, o));
    for (const pos of ch.closed) {
      for (const p of [...this.watched(pos.env, pos.symbol)])
        if (
          p.userId === pos.userId &&
          p.holdSide === pos.holdSide &&
          TPSL_TYPES.has(p.planType) &&
          !this.svc.position(pos.env, pos.userId, pos.symbol, pos.holdSide)
        )
          changed.push(this.finish(p, "cancelled", "position closed"));
    }
    this.save(changed);
  }

  private save(plans: readonly FxPlan[]): void {
    if (plans.length === 0) return;
    this.store.save(plans);
    for (const l of this.listeners) l(plans);
  }
}
