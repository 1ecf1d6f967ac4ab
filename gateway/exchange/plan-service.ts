/**
 * The algo layer outside the book: plan (trigger) orders, spot TP/SL orders (`tpslType: tpsl`),
 * and TP/SL preset on a normal order (created when it fills, one-cancels-other). A plan watches
 * the last traded price of its book; when it crosses the trigger the order is placed through the
 * normal path (balance checked then, as Bitget does: nothing is frozen before).
 */
import { EX_CODES, ORDER_TYPES, PLAN_TYPES, SIDES, TRIGGER_TYPE_ALIASES, TRIGGER_TYPES } from "../../protocol/bitget.ts";
import { enumValue, isAbsent } from "./fields.ts";
import { formatScaled, parseScaled } from "./decimal.ts";
import { IdGen } from "./engine/order.ts";
import { EngineError, newChange, type Env, type Order } from "./engine/types.ts";
import type { Instrument } from "./instruments.ts";
import { CLIENT_OID, resolveInstrument, toOrder, type PlaceOrderBody } from "./order-request.ts";
import { PlanStore, type Plan } from "./plan-store.ts";
import type { ExchangeService } from "./service.ts";
import { crossed, directionFrom, TriggerQueue } from "./trigger.ts";

export const MAX_LIVE_PLANS = 50;

export interface PlanInput {
  symbol?: string;
  side?: string;
  triggerPrice?: string;
  orderType?: string;
  executePrice?: string;
  size?: string;
  planType?: string;
  triggerType?: string;
  clientOid?: string;
  force?: string;
  tpslType?: "normal" | "tpsl";
}

export class PlanService {
  /** Live and pending plans by id. */
  readonly active = new Map<string, Plan>();
  listeners = new Set<(p: Plan) => void>();
  private readonly triggered: TriggerQueue<Plan>;

  /** Orders with preset TP/SL children still waiting for them to fill. */
  private readonly parents = new Set<string>();
  private readonly store: PlanStore;

  constructor(
    private readonly svc: ExchangeService,
    private readonly lastPrice: (env: Env, symbol: string) => number | undefined,
    private readonly log: (err: unknown) => void,
  ) {
    this.store = new PlanStore(svc.db);
    this.triggered = new TriggerQueue((p) => this.execute(p), log);
    svc.store.committed.add((ch) => {
      if (this.parents.size === 0) return;
      for (const o of new Set(ch.orders)) if (this.parents.has(o.id)) this.parentChanged(o);
    });
  }

  /** Finished normal plans of a user and symbol, newest first (from storage). */
  history(q: Parameters<PlanStore["history"]>[0]): Plan[] {
    return this.store.history(q);
  }

  load(): void {
    for (const p of this.store.loadActive()) {
      this.active.set(p.id, p);
      if (p.status === "pending") this.parents.add(p.parentId);
    }
  }

  /** Saves plans durably (group commit), then tells the streams. */
  private async save(plans: Plan[]): Promise<void> {
    const ch = newChange();
    for (const p of plans) ch.extra.push(() => this.store.save(p));
    await this.svc.store.commit(ch);
    for (const p of plans) for (const l of this.listeners) l(p);
  }

  private tick(inst: Instrument, text: string | undefined, name: string): number {
    if (text === undefined || text === "") throw new EngineError(EX_CODES.paramEmpty, `Parameter ${name} cannot be empty`);
    const v = parseScaled(text, inst.pricePrecision);
    if (v === undefined)
      throw new EngineError(
        EX_CODES.paramCheck,
        `Parameter verification exception: ${name} must be a decimal with at most ${inst.pricePrecision} decimals`,
      );
    if (v <= 0n || v > 10n ** 15n) throw new EngineError(EX_CODES.paramInvalid, `Parameter ${name} must be greater than 0`);
    return Number(v);
  }

  /** The order a plan places when it triggers, validated now so a bad plan is refused at once. */
  private orderBody(p: Pick<Plan, "symbol" | "side" | "orderType" | "executePrice" | "size">, inst: Instrument): PlaceOrderBody {
    return {
      symbol: p.symbol,
      side: p.side,
      orderType: p.orderType,
      force: "gtc",
      price: p.orderType === "limit" ? formatScaled(p.executePrice, inst.pricePrecision) : undefined,
      size: p.size,
    };
  }

  async place(env: Env, userId: string, input: PlanInput, source: string): Promise<Plan> {
    const inst = resolveInstrument(input.symbol);
    // enumerations in any case, "" for an absent optional (docs/decisions/307)
    const side = enumValue(SIDES, input.side, "side");
    const orderType = enumValue(ORDER_TYPES, input.orderType, "orderType");
    const planType = enumValue(PLAN_TYPES, input.planType, "planType", orderType === "market" && side === "buy" ? "total" : "amount");
    const triggerType = enumValue(TRIGGER_TYPES, input.triggerType, "triggerType", "fill_price", TRIGGER_TYPE_ALIASES);
    const triggerPrice = this.tick(inst, input.triggerPrice, "triggerPrice");
    const executePrice = orderType === "limit" ? this.tick(inst, input.executePrice, "executePrice") : 0;
    const size = input.size ?? "";
    const clientOid = isAbsent(input.clientOid) ? undefined : input.clientOid;
    const now = Date.now();
    const seq = this.svc.engine.ids.next(now);
    const plan: Plan = {
      id: String(seq),
      seq,
      env,
      userId,
      symbol: inst.symbol,
      side,
      orderType,
      triggerPrice,
      executePrice,
      size,
      planType,
      triggerType,
      direction: "up",
      tpslType: input.tpslType ?? "normal",
      clientOid: clientOid ?? String(seq),
      parentId: "",
      ocoId: "",
      status: "live",
      orderId: "",
      failReason: "",
      source,
      cTime: now,
      uTime: now,
    };
    if (clientOid !== undefined && !CLIENT_OID.test(clientOid))
      throw new EngineError(EX_CODES.paramInvalid, "Parameter clientOid is invalid");
    toOrder(new IdGen(), env, userId, this.orderBody(plan, inst), source);
    if (clientOid !== undefined && this.findByClientOid(env, userId, clientOid))
      throw new EngineError(EX_CODES.duplicateClientOid, "Duplicate clientOid");
    let live = 0;
    for (const p of this.active.values()) if (p.env === env && p.userId === userId) live++;
    if (live >= MAX_LIVE_PLANS) throw new EngineError(EX_CODES.planLimit, `Plan orders reached the upper limit of ${MAX_LIVE_PLANS}`);
    this.orient(plan);
    this.active.set(plan.id, plan);
    await this.save([plan]);
    return plan;
  }

  /** Up-trigger when the trigger is above the last price, down-trigger otherwise. */
  private orient(p: Plan): void {
    p.direction = directionFrom(p.triggerPrice, this.lastPrice(p.env, p.symbol) ?? p.triggerPrice);
  }

  findByClientOid(env: Env, userId: string, clientOid: string): Plan | undefined {
    for (const p of this.active.values()) if (p.env === env && p.userId === userId && p.clientOid === clientOid) return p;
    return this.store.byClientOid(env, userId, clientOid);
  }

  find(env: Env, userId: string, by: { orderId?: string; clientOid?: string }): Plan | undefined {
    if (by.orderId) {
      const p = this.active.get(by.orderId);
      if (p && p.env === env && p.userId === userId) return p;
      return this.store.byId(env, userId, by.orderId);
    }
    return by.clientOid ? this.findByClientOid(env, userId, by.clientOid) : undefined;
  }

  async modify(env: Env, userId: string, by: { orderId?: string; clientOid?: string }, input: PlanInput): Promise<Plan> {
    const found = this.find(env, userId, by);
    const p = found && this.active.get(found.id);
    if (!p || p.status !== "live") throw new EngineError(EX_CODES.planNotFound, "Plan order does not exist");
    const inst = resolveInstrument(p.symbol);
    const next = { ...p };
    if (!isAbsent(input.triggerPrice)) next.triggerPrice = this.tick(inst, input.triggerPrice, "triggerPrice");
    next.orderType = enumValue(ORDER_TYPES, input.orderType, "orderType", p.orderType);
    if (next.orderType === "limit")
      next.executePrice =
        !isAbsent(input.executePrice) || p.orderType !== "limit" ? this.tick(inst, input.executePrice, "executePrice") : p.executePrice;
    else next.executePrice = 0;
    if (!isAbsent(input.size)) next.size = input.size;
    toOrder(new IdGen(), env, userId, this.orderBody(next, inst), p.source);
    Object.assign(p, next, { uTime: Date.now() });
    this.orient(p);
    await this.save([p]);
    return p;
  }

  async cancel(env: Env, userId: string, by: { orderId?: string; clientOid?: string }): Promise<Plan> {
    const found = this.find(env, userId, by);
    const p = found && this.active.get(found.id);
    if (!p) throw new EngineError(EX_CODES.planNotFound, "Plan order does not exist");
    p.status = "cancelled";
    p.uTime = Date.now();
    this.active.delete(p.id);
    await this.save([p]);
    return p;
  }

  /**
   * Cancels a user's live plan (trigger) orders of the given pairs, or of every pair (Bitget's
   * batch-cancel-plan-order, docs/decisions/309), in one commit. TP/SL orders are not plan orders.
   */
  async cancelMany(env: Env, userId: string, symbols: ReadonlySet<string> | undefined): Promise<Plan[]> {
    const now = Date.now();
    const plans = this.list(env, userId, undefined, "normal").filter((p) => !symbols || symbols.has(p.symbol));
    for (const p of plans) {
      p.status = "cancelled";
      p.uTime = now;
      this.active.delete(p.id);
    }
    if (plans.length) await this.save(plans);
    return plans;
  }

  list(env: Env, userId: string, symbol?: string, tpsl?: "normal" | "tpsl"): Plan[] {
    const out: Plan[] = [];
    for (const p of this.active.values()) {
      if (p.env === env && p.userId === userId && p.status === "live" && (!symbol || p.symbol === symbol) && (!tpsl || p.tpslType === tpsl))
        out.push(p);
    }
    return out.sort((a, b) => b.seq - a.seq);
  }

  /** Preset TP/SL of a normal order: pending children that go live when the order fills. */
  async preset(order: Order, tp: string | undefined, sl: string | undefined): Promise<void> {
    if (!tp && !sl) return;
    const inst = resolveInstrument(order.symbol);
    const plans: Plan[] = [];
    const ocoId = tp && sl ? `oco-${order.id}` : "";
    for (const [price, kind] of [
      [tp, "tp"],
      [sl, "sl"],
    ] as const) {
      if (!price) continue;
      const trigger = this.tick(inst, price, kind === "tp" ? "presetTakeProfitPrice" : "presetStopLossPrice");
      const seq = this.svc.engine.ids.next();
      plans.push({
        id: String(seq),
        seq,
        env: order.env,
        userId: order.userId,
        symbol: order.symbol,
        side: order.side === "buy" ? "sell" : "buy",
        orderType: "market",
        triggerPrice: trigger,
        executePrice: 0,
        size: "",
        planType: "amount",
        triggerType: "fill_price",
        direction: "up",
        tpslType: "tpsl",
        clientOid: `${order.id}-${kind}`,
        parentId: order.id,
        ocoId,
        status: "pending",
        orderId: "",
        failReason: "",
        source: order.source,
        cTime: seq / 1000,
        uTime: seq / 1000,
      });
    }
    for (const p of plans) {
      p.cTime = p.uTime = Math.floor(p.seq / 1000);
      this.active.set(p.id, p);
    }
    this.parents.add(order.id);
    await this.save(plans);
    this.parentChanged(order);
  }

  /** Activates (or drops) preset children when their parent order reaches a final state. */
  parentChanged(order: Order): void {
    if (order.status !== "filled" && order.status !== "cancelled") return;
    this.parents.delete(order.id);
    const changed: Plan[] = [];
    for (const p of this.active.values()) {
      if (p.parentId !== order.id || p.status !== "pending") continue;
      const inst = resolveInstrument(order.symbol);
      // the child closes what the parent bought or sold: base received (after fee) for a buy
      const baseUnits =
        order.side === "buy" ? BigInt(order.filled) * inst.baseUnitsPerLot - order.fee : BigInt(order.filled) * inst.baseUnitsPerLot;
      const lots = baseUnits / inst.baseUnitsPerLot;
      if (lots <= 0n) {
        p.status = "cancelled";
        this.active.delete(p.id);
      } else if (p.side === "buy") {
        // closing a sell: buy back with the quote it raised
        p.size = formatScaled(order.filledQuote - order.fee, 8, inst.quotePrecision);
        p.planType = "total";
        p.status = "live";
      } else {
        p.size = formatScaled(lots, inst.quantityPrecision);
        p.status = "live";
      }
      if (p.status === "live") this.orient(p);
      p.uTime = Date.now();
      changed.push(p);
    }
    if (changed.length) this.save(changed).catch(this.log);
  }

  /** Called for every trade: queues the plans of the book whose trigger the price crossed (placed on the next turn). */
  onTrade(env: Env, symbol: string, price: number): void {
    for (const p of this.active.values()) {
      if (p.status !== "live" || p.env !== env || p.symbol !== symbol) continue;
      if (crossed(p.direction, price, p.triggerPrice)) {
        p.status = "executed";
        this.triggered.push(p);
      }
    }
  }

  /** Resolves once every triggered plan has been placed (tests). */
  idle(): Promise<void> {
    return this.triggered.idle();
  }

  private async execute(p: Plan): Promise<void> {
    this.active.delete(p.id);
    const inst = resolveInstrument(p.symbol);
    const done: Plan[] = [p];
    try {
      // a fixed clientOid: a plan re-triggered after a crash cannot place its order twice
      const o = await this.svc.placeOrder(p.env, p.userId, { ...this.orderBody(p, inst), clientOid: `plan${p.id}` }, p.source);
      p.orderId = o.id;
      p.status = "executed";
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      const earlier =
        err.code === EX_CODES.duplicateClientOid ? this.svc.findOrder(p.env, p.userId, { clientOid: `plan${p.id}` }) : undefined;
      if (earlier) {
        p.orderId = earlier.id;
        p.status = "executed";
      } else {
        p.status = "fail_execute";
        p.failReason = err.message;
      }
    }
    p.uTime = Date.now();
    if (p.ocoId) {
      for (const other of this.active.values()) {
        if (other.ocoId === p.ocoId && other.id !== p.id) {
          other.status = "cancelled";
          other.uTime = p.uTime;
          this.active.delete(other.id);
          done.push(other);
        }
      }
    }
    await this.save(done);
  }
}
