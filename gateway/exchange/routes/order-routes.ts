/** Bitget v2 spot trade and account endpoints (API-key or web-session authenticated). */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { BATCH_MODES, EX_CODES, TPSL_TYPES, V2 } from "../../../protocol/bitget.ts";
import type { Principal } from "../../request.ts";
import { GatewayError, ok } from "../../envelope.ts";
import { EngineError, type Env } from "../engine/types.ts";
import { instrument, INSTRUMENTS } from "../instruments.ts";
import { accountKey } from "../../margin/accounts.ts";
import { parseScaled } from "../decimal.ts";
import { PLACE_ORDER_TEXT, PlaceOrderSchema, resolveInstrument, type PlaceOrderBody } from "../order-request.ts";
import { privateRoute, sourceOf, type ExchangeRouteDeps } from "./private-route.ts";
import { fillFeeDetail, lots, openOrderJson, orderJson, planJson, price, units } from "../format.ts";
import { decimal, enumValue, isAbsent, optional, ORDER_REF, parseFields, requireOrderRef, shown, text, withTextShape } from "../fields.ts";
import { qIdCursor, qInt, qString, qTimeWindow, queryEnumOf, type Query } from "./query.ts";

type BatchMode = (typeof BATCH_MODES)[number];

const MAX_BATCH = 50;
const CancelSchema = z.object({
  symbol: optional(text(32)),
  ...ORDER_REF,
  tpslType: optional(text(16)),
});
/** Items are parsed one by one, so a bad item fails alone (Bitget's failureList), not the batch. */
const BatchSchema = z.object({
  symbol: optional(text(32)),
  batchMode: optional(text(16)),
  orderList: z.array(z.unknown()).min(1).max(MAX_BATCH),
});
const SymbolSchema = z.object({ symbol: text(32) });
/** Bitget's cancel-replace-order body; `orderType` (ccxt sends it) is taken and ignored: the new order is a limit order. */
const ReplaceSchema = z.object({
  symbol: text(32),
  ...ORDER_REF,
  price: optional(decimal),
  size: decimal,
  newClientOid: optional(text(64)),
  orderType: optional(text(16)),
  presetTakeProfitPrice: optional(decimal),
  executeTakeProfitPrice: optional(decimal),
  presetStopLossPrice: optional(decimal),
  executeStopLossPrice: optional(decimal),
});
const BatchOrderSchema = withTextShape(PlaceOrderSchema.extend({ symbol: optional(text(32)) }), {
  ...PLACE_ORDER_TEXT,
  symbol: { max: 32, required: false },
});

type Done = { orderId: string; clientOid: string };
type Failed = Done & { errorMsg: string; errorCode: string };

/** Bitget's batch answer, its lists in request order whatever order the items finish in. */
async function batch<T>(items: readonly T[], run: (item: T) => Promise<Done>, echo: (item: T) => Done) {
  const results = await Promise.all(
    items.map(async (item): Promise<Done | Failed> => {
      try {
        return await run(item);
      } catch (err) {
        if (err instanceof EngineError || err instanceof GatewayError) return { ...echo(item), errorMsg: err.message, errorCode: err.code };
        throw err;
      }
    }),
  );
  return {
    successList: results.filter((r): r is Done => !("errorCode" in r)),
    failureList: results.filter((r): r is Failed => "errorCode" in r),
  };
}

/** What a failed item echoes back: its ids when they were strings. */
function echoIds(raw: unknown): Done {
  const o = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  return { orderId: typeof o.orderId === "string" ? o.orderId : "", clientOid: typeof o.clientOid === "string" ? o.clientOid : "" };
}

/**
 * The symbol of one batch item. `multiple` mode: the item's own symbol, required. `single` mode
 * (the default): the batch's symbol; Bitget ignores the item's, but one that names another pair is
 * refused here rather than silently traded on the batch's pair.
 */
function itemSymbol(mode: BatchMode, outer: string | undefined, inner: string | undefined): string {
  if (mode === "multiple") return resolveInstrument(inner).symbol;
  if (outer === undefined) return resolveInstrument(inner).symbol;
  const symbol = resolveInstrument(outer).symbol;
  if (inner !== undefined && instrument(inner)?.symbol !== symbol)
    throw new EngineError(EX_CODES.paramInvalid, `Parameter symbol is invalid: ${shown(inner)} differs from the batch's ${symbol}`);
  return symbol;
}

/** Preset TP/SL prices of a new order: positive, on the pair's tick (checked before anything is placed). */
function checkPresets(body: { symbol?: string; presetTakeProfitPrice?: string; presetStopLossPrice?: string }): void {
  const inst = resolveInstrument(body.symbol);
  for (const [name, v] of [
    ["presetTakeProfitPrice", body.presetTakeProfitPrice],
    ["presetStopLossPrice", body.presetStopLossPrice],
  ] as const) {
    if (!isAbsent(v) && (parseScaled(v, inst.pricePrecision) ?? 0n) <= 0n)
      throw new EngineError(
        EX_CODES.paramCheck,
        `Parameter verification exception: ${name} must be a positive decimal with at most ${inst.pricePrecision} decimals`,
      );
  }
}

/**
 * The spot-engine accounts a spot order read looks in: the user's spot account, then its margin
 * accounts (docs/decisions/320), crossed and isolated, so a margin order reads back through
 * orderInfo as clients read it (docs/decisions/309). Margin first when the query names a margin mode.
 */
function readableAccounts(userId: string, marginMode: string | undefined): string[] {
  const margin = [accountKey(userId, "crossed"), ...INSTRUMENTS.map((i) => accountKey(userId, "isolated", i.symbol))];
  if (marginMode === undefined) return [userId, ...margin];
  if (/^isolated$/i.test(marginMode)) return [...margin.slice(1), margin[0] as string, userId];
  return [...margin, userId];
}

export function orderRoutes(app: FastifyInstance, deps: ExchangeRouteDeps): void {
  const ex = deps.exchange;
  const svc = ex.svc;
  const route = privateRoute(app, deps);
  const source = sourceOf;
  const symbolOf = (s: string | undefined) => resolveInstrument(s).symbol;

  /** A normal order (with optional preset TP/SL) or, with `tpslType: tpsl`, a TP/SL trigger order. */
  const place = async (body: PlaceOrderBody, p: Principal, env: Env): Promise<Done> => {
    if (enumValue(TPSL_TYPES, body.tpslType, "tpslType", "normal") === "tpsl") {
      const plan = await ex.plans.place(
        env,
        p.userId,
        {
          symbol: body.symbol,
          side: body.side,
          triggerPrice: body.triggerPrice,
          orderType: body.orderType,
          executePrice: body.price,
          size: body.size,
          clientOid: body.clientOid,
          tpslType: "tpsl",
        },
        source(p),
      );
      return { orderId: plan.id, clientOid: plan.clientOid };
    }
    checkPresets(body);
    const o = await svc.placeOrder(env, p.userId, body, source(p));
    if (body.presetTakeProfitPrice || body.presetStopLossPrice)
      await ex.plans.preset(o, body.presetTakeProfitPrice || undefined, body.presetStopLossPrice || undefined);
    return { orderId: o.id, clientOid: o.clientOid };
  };

  route("POST", V2.placeOrder, 10, true, async (req, p, env) => {
    const body = parseFields(PlaceOrderSchema, req.body);
    return ok(await place(body, p, env));
  });

  const cancel = async (body: z.infer<typeof CancelSchema>, symbol: () => string, p: Principal, env: Env): Promise<Done> => {
    requireOrderRef(body);
    if (enumValue(TPSL_TYPES, body.tpslType, "tpslType", "normal") === "tpsl") {
      // Bitget: the symbol is optional for a TP/SL order; when given it must be the order's
      const found = ex.plans.find(env, p.userId, body);
      if (!found || found.tpslType !== "tpsl" || (body.symbol !== undefined && found.symbol !== symbolOf(body.symbol)))
        throw new GatewayError(EX_CODES.orderNotFound, "The order does not exist");
      const plan = await ex.plans.cancel(env, p.userId, body);
      return { orderId: plan.id, clientOid: plan.clientOid };
    }
    const o = await svc.cancelOrder(env, p.userId, symbol(), body);
    return { orderId: o.id, clientOid: o.clientOid };
  };

  route("POST", V2.cancelOrder, 10, true, async (req, p, env) => {
    const body = parseFields(CancelSchema, req.body);
    return ok(await cancel(body, () => symbolOf(body.symbol), p, env));
  });

  /**
   * Bitget's cancel-replace-order (docs/decisions/309): cancels the order, then places a limit order
   * of the same side with the new price and size. A cancel that fails is an error and places nothing;
   * a new order refused after the cancel is `success: "failure"` with the reason in `msg`.
   */
  route("POST", V2.cancelReplaceOrder, 5, true, async (req, p, env) => {
    const body = parseFields(ReplaceSchema, req.body);
    requireOrderRef(body);
    const symbol = symbolOf(body.symbol);
    if (isAbsent(body.price)) throw new EngineError(EX_CODES.paramEmpty, "Parameter price cannot be empty");
    checkPresets(body);
    const newClientOid = isAbsent(body.newClientOid) ? undefined : body.newClientOid;
    const r = await svc.replaceOrder(
      env,
      p.userId,
      symbol,
      body,
      { price: body.price, size: body.size, clientOid: newClientOid },
      source(p),
    );
    if (!r.placed) return ok({ orderId: null, clientOid: newClientOid ?? null, success: "failure", msg: r.refused?.message ?? "" });
    if (body.presetTakeProfitPrice || body.presetStopLossPrice)
      await ex.plans.preset(r.placed, body.presetTakeProfitPrice || undefined, body.presetStopLossPrice || undefined);
    return ok({ orderId: r.placed.id, clientOid: r.placed.clientOid, success: "success", msg: null });
  });

  /** A batch endpoint: each item is parsed and run alone under the batch's symbol rule (Bitget's successList/failureList). */
  const batchRoute = <T extends { symbol?: string }>(
    url: string,
    perSecond: number,
    schema: z.ZodType<T, z.ZodTypeDef, unknown>,
    run: (item: T, symbol: () => string, p: Principal, env: Env) => Promise<Done>,
    echo: (raw: unknown) => Done,
  ) =>
    route("POST", url, perSecond, true, async (req, p, env) => {
      const body = parseFields(BatchSchema, req.body);
      const mode = enumValue(BATCH_MODES, body.batchMode, "batchMode", "single");
      return ok(
        await batch(
          body.orderList,
          (raw) => {
            const item = parseFields(schema, raw);
            return run(item, () => itemSymbol(mode, body.symbol, item.symbol), p, env);
          },
          echo,
        ),
      );
    });
  batchRoute(
    V2.batchOrders,
    5,
    BatchOrderSchema,
    (item, symbol, p, env) => place({ ...item, symbol: symbol() }, p, env),
    (raw) => ({ orderId: "", clientOid: echoIds(raw).clientOid }),
  );
  batchRoute(V2.batchCancel, 10, CancelSchema, cancel, echoIds);

  route("POST", V2.cancelSymbol, 5, true, async (req, p, env) => {
    const body = parseFields(SymbolSchema, req.body);
    const symbol = symbolOf(body.symbol);
    await svc.cancelSymbol(env, p.userId, symbol);
    return ok({ symbol });
  });

  route("GET", V2.orderInfo, 20, false, async (req, p, env) => {
    const q = req.query as Query;
    const orderId = qString(q, "orderId", false, 32);
    const clientOid = qString(q, "clientOid", false, 64);
    requireOrderRef({ orderId, clientOid });
    const marginMode = qString(q, "marginMode", false, 16);
    for (const account of readableAccounts(p.userId, marginMode)) {
      const o = svc.findOrder(env, account, { orderId, clientOid });
      // a margin account's key is internal: the row names the user
      if (o) return ok([orderJson(account === p.userId ? o : { ...o, userId: p.userId })]);
    }
    throw new GatewayError(EX_CODES.orderNotFound, "The order does not exist");
  });

  route("GET", V2.unfilled, 20, false, async (req, p, env) => {
    const q = req.query as Query;
    const sym = qString(q, "symbol", false, 32);
    const symbol = sym === undefined ? undefined : symbolOf(sym);
    const limit = qInt(q, "limit", { min: 1, max: 100, def: 100, clamp: true }) as number;
    const before = qInt(q, "idLessThan", { min: 0, max: 9e15 });
    const start = qInt(q, "startTime", { min: 0, max: 9e15 });
    const end = qInt(q, "endTime", { min: 0, max: 9e15 });
    const orderId = qString(q, "orderId", false, 32);
    const tpsl = queryEnumOf(q, TPSL_TYPES, "tpslType");
    if (tpsl === "tpsl") {
      const plans = ex.plans
        .list(env, p.userId, symbol, "tpsl")
        .filter((x) => (before === undefined || x.seq < before) && (!orderId || x.id === orderId))
        .slice(0, limit);
      return ok(plans.map(planJson));
    }
    const list = svc
      .openOrders(env, p.userId, symbol)
      .filter(
        (o) =>
          (before === undefined || o.seq < before) &&
          (start === undefined || o.cTime >= start) &&
          (end === undefined || o.cTime <= end) &&
          (!orderId || o.id === orderId),
      )
      .slice(0, limit);
    return ok(list.map(openOrderJson));
  });

  route("GET", V2.historyOrders, 20, false, async (req, p, env) => {
    const q = req.query as Query;
    const sym = qString(q, "symbol", false, 32);
    const orders = svc.store.orderHistory({
      env,
      user: p.userId,
      symbol: sym === undefined ? null : symbolOf(sym),
      before: qInt(q, "idLessThan", { min: 0, max: 9e15 }) ?? Number.MAX_SAFE_INTEGER,
      ...qTimeWindow(q),
      orderId: qString(q, "orderId", false, 32) ?? null,
      limit: qInt(q, "limit", { min: 1, max: 100, def: 100, clamp: true }) as number,
    });
    return ok(orders.map(orderJson));
  });

  route("GET", V2.tradeFills, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    const symbol = symbolOf(qString(q, "symbol", true, 32));
    const inst = instrument(symbol)!;
    const rows = svc.store.fills({
      env,
      user: p.userId,
      symbol,
      orderId: qString(q, "orderId", false, 32) ?? null,
      ...qTimeWindow(q),
      before: qIdCursor(q),
      limit: qInt(q, "limit", { min: 1, max: 100, def: 100, clamp: true }) as number,
    });
    return ok(
      rows.map((r) => ({
        userId: p.userId,
        symbol,
        orderId: r.order_id,
        tradeId: r.trade_id,
        orderType: r.order_type,
        side: r.side,
        priceAvg: price(inst, Number(r.price)),
        size: lots(inst, Number(r.size)),
        amount: units(r.amount as bigint),
        feeDetail: fillFeeDetail(r.fee_coin as string, r.fee as bigint, Number(r.deduct ?? 0) === 1),
        tradeScope: r.scope,
        // the order's source, so a copy's fill is known as one (docs/decisions/362)
        enterPointSource: (r.source as string | null) ?? "API",
        cTime: String(r.ts),
        uTime: String(r.ts),
      })),
    );
  });
}
