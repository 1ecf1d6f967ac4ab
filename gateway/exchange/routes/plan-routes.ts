/** Bitget v2 spot plan (trigger) order endpoints. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { EX_CODES, V2 } from "../../../protocol/bitget.ts";
import { GatewayError, ok } from "../../envelope.ts";
import { planJson } from "../format.ts";
import type { Plan } from "../plan-store.ts";
import { resolveInstrument } from "../order-request.ts";
import { decimal, optional, ORDER_REF, parseFields, requireOrderRef, text } from "../fields.ts";
import { privateRoute, sourceOf, type ExchangeRouteDeps } from "./private-route.ts";
import { qInt, qString, type Query } from "./query.ts";

/** Bitget's plan examples send triggerPrice and size as JSON numbers; `""`/`null` optionals are absent (docs/decisions/307). */
const PlaceSchema = z.object({
  symbol: text(32),
  side: text(16),
  triggerPrice: decimal,
  orderType: text(16),
  executePrice: optional(decimal),
  planType: optional(text(16)),
  size: decimal,
  triggerType: optional(text(16)),
  clientOid: optional(text(64)),
  force: optional(text(16)),
  stpMode: optional(text(16)),
});
const ModifySchema = z.object({
  ...ORDER_REF,
  triggerPrice: optional(decimal),
  orderType: optional(text(16)),
  executePrice: optional(decimal),
  size: optional(decimal),
});
const CancelSchema = z.object(ORDER_REF);
const BatchCancelSchema = z.object({ symbolList: optional(z.array(text(32)).max(100)) });

export function planRoutes(app: FastifyInstance, deps: ExchangeRouteDeps): void {
  const plans = deps.exchange.plans;
  const route = privateRoute(app, deps);

  route("POST", V2.placePlan, 10, true, async (req, p, env) => {
    const body = parseFields(PlaceSchema, req.body ?? {});
    const plan = await plans.place(env, p.userId, { ...body, tpslType: "normal" }, sourceOf(p));
    return ok({ orderId: plan.id, clientOid: plan.clientOid });
  });

  route("POST", V2.modifyPlan, 10, true, async (req, p, env) => {
    const body = parseFields(ModifySchema, req.body ?? {});
    requireOrderRef(body);
    const plan = await plans.modify(env, p.userId, body, body);
    return ok({ orderId: plan.id, clientOid: plan.clientOid });
  });

  route("POST", V2.cancelPlan, 10, true, async (req, p, env) => {
    const body = parseFields(CancelSchema, req.body ?? {});
    requireOrderRef(body);
    await plans.cancel(env, p.userId, body);
    return ok({ result: "success" });
  });

  /**
   * Bitget's batch-cancel-plan-order (docs/decisions/309): the live plan orders of the pairs in
   * `symbolList`, or of every pair when it is absent or empty, in one commit.
   */
  route("POST", V2.batchCancelPlan, 5, true, async (req, p, env) => {
    const body = parseFields(BatchCancelSchema, req.body ?? {});
    const list = body.symbolList ?? [];
    const symbols = list.length ? new Set(list.map((s) => resolveInstrument(s).symbol)) : undefined;
    const cancelled = await plans.cancelMany(env, p.userId, symbols);
    return ok({ successList: cancelled.map((x) => ({ orderId: x.id, clientOid: x.clientOid })), failureList: [] });
  });

  /** Bitget's page of plans: `nextFlag` and the id to ask below for the next page. */
  const page = (list: Plan[], limit: number) => {
    const shown = list.slice(0, limit);
    return ok({ nextFlag: list.length > limit, idLessThan: shown[shown.length - 1]?.id ?? "", orderList: shown.map(planJson) });
  };

  route("GET", V2.currentPlan, 20, false, async (req, p, env) => {
    const q = req.query as Query;
    const sym = qString(q, "symbol", false, 32);
    const symbol = sym === undefined ? undefined : resolveInstrument(sym).symbol;
    const limit = qInt(q, "limit", { min: 1, max: 100, def: 20, clamp: true }) as number;
    const before = qInt(q, "idLessThan", { min: 0, max: 9e15 }) ?? Number.MAX_SAFE_INTEGER;
    return page(
      plans.list(env, p.userId, symbol, "normal").filter((x) => x.seq < before),
      limit,
    );
  });

  route("GET", V2.historyPlan, 20, false, async (req, p, env) => {
    const q = req.query as Query;
    const symbol = resolveInstrument(qString(q, "symbol", true, 32)).symbol;
    const start = qInt(q, "startTime", { min: 0, max: 9e15 });
    const end = qInt(q, "endTime", { min: 0, max: 9e15 });
    if (start === undefined || end === undefined)
      throw new GatewayError(EX_CODES.paramEmpty, "Parameter startTime and endTime cannot be empty");
    const limit = qInt(q, "limit", { min: 1, max: 100, def: 100, clamp: true }) as number;
    const before = qInt(q, "idLessThan", { min: 0, max: 9e15 }) ?? Number.MAX_SAFE_INTEGER;
    return page(plans.history({ env, user: p.userId, symbol, start, end, before, limit: limit + 1 }), limit);
  });
}
