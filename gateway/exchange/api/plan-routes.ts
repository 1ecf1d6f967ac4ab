/** Bitget v2 spot plan (trigger) order endpoints. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { EX_CODES, V2 } from "../../../protocol/bitget.ts";
import { GatewayError, ok } from "../../envelope.ts";
import type { Plan } from "../algo.ts";
import { rowToPlan } from "../plan-store.ts";
import { formatScaled } from "../decimal.ts";
import { instrument, type Instrument } from "../instruments.ts";
import { resolveInstrument } from "../order-request.ts";
import type { Exchange } from "../install.ts";
import { decimal, optional, parseFields, text } from "./fields.ts";
import { engineCall, qInt, qString, type Query } from "./query.ts";
import { envOf, requireTrade } from "./auth.ts";

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
  orderId: optional(text(32)),
  clientOid: optional(text(64)),
  triggerPrice: optional(decimal),
  orderType: optional(text(16)),
  executePrice: optional(decimal),
  size: optional(decimal),
});
const CancelSchema = z.object({ orderId: optional(text(32)), clientOid: optional(text(64)) });

export function planJson(p: Plan) {
  const inst = instrument(p.symbol) as Instrument;
  return {
    orderId: p.id,
    clientOid: p.clientOid,
    symbol: p.symbol,
    size: p.size,
    executePrice: p.orderType === "limit" ? formatScaled(p.executePrice, inst.pricePrecision) : "0",
    triggerPrice: formatScaled(p.triggerPrice, inst.pricePrecision),
    status: p.status === "pending" ? "not_trigger" : p.status,
    orderType: p.orderType,
    side: p.side,
    planType: p.planType,
    triggerType: p.triggerType,
    tpslType: p.tpslType,
    executeOrderId: p.orderId,
    failReason: p.failReason,
    enterPointSource: p.source,
    cTime: String(p.cTime),
    uTime: String(p.uTime),
  };
}

export function planRoutes(app: FastifyInstance, ex: Exchange): void {
  const route = (method: "GET" | "POST", url: string, perSecond: number, trade: boolean, handler: (body: unknown, q: Query, userId: string, env: "live" | "paper", via: string) => Promise<unknown>) => {
    app.route({
      method,
      url,
      handler: async (req) => {
        const p = ex.auth.authenticate(req);
        if (trade) requireTrade(p);
        ex.limiter.take(`uid:${p.userId}:${url}`, perSecond);
        return engineCall(() => handler(req.body ?? {}, req.query as Query, p.userId, envOf(req), p.via === "apikey" ? "API" : "WEB"));
      },
    });
  };

  route("POST", V2.placePlan, 10, true, async (raw, _q, user, env, source) => {
    const body = parseFields(PlaceSchema, raw);
    const p = await ex.algo.place(env, user, { ...body, tpslType: "normal" }, source);
    return ok({ orderId: p.id, clientOid: p.clientOid });
  });

  route("POST", V2.modifyPlan, 10, true, async (raw, _q, user, env) => {
    const body = parseFields(ModifySchema, raw);
    if (!body.orderId && !body.clientOid) throw new GatewayError(EX_CODES.paramEmpty, "Parameter orderId or clientOid cannot be empty");
    const p = await ex.algo.modify(env, user, body, body);
    return ok({ orderId: p.id, clientOid: p.clientOid });
  });

  route("POST", V2.cancelPlan, 10, true, async (raw, _q, user, env) => {
    const body = parseFields(CancelSchema, raw);
    if (!body.orderId && !body.clientOid) throw new GatewayError(EX_CODES.paramEmpty, "Parameter orderId or clientOid cannot be empty");
    await ex.algo.cancel(env, user, body);
    return ok({ result: "success" });
  });

  route("GET", V2.currentPlan, 20, false, async (_b, q, user, env) => {
    const sym = qString(q, "symbol", false, 32);
    const symbol = sym === undefined ? undefined : resolveInstrument(sym).symbol;
    const limit = qInt(q, "limit", { min: 1, max: 100, def: 20, clamp: true }) as number;
    const before = qInt(q, "idLessThan", { min: 0, max: 9e15 }) ?? Number.MAX_SAFE_INTEGER;
    const list = ex.algo.list(env, user, symbol, "normal").filter((p) => p.seq < before);
    const page = list.slice(0, limit);
    return ok({ nextFlag: list.length > limit, idLessThan: page[page.length - 1]?.id ?? "", orderList: page.map(planJson) });
  });

  const history = ex.ctx.db.prepare(`SELECT * FROM ex_plans WHERE env = @env AND user_id = @user AND status IN ('executed', 'fail_execute', 'cancelled')
    AND tpsl_type = 'normal' AND symbol = @symbol AND c_time >= @start AND c_time <= @end AND seq < @before ORDER BY seq DESC LIMIT @limit`);
  route("GET", V2.historyPlan, 20, false, async (_b, q, user, env) => {
    const symbol = resolveInstrument(qString(q, "symbol", true, 32)).symbol;
    const start = qInt(q, "startTime", { min: 0, max: 9e15 });
    const end = qInt(q, "endTime", { min: 0, max: 9e15 });
    if (start === undefined || end === undefined) throw new GatewayError(EX_CODES.paramEmpty, "Parameter startTime and endTime cannot be empty");
    const limit = qInt(q, "limit", { min: 1, max: 100, def: 100, clamp: true }) as number;
    const rows = history.all({ env, user, symbol, start, end, before: qInt(q, "idLessThan", { min: 0, max: 9e15 }) ?? Number.MAX_SAFE_INTEGER, limit: limit + 1 }) as Array<Record<string, unknown>>;
    const page = rows.slice(0, limit).map(rowToPlan);
    return ok({ nextFlag: rows.length > limit, idLessThan: page[page.length - 1]?.id ?? "", orderList: page.map(planJson) });
  });
}
