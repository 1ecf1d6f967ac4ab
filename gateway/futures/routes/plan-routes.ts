/** Bitget v2 mix plan (trigger) and TP/SL order endpoints (docs/decisions/315). */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { HOLD_SIDES, MIX_PLAN_QUERY_TYPES, MIX_PLAN_TYPES, MIX_PRIVATE, MIX_TRIGGER_TYPES } from "../../../protocol/mix.ts";
import { GatewayError, ok } from "../../envelope.ts";
import { decimal, enumValue, isAbsent, optional, ORDER_REF, parseFields, requireOrderRef, text } from "../../exchange/fields.ts";
import { sourceOf, type ExchangeRouteDeps } from "../../exchange/routes/private-route.ts";
import { qInt, qString, qTimeWindow, type Query } from "../../exchange/routes/query.ts";
import { EngineError, type Env } from "../../exchange/engine/types.ts";
import type { Principal } from "../../request.ts";
import { FX_CODES } from "../codes.ts";
import type { Contract } from "../contracts.ts";
import type { Futures } from "../futures.ts";
import { parseScaled } from "../../exchange/decimal.ts";
import { planJson } from "../plan-format.ts";
import { FX_PLAN_TYPES, TPSL_TYPES, type FxPlan, type FxPlanType, type FxTriggerType } from "../plan-store.ts";
import type { TpslInput } from "../plans.ts";
import { Base, bodyContract, clientOidOf, fields, MarginCoin, optionalTicks, priceTicks, sizeLots, toRequest } from "./order-fields.ts";
import { contractOf, futuresRoute, productTypeOf, qProductType, qSymbolFilter } from "./query.ts";

const Price = optional(decimal);
const Kind = optional(text(16));
/** Bitget's trigger price, execution price and trigger type of a take-profit (`stopSurplus…`) or stop-loss (`stopLoss…`), under a prefix. */
function tpslFields<P extends string>(prefix: P) {
  return {
    [`${prefix}TriggerPrice`]: Price,
    [`${prefix}ExecutePrice`]: Price,
    [`${prefix}TriggerType`]: Kind,
  } as Record<`${P}TriggerPrice` | `${P}ExecutePrice`, typeof Price> & Record<`${P}TriggerType`, typeof Kind>;
}
const PlaceSchema = z.object({
  ...Base,
  marginMode: optional(text(16)),
  planType: optional(text(16)),
  size: decimal,
  price: Price,
  callbackRatio: optional(text(16)),
  triggerPrice: decimal,
  triggerType: optional(text(16)),
  side: text(16),
  tradeSide: optional(text(16)),
  orderType: text(16),
  clientOid: optional(text(64)),
  reduceOnly: optional(text(8)),
  ...tpslFields("stopSurplus"),
  ...tpslFields("stopLoss"),
  stpMode: Kind,
});
const ModifySchema = z.object({
  ...ORDER_REF,
  ...Base,
  planType: optional(text(16)),
  newSize: Price,
  newPrice: Price,
  newCallbackRatio: optional(text(16)),
  newTriggerPrice: Price,
  newTriggerType: optional(text(16)),
  ...tpslFields("newStopSurplus"),
  ...tpslFields("newStopLoss"),
});
const ModifyTpslSchema = z.object({
  ...ORDER_REF,
  ...Base,
  triggerPrice: decimal,
  triggerType: optional(text(16)),
  executePrice: Price,
  size: Price,
  rangeRate: optional(text(16)),
});
const CancelSchema = z.object({
  orderIdList: optional(z.array(z.object(ORDER_REF)).max(50)),
  symbol: optional(text(32)),
  productType: text(32),
  marginCoin: MarginCoin,
  planType: optional(text(16)),
});
const TpslSchema = z.object({
  ...Base,
  planType: text(16),
  triggerPrice: decimal,
  triggerType: optional(text(16)),
  executePrice: Price,
  holdSide: text(8),
  size: Price,
  rangeRate: optional(text(16)),
  clientOid: optional(text(64)),
  stpMode: optional(text(16)),
});
const PosTpslSchema = z.object({
  ...Base,
  holdSide: text(8),
  ...tpslFields("stopSurplus"),
  stopSurplusSize: Price,
  ...tpslFields("stopLoss"),
  stopLossSize: Price,
  stpMode: Kind,
});

const ALL_TYPES: ReadonlySet<FxPlanType> = new Set(FX_PLAN_TYPES);
const NORMAL: ReadonlySet<FxPlanType> = new Set(["normal_plan"]);
const TRACK: ReadonlySet<FxPlanType> = new Set(["track_plan"]);

const triggerTypeOf = (v: string | undefined, name = "triggerType"): FxTriggerType => enumValue(MIX_TRIGGER_TYPES, v, name, "fill_price");
/**
 * A TP/SL's trigger when the client names none: the mark price, which a tiny trade in a thin book
 * cannot move (docs/decisions/341); a client that names `fill_price` keeps it.
 */
const tpslTriggerTypeOf = (v: string | undefined, name = "triggerType"): FxTriggerType =>
  enumValue(MIX_TRIGGER_TYPES, v, name, "mark_price");

/** Bitget's planType of a body. */
function planTypeOf(v: string | undefined, fallback?: FxPlanType): FxPlanType {
  return enumValue(MIX_PLAN_TYPES, v, "planType", fallback);
}

/**
 * A trailing order's callback ratio (`callbackRatio`, `rangeRate`): Bitget's percent, e.g. "1.5",
 * in millionths; undefined when absent (the plan area refuses a trailing order without one).
 */
function callbackPpm(v: string | undefined, name: string): number | undefined {
  if (isAbsent(v)) return undefined;
  const ppm = typeof v === "string" ? parseScaled(v, 4) : undefined;
  if (ppm === undefined || ppm <= 0n || ppm > 100_000n)
    throw new GatewayError(
      FX_CODES.paramInvalid,
      `Parameter ${name} must be a percent more than 0 and at most 10, with at most 4 decimals`,
    );
  return Number(ppm);
}

/** The kinds a `planType` filter names: one kind, `profit_loss` for every TP/SL kind, or all when absent. */
function typesOf(v: string | undefined): ReadonlySet<FxPlanType> {
  if (isAbsent(v)) return ALL_TYPES;
  if (typeof v === "string" && v.toLowerCase() === "profit_loss") return TPSL_TYPES;
  return new Set([planTypeOf(v)]);
}

/** A TP/SL's execution price: absent or 0 runs it at market. */
const executeTicks = (c: Contract, v: string | undefined, name: string) =>
  v === undefined || Number(v) === 0 ? 0 : priceTicks(c, v, name);

/** A holdSide: `long`/`short`, or one-way mode's `buy`/`sell` for the position they name. */
function holdSideOf(v: string): "long" | "short" {
  const s = typeof v === "string" ? v.toLowerCase() : v;
  if (s === "buy") return "long";
  if (s === "sell") return "short";
  return enumValue(HOLD_SIDES, v, "holdSide");
}

export function futuresPlanRoutes(app: FastifyInstance, deps: ExchangeRouteDeps & { futures: Futures }): void {
  const fx = deps.futures;
  const plans = fx.plans;
  const route = futuresRoute(app, deps);
  const json = (p: FxPlan) => planJson(fx.svc, p);

  route("POST", MIX_PRIVATE.placePlanOrder, 10, true, async (req, p, env) => {
    const b = fields(PlaceSchema, req.body, ["size", "triggerPrice"]);
    const c = bodyContract(b);
    const planType = planTypeOf(b.planType, "normal_plan");
    if (planType !== "normal_plan" && planType !== "track_plan")
      throw new GatewayError(
        FX_CODES.paramInvalid,
        "place-plan-order takes planType normal_plan or track_plan: use place-tpsl-order for TP/SL",
      );
    if (!isAbsent(b.stopSurplusExecutePrice) && Number(b.stopSurplusExecutePrice) !== 0)
      throw new GatewayError(FX_CODES.paramInvalid, "A plan's take-profit runs at market: stopSurplusExecutePrice is not supported");
    if (!isAbsent(b.stopLossExecutePrice) && Number(b.stopLossExecutePrice) !== 0)
      throw new GatewayError(FX_CODES.paramInvalid, "A plan's stop-loss runs at market: stopLossExecutePrice is not supported");
    const order = toRequest(c, { ...b, force: undefined }, b.marginMode, p);
    const plan = plans.place(env, p.userId, {
      planType,
      callbackPpm: planType === "track_plan" ? callbackPpm(b.callbackRatio, "callbackRatio") : undefined,
      symbol: c.symbol,
      side: order.side,
      tradeSide: order.tradeSide,
      reduceOnly: order.reduceOnly,
      orderType: order.orderType,
      executePrice: order.price,
      size: order.size,
      triggerPrice: priceTicks(c, b.triggerPrice, "triggerPrice"),
      triggerType: triggerTypeOf(b.triggerType),
      clientOid: order.clientOid,
      marginMode: order.marginMode,
      presetTp: optionalTicks(c, b.stopSurplusTriggerPrice, "stopSurplusTriggerPrice"),
      presetSl: optionalTicks(c, b.stopLossTriggerPrice, "stopLossTriggerPrice"),
      source: order.source,
    });
    return ok({ orderId: plan.id, clientOid: plan.clientOid });
  });

  route("POST", MIX_PRIVATE.modifyPlanOrder, 10, true, async (req, p, env) => {
    const b = parseFields(ModifySchema, req.body);
    const c = bodyContract(b);
    requireOrderRef(b);
    const types = isAbsent(b.planType) ? ALL_TYPES : typesOf(b.planType);
    // "0" removes a plan's preset take-profit or stop-loss; absent keeps it
    const preset = (v: string | undefined, name: string) => (v === undefined ? undefined : Number(v) === 0 ? 0 : priceTicks(c, v, name));
    const plan = plans.modify(env, p.userId, { orderId: b.orderId, clientOid: b.orderId ? undefined : b.clientOid }, types, {
      triggerPrice: b.newTriggerPrice === undefined ? undefined : priceTicks(c, b.newTriggerPrice, "newTriggerPrice"),
      triggerType: isAbsent(b.newTriggerType) ? undefined : triggerTypeOf(b.newTriggerType, "newTriggerType"),
      size: b.newSize === undefined ? undefined : sizeLots(c, b.newSize, "newSize"),
      executePrice: b.newPrice === undefined ? undefined : priceTicks(c, b.newPrice, "newPrice"),
      presetTp: preset(b.newStopSurplusTriggerPrice, "newStopSurplusTriggerPrice"),
      presetSl: preset(b.newStopLossTriggerPrice, "newStopLossTriggerPrice"),
      callbackPpm: callbackPpm(b.newCallbackRatio, "newCallbackRatio"),
    });
    if (plan.symbol !== c.symbol) throw new GatewayError(FX_CODES.paramInvalid, "The plan order is of another symbol");
    return ok({ orderId: plan.id, clientOid: plan.clientOid });
  });

  /** Bitget's modify-tpsl-order: a live TP/SL (or trailing stop) of the caller, its trigger, execution price, size and callback (docs/decisions/318). */
  route("POST", MIX_PRIVATE.modifyTpslOrder, 10, true, async (req, p, env) => {
    const b = fields(ModifyTpslSchema, req.body, ["triggerPrice"]);
    const c = bodyContract(b);
    requireOrderRef(b);
    const ref = { orderId: b.orderId, clientOid: b.orderId ? undefined : b.clientOid };
    const found = plans.list(env, p.userId, { types: TPSL_TYPES, symbol: c.symbol, ...ref })[0];
    if (!found) throw new GatewayError(FX_CODES.planNotFound, "Plan order does not exist");
    const whole = found.planType === "pos_profit" || found.planType === "pos_loss";
    const plan = plans.modify(env, p.userId, { orderId: found.id }, TPSL_TYPES, {
      triggerPrice: priceTicks(c, b.triggerPrice, "triggerPrice"),
      triggerType: isAbsent(b.triggerType) ? undefined : triggerTypeOf(b.triggerType),
      // "" or 0 runs it at market
      executePrice: b.executePrice === undefined ? 0 : executeTicks(c, b.executePrice, "executePrice"),
      // a whole-position TP/SL closes what the position holds: its size is ""
      size: whole || isAbsent(b.size) ? undefined : sizeLots(c, b.size),
      callbackPpm: found.planType === "moving_plan" ? callbackPpm(b.rangeRate, "rangeRate") : undefined,
    });
    return ok({ orderId: plan.id, clientOid: plan.clientOid });
  });

  route("POST", MIX_PRIVATE.cancelPlanOrder, 10, true, async (req, p, env) => {
    const b = parseFields(CancelSchema, req.body);
    const pt = productTypeOf(b.productType);
    if (b.marginCoin !== undefined && b.marginCoin.toUpperCase() !== "USDT")
      throw new GatewayError(FX_CODES.paramInvalid, "Parameter marginCoin must be USDT");
    const symbol = isAbsent(b.symbol) ? undefined : contractOf(b.symbol, pt).symbol;
    const types = typesOf(b.planType);
    const successList: Array<{ orderId: string; clientOid: string }> = [];
    const failureList: Array<{ orderId: string; clientOid: string; errorMsg: string; errorCode: string }> = [];
    if (pt !== "USDT-FUTURES") return ok({ successList, failureList });
    if (!b.orderIdList || b.orderIdList.length === 0) {
      for (const x of plans.cancelAll(env, p.userId, types, symbol)) successList.push({ orderId: x.id, clientOid: x.clientOid });
      return ok({ successList, failureList });
    }
    for (const ref of b.orderIdList) {
      try {
        requireOrderRef(ref);
        const found = plans.list(env, p.userId, {
          types,
          symbol,
          orderId: ref.orderId,
          clientOid: ref.orderId ? undefined : ref.clientOid,
        });
        if (found.length === 0) throw new EngineError(FX_CODES.planNotFound, "Plan order does not exist");
        const x = plans.cancel(env, p.userId, { orderId: (found[0] as FxPlan).id }, types);
        successList.push({ orderId: x.id, clientOid: x.clientOid });
      } catch (err) {
        if (!(err instanceof EngineError) && !(err instanceof GatewayError)) throw err;
        failureList.push({ orderId: ref.orderId ?? "", clientOid: ref.clientOid ?? "", errorMsg: err.message, errorCode: err.code });
      }
    }
    return ok({ successList, failureList });
  });

  route("POST", MIX_PRIVATE.placeTpslOrder, 10, true, async (req, p, env) => {
    const b = fields(TpslSchema, req.body, ["triggerPrice"]);
    const c = bodyContract(b);
    const planType = planTypeOf(b.planType);
    if (planType === "normal_plan" || planType === "track_plan")
      throw new GatewayError(FX_CODES.paramInvalid, "place-tpsl-order takes a TP/SL planType: use place-plan-order");
    const whole = planType === "pos_profit" || planType === "pos_loss";
    const [plan] = plans.placeTpsl(env, p.userId, [
      {
        symbol: c.symbol,
        planType,
        holdSide: holdSideOf(b.holdSide),
        triggerPrice: priceTicks(c, b.triggerPrice, "triggerPrice"),
        triggerType: tpslTriggerTypeOf(b.triggerType),
        executePrice: executeTicks(c, b.executePrice, "executePrice"),
        size: whole || b.size === undefined ? 0 : sizeLots(c, b.size),
        callbackPpm: planType === "moving_plan" ? callbackPpm(b.rangeRate, "rangeRate") : undefined,
        clientOid: clientOidOf(b.clientOid),
        source: sourceOf(p),
      },
    ]);
    return ok({ orderId: (plan as FxPlan).id, clientOid: (plan as FxPlan).clientOid });
  });

  route("POST", MIX_PRIVATE.placePosTpsl, 10, true, async (req, p, env) => {
    const b = parseFields(PosTpslSchema, req.body);
    const c = bodyContract(b);
    const holdSide = holdSideOf(b.holdSide);
    const inputs: TpslInput[] = [];
    for (const [kind, trigger, size, type, execute] of [
      ["profit", b.stopSurplusTriggerPrice, b.stopSurplusSize, b.stopSurplusTriggerType, b.stopSurplusExecutePrice],
      ["loss", b.stopLossTriggerPrice, b.stopLossSize, b.stopLossTriggerType, b.stopLossExecutePrice],
    ] as const) {
      if (trigger === undefined) continue;
      const name = kind === "profit" ? "stopSurplus" : "stopLoss";
      // with a size it is a partial TP/SL (profit_plan, loss_plan), without one the whole position's
      inputs.push({
        symbol: c.symbol,
        planType: size === undefined ? (kind === "profit" ? "pos_profit" : "pos_loss") : kind === "profit" ? "profit_plan" : "loss_plan",
        holdSide,
        triggerPrice: priceTicks(c, trigger, `${name}TriggerPrice`),
        triggerType: tpslTriggerTypeOf(type, `${name}TriggerType`),
        executePrice: executeTicks(c, execute, `${name}ExecutePrice`),
        size: size === undefined ? 0 : sizeLots(c, size, `${name}Size`),
        clientOid: "",
        source: sourceOf(p),
      });
    }
    if (inputs.length === 0)
      throw new GatewayError(FX_CODES.paramEmpty, "Parameter stopSurplusTriggerPrice or stopLossTriggerPrice cannot be empty");
    return ok(plans.placeTpsl(env, p.userId, inputs).map((x) => ({ orderId: x.id, clientOid: x.clientOid })));
  });

  /** Bitget's plan lists: `planType` required (normal_plan, track_plan, profit_loss), newest first, paged by `idLessThan`. */
  const listPlans = (pending: boolean) => async (req: { query: unknown }, p: Principal, env: Env) => {
    const q = req.query as Query;
    const pt = qProductType(q);
    const kind = enumValue(MIX_PLAN_QUERY_TYPES, qString(q, "planType", true, 16), "planType");
    const sym = qSymbolFilter(q, pt);
    const limit = qInt(q, "limit", { min: 1, max: 100, def: 100, clamp: true }) as number;
    const orderId = qString(q, "orderId", false, 32);
    const clientOid = orderId ? undefined : qString(q, "clientOid", false, 64);
    const before = qInt(q, "idLessThan", { min: 0, max: 9e15 }) ?? Number.MAX_SAFE_INTEGER;
    const { start, end } = qTimeWindow(q);
    const types = kind === "profit_loss" ? TPSL_TYPES : kind === "normal_plan" ? NORMAL : TRACK;
    let list: FxPlan[] = [];
    if (pt === "USDT-FUTURES" && types.size > 0) {
      if (pending)
        list = plans
          .list(env, p.userId, { types, symbol: sym, orderId, clientOid })
          .filter((x) => x.seq < before && x.cTime >= start && x.cTime <= end)
          .slice(0, limit);
      else {
        const status = qString(q, "planStatus", false, 16);
        list = plans.store.history({
          env,
          userId: p.userId,
          types: [...types],
          symbol: sym,
          orderId,
          clientOid,
          status:
            status === undefined
              ? undefined
              : enumValue(
                  ["executed", "fail_execute", "cancelled"] as const,
                  status === "fail_trigger" ? "fail_execute" : status,
                  "planStatus",
                ),
          before,
          start,
          end,
          limit,
        });
      }
    }
    return ok({ entrustedList: list.length ? list.map(json) : null, endId: list.length ? (list[list.length - 1] as FxPlan).id : "" });
  };
  route("GET", MIX_PRIVATE.ordersPlanPending, 10, false, listPlans(true));
  route("GET", MIX_PRIVATE.ordersPlanHistory, 10, false, listPlans(false));
}
