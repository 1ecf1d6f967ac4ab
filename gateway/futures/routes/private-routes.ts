/** Bitget v2 mix account, position and order endpoints, and the spot/futures transfer (docs/decisions/312). */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { HOLD_SIDES, MARGIN_MODES, MIX_PRIVATE, POS_MODES, TRANSFER_ACCOUNT_TYPES } from "../../../protocol/mix.ts";
import { GatewayError, ok } from "../../envelope.ts";
import { parseScaled } from "../../exchange/decimal.ts";
import { canonical, decimal, enumValue, isAbsent, optional, parseFields, text } from "../../exchange/fields.ts";
import { LEDGER_SCALE } from "../../exchange/instruments.ts";
import { CLIENT_OID } from "../../exchange/order-request.ts";
import { sourceOf, type ExchangeRouteDeps, type TransferHandler } from "../../exchange/routes/private-route.ts";
import { qIdCursor, qInt, qString, qTimeWindow, type Query } from "../../exchange/routes/query.ts";
import { EngineError, type Env } from "../../exchange/engine/types.ts";
import type { Principal } from "../../request.ts";
import { FX_CODES } from "../codes.ts";
import type { Contract } from "../contracts.ts";
import { accountJson, billJson, fillJson, historyPositionJson, orderJson, positionJson } from "../private-format.ts";
import type { Futures } from "../futures.ts";
import type { FxOrder } from "../ledger.ts";
import { marketCloseRequest } from "../service.ts";
import {
  Base,
  bodyContract,
  checkMarginCoin,
  fields,
  MarginCoin,
  OrderFields,
  presetsOf,
  toRequest,
  type OrderFieldValues,
} from "./order-fields.ts";
import { contractOf, futuresRoute, productTypeOf, qContract, qProductType, qSymbolFilter } from "./query.ts";

const PlaceSchema = z.object({ ...Base, ...OrderFields });
const BatchSchema = z.object({ ...Base, marginMode: optional(text(16)), orderList: z.array(z.object(OrderFields)).min(1).max(50) });
const CancelSchema = z.object({ ...Base, orderId: optional(text(32)), clientOid: optional(text(64)) });
const CancelAllSchema = z.object({ productType: text(32), symbol: optional(text(32)), marginCoin: MarginCoin });
const BatchCancelSchema = z.object({
  productType: text(32),
  symbol: optional(text(32)),
  marginCoin: MarginCoin,
  orderIdList: optional(z.array(z.object({ orderId: optional(text(32)), clientOid: optional(text(64)) })).max(50)),
});
const CloseSchema = z.object({ productType: text(32), symbol: optional(text(32)), holdSide: optional(text(8)) });
const LeverageSchema = z.object({ ...Base, leverage: z.union([text(8), z.number().int()]), holdSide: optional(text(8)) });
const MarginSchema = z.object({ ...Base, amount: decimal, holdSide: text(8) });
const MarginModeSchema = z.object({ ...Base, marginMode: text(16) });
const PosModeSchema = z.object({ productType: text(32), posMode: text(16) });
const TransferSchema = z.object({
  fromType: text(32),
  toType: text(32),
  amount: decimal,
  coin: text(16),
  symbol: optional(text(32)),
  clientOid: optional(text(64)),
});

export function privateFuturesRoutes(app: FastifyInstance, deps: ExchangeRouteDeps & { futures: Futures }): void {
  const fx = deps.futures;
  const svc = fx.svc;
  const route = futuresRoute(app, deps);
  /** An order of a body, with its preset TP/SL (checked before the order is placed, set when it fills). */
  const place = (env: Env, p: Principal, c: Contract, f: OrderFieldValues, marginMode: string | undefined): FxOrder => {
    const req = toRequest(c, f, marginMode, p);
    const preset = presetsOf(c, f);
    fx.plans.checkPreset(env, req, preset);
    const o = svc.place(env, p.userId, req);
    fx.plans.preset(o, preset);
    return o;
  };

  // ---- account ----
  route("GET", MIX_PRIVATE.accounts, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    if (qProductType(q) !== "USDT-FUTURES") return ok([]);
    return ok([accountJson(svc, env, p.userId)]);
  });

  route("GET", MIX_PRIVATE.account, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    const c = qContract(q);
    checkMarginCoin(qString(q, "marginCoin", true, 16));
    return ok(accountJson(svc, env, p.userId, c));
  });

  route("POST", MIX_PRIVATE.setLeverage, 5, true, async (req, p, env) => {
    const b = parseFields(LeverageSchema, req.body);
    const c = bodyContract(b);
    const lever = typeof b.leverage === "number" ? b.leverage : /^\d{1,4}$/.test(b.leverage) ? Number(b.leverage) : NaN;
    if (!Number.isInteger(lever)) throw new GatewayError(FX_CODES.paramInvalid, "Parameter leverage must be a whole number");
    const holdSide = isAbsent(b.holdSide) ? undefined : enumValue(HOLD_SIDES, b.holdSide, "holdSide");
    const s = svc.setLeverage(env, p.userId, c, lever, holdSide);
    return ok({
      symbol: c.symbol,
      marginCoin: "USDT",
      longLeverage: String(s.longLever),
      shortLeverage: String(s.shortLever),
      crossMarginLeverage: String(s.crossLever),
      marginMode: s.marginMode,
    });
  });

  route("POST", MIX_PRIVATE.setMargin, 5, true, async (req, p, env) => {
    const b = fields(MarginSchema, req.body, ["amount"]);
    const c = bodyContract(b);
    const holdSide = enumValue(HOLD_SIDES, b.holdSide, "holdSide");
    const neg = b.amount.startsWith("-");
    const amount = parseScaled(neg ? b.amount.slice(1) : b.amount, LEDGER_SCALE);
    if (amount === undefined || amount === 0n) throw new GatewayError(FX_CODES.paramInvalid, "Parameter amount must be a non-zero decimal");
    svc.changeMargin(env, p.userId, c, holdSide, neg ? -amount : amount);
    return ok("");
  });

  route("POST", MIX_PRIVATE.setMarginMode, 5, true, async (req, p, env) => {
    const b = parseFields(MarginModeSchema, req.body);
    const c = bodyContract(b);
    const s = svc.setMarginMode(env, p.userId, c, enumValue(MARGIN_MODES, b.marginMode, "marginMode"));
    return ok({
      symbol: c.symbol,
      marginCoin: "USDT",
      longLeverage: String(s.longLever),
      shortLeverage: String(s.shortLever),
      marginMode: s.marginMode,
    });
  });

  route("POST", MIX_PRIVATE.setPositionMode, 5, true, async (req, p, env) => {
    const b = parseFields(PosModeSchema, req.body);
    productTypeOf(b.productType);
    const mode = enumValue(POS_MODES, b.posMode, "posMode");
    svc.setPositionMode(env, p.userId, mode);
    return ok({ posMode: mode });
  });

  route("GET", MIX_PRIVATE.bills, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    qProductType(q);
    const limit = qInt(q, "limit", { min: 1, max: 100, def: 20, clamp: true }) as number;
    const bills = fx.store.bills({
      env,
      userId: p.userId,
      symbol: qSymbolFilter(q, undefined),
      business: qString(q, "businessType", false, 40),
      before: qInt(q, "idLessThan", { min: 0, max: 9e15 }) ?? Number.MAX_SAFE_INTEGER,
      ...qTimeWindow(q),
      limit,
    });
    return ok({ bills: bills.map(billJson), endId: bills.length ? String(bills[bills.length - 1]!.id) : "" });
  });

  // ---- positions ----
  route("GET", MIX_PRIVATE.allPosition, 5, false, async (req, p, env) => {
    const q = req.query as Query;
    checkMarginCoin(qString(q, "marginCoin", false, 16));
    if (qProductType(q) !== "USDT-FUTURES") return ok([]);
    return ok(svc.positionsOf(env, p.userId).map((x) => positionJson(svc, x)));
  });

  route("GET", MIX_PRIVATE.singlePosition, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    const c = qContract(q);
    checkMarginCoin(qString(q, "marginCoin", false, 16));
    return ok(svc.positionsOf(env, p.userId, c.symbol).map((x) => positionJson(svc, x)));
  });

  route("GET", MIX_PRIVATE.historyPosition, 5, false, async (req, p, env) => {
    const q = req.query as Query;
    qProductType(q, false);
    const rows = fx.store.positionHistory({
      env,
      userId: p.userId,
      symbol: qSymbolFilter(q, undefined),
      before: qString(q, "idLessThan", false, 32),
      ...qTimeWindow(q),
      limit: qInt(q, "limit", { min: 1, max: 100, def: 20, clamp: true }) as number,
    });
    const list = rows.map(historyPositionJson);
    return ok({ list, endId: list.length ? list[list.length - 1]!.positionId : "" });
  });

  // ---- orders ----
  route("POST", MIX_PRIVATE.placeOrder, 10, true, async (req, p, env) => {
    const b = fields(PlaceSchema, req.body, ["size"]);
    const c = bodyContract(b);
    const o = place(env, p, c, b, b.marginMode);
    return ok({ orderId: o.id, clientOid: o.clientOid || o.id });
  });

  route("POST", MIX_PRIVATE.batchPlaceOrder, 5, true, async (req, p, env) => {
    const b = parseFields(BatchSchema, req.body);
    const c = bodyContract(b);
    const successList: Array<{ orderId: string; clientOid: string }> = [];
    const failureList: Array<{ orderId: string; clientOid: string; errorMsg: string; errorCode: string }> = [];
    for (const f of b.orderList) {
      try {
        const o = place(env, p, c, f, f.marginMode ?? b.marginMode);
        successList.push({ orderId: o.id, clientOid: o.clientOid || o.id });
      } catch (err) {
        if (!(err instanceof EngineError) && !(err instanceof GatewayError)) throw err;
        failureList.push({ orderId: "", clientOid: f.clientOid ?? "", errorMsg: err.message, errorCode: err.code });
      }
    }
    return ok({ successList, failureList });
  });

  route("POST", MIX_PRIVATE.cancelOrder, 10, true, async (req, p, env) => {
    const b = parseFields(CancelSchema, req.body);
    const c = bodyContract(b);
    if (!b.orderId && !b.clientOid) throw new GatewayError(FX_CODES.paramEmpty, "Parameter orderId or clientOid cannot be empty");
    const o = svc.cancel(env, p.userId, { orderId: b.orderId, clientOid: b.orderId ? undefined : b.clientOid }, c.symbol);
    return ok({ orderId: o.id, clientOid: o.clientOid });
  });

  route("POST", MIX_PRIVATE.cancelAllOrders, 5, true, async (req, p, env) => {
    const b = parseFields(CancelAllSchema, req.body);
    checkMarginCoin(b.marginCoin);
    const pt = productTypeOf(b.productType);
    const symbol = isAbsent(b.symbol) ? undefined : contractOf(b.symbol, pt).symbol;
    const successList: Array<{ orderId: string; clientOid: string }> = [];
    if (pt === "USDT-FUTURES")
      for (const o of svc.ordersOf(env, p.userId, symbol)) {
        svc.cancel(env, p.userId, { orderId: o.id });
        successList.push({ orderId: o.id, clientOid: o.clientOid });
      }
    return ok({ successList, failureList: [] });
  });

  /**
   * Bitget's batch-cancel-orders (docs/decisions/318): the listed orders (by orderId, else
   * clientOid; the symbol is then required), each answered in successList or failureList; without
   * a list, every open order of the product type (and symbol), as cancel-all-orders does.
   */
  route("POST", MIX_PRIVATE.batchCancelOrders, 10, true, async (req, p, env) => {
    const b = parseFields(BatchCancelSchema, req.body);
    checkMarginCoin(b.marginCoin);
    const pt = productTypeOf(b.productType);
    const list = b.orderIdList ?? [];
    if (list.length > 0 && isAbsent(b.symbol))
      throw new GatewayError(FX_CODES.paramEmpty, "Parameter symbol cannot be empty when orderIdList is given");
    const symbol = isAbsent(b.symbol) ? undefined : contractOf(b.symbol, pt).symbol;
    const successList: Array<{ orderId: string; clientOid: string }> = [];
    const failureList: Array<{ orderId: string; clientOid: string; errorMsg: string; errorCode: string }> = [];
    if (pt !== "USDT-FUTURES") return ok({ successList, failureList });
    if (list.length === 0) {
      for (const o of svc.ordersOf(env, p.userId, symbol)) {
        svc.cancel(env, p.userId, { orderId: o.id });
        successList.push({ orderId: o.id, clientOid: o.clientOid });
      }
      return ok({ successList, failureList });
    }
    for (const ref of list) {
      try {
        if (isAbsent(ref.orderId) && isAbsent(ref.clientOid))
          throw new GatewayError(FX_CODES.paramEmpty, "Parameter orderId or clientOid cannot be empty");
        const by = isAbsent(ref.orderId) ? { clientOid: ref.clientOid } : { orderId: ref.orderId };
        const o = svc.cancel(env, p.userId, by, symbol);
        successList.push({ orderId: o.id, clientOid: o.clientOid });
      } catch (err) {
        if (!(err instanceof EngineError) && !(err instanceof GatewayError)) throw err;
        failureList.push({ orderId: ref.orderId ?? "", clientOid: ref.clientOid ?? "", errorMsg: err.message, errorCode: err.code });
      }
    }
    return ok({ successList, failureList });
  });

  route("POST", MIX_PRIVATE.closePositions, 5, true, async (req, p, env) => {
    const b = parseFields(CloseSchema, req.body);
    const pt = productTypeOf(b.productType);
    const symbol = isAbsent(b.symbol) ? undefined : contractOf(b.symbol, pt).symbol;
    const holdSide = isAbsent(b.holdSide) ? undefined : enumValue(HOLD_SIDES, b.holdSide, "holdSide");
    const positions = svc.positionsOf(env, p.userId, symbol).filter((x) => !holdSide || x.holdSide === holdSide);
    if (symbol && positions.length === 0) throw new GatewayError(FX_CODES.noPosition, "No position to close");
    const successList: Array<{ orderId: string; clientOid: string; symbol: string }> = [];
    const failureList: Array<{ orderId: string; clientOid: string; symbol: string; errorMsg: string; errorCode: string }> = [];
    for (const x of positions) {
      try {
        // a market close of the whole position: closing orders of it are cancelled first, as Bitget's close-positions does
        for (const o of svc.ordersOf(env, p.userId, x.symbol)) if (o.tradeSide === "close") svc.cancel(env, p.userId, { orderId: o.id });
        const hedge = svc.account(env, p.userId).posMode === "hedge_mode";
        const o = svc.place(env, p.userId, marketCloseRequest(hedge, x.symbol, x.holdSide, x.size, { source: sourceOf(p) }));
        successList.push({ orderId: o.id, clientOid: o.clientOid || o.id, symbol: x.symbol });
      } catch (err) {
        if (!(err instanceof EngineError)) throw err;
        failureList.push({ orderId: "", clientOid: "", symbol: x.symbol, errorMsg: err.message, errorCode: err.code });
      }
    }
    return ok({ successList, failureList });
  });

  const listOrders = (open: boolean) => async (req: { query: unknown }, p: Principal, env: Env) => {
    const q = req.query as Query;
    const pt = qProductType(q);
    const sym = qSymbolFilter(q, pt);
    const limit = qInt(q, "limit", { min: 1, max: 100, def: 100, clamp: true }) as number;
    const orderId = qString(q, "orderId", false, 32);
    const clientOid = qString(q, "clientOid", false, 64);
    const before = qInt(q, "idLessThan", { min: 0, max: 9e15 }) ?? Number.MAX_SAFE_INTEGER;
    const { start, end } = qTimeWindow(q);
    let list: FxOrder[];
    if (open) {
      list = svc
        .ordersOf(env, p.userId, sym)
        .filter(
          (o) =>
            (!orderId || o.id === orderId) &&
            (!clientOid || o.clientOid === clientOid) &&
            o.seq < before &&
            o.cTime >= start &&
            o.cTime <= end,
        )
        .sort((a, b) => b.seq - a.seq)
        .slice(0, limit);
    } else {
      list = fx.store.orders({ env, userId: p.userId, symbol: sym, orderId, clientOid, before, start, end, limit, open: false });
    }
    if (pt !== "USDT-FUTURES") list = [];
    const presets = fx.plans.presetsOf(
      env,
      p.userId,
      list.map((o) => o.id),
    );
    return ok({
      entrustedList: list.length ? list.map((o) => orderJson(o, false, presets.get(o.id))) : null,
      endId: list.length ? list[list.length - 1]!.id : "",
    });
  };
  route("GET", MIX_PRIVATE.ordersPending, 20, false, listOrders(true));
  route("GET", MIX_PRIVATE.ordersHistory, 10, false, listOrders(false));

  route("GET", MIX_PRIVATE.detail, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    const c = qContract(q);
    const orderId = qString(q, "orderId", false, 32);
    const clientOid = qString(q, "clientOid", false, 64);
    if (!orderId && !clientOid) throw new GatewayError(FX_CODES.paramEmpty, "Parameter orderId or clientOid cannot be empty");
    const live = orderId ? svc.open.get(orderId) : svc.ordersOf(env, p.userId, c.symbol).find((o) => o.clientOid === clientOid);
    const o =
      live && live.userId === p.userId && live.env === env
        ? live
        : fx.store.findOrder(env, p.userId, orderId ? { orderId } : { clientOid });
    if (!o || o.symbol !== c.symbol) throw new GatewayError(FX_CODES.orderNotFound, "The order does not exist");
    return ok(orderJson(o, true, fx.plans.presetsOf(env, p.userId, [o.id]).get(o.id)));
  });

  route("GET", MIX_PRIVATE.fills, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    const pt = qProductType(q);
    const rows = fx.store.fills({
      env,
      userId: p.userId,
      symbol: qSymbolFilter(q, pt),
      orderId: qString(q, "orderId", false, 32),
      before: qIdCursor(q),
      ...qTimeWindow(q),
      limit: qInt(q, "limit", { min: 1, max: 100, def: 100, clamp: true }) as number,
    });
    const list = pt === "USDT-FUTURES" ? rows.map(fillJson) : [];
    return ok({ fillList: list.length ? list : null, endId: list.length ? list[list.length - 1]!.tradeId : "" });
  });
}

/**
 * Bitget's `wallet/transfer` between the caller's spot and USDT-M futures accounts. The gateway
 * registers the path once for every account kind (gateway/margin/routes/transfer-route.ts).
 */
export function futuresTransfer(fx: Futures): TransferHandler {
  return async (req, p, env, recordOid) => {
    const b = fields(TransferSchema, req.body, ["amount"]);
    const from = canonical(TRANSFER_ACCOUNT_TYPES, b.fromType);
    const to = canonical(TRANSFER_ACCOUNT_TYPES, b.toType);
    if (!from) throw new GatewayError(FX_CODES.paramInvalid, "Parameter fromType is invalid");
    if (!to) throw new GatewayError(FX_CODES.paramInvalid, "Parameter toType is invalid");
    const pair = `${from}>${to}`;
    if (pair !== "spot>usdt_futures" && pair !== "usdt_futures>spot")
      throw new GatewayError(FX_CODES.paramInvalid, "Only transfers between spot and usdt_futures are supported");
    if (b.coin.toUpperCase() !== "USDT") throw new GatewayError(FX_CODES.paramInvalid, "USDT-M futures accounts hold USDT only");
    if (!isAbsent(b.clientOid) && !CLIENT_OID.test(b.clientOid))
      throw new GatewayError(FX_CODES.paramInvalid, "Parameter clientOid is invalid");
    const amount = parseScaled(b.amount, LEDGER_SCALE);
    if (amount === undefined || amount <= 0n)
      throw new GatewayError(FX_CODES.paramInvalid, `Parameter amount must be a positive decimal with at most ${LEDGER_SCALE} decimals`);
    const transferId = String(fx.ids.next());
    fx.svc.transfer(env, p.userId, from === "spot", amount, transferId, recordOid?.(transferId));
    return ok({ transferId, clientOid: b.clientOid ?? "" });
  };
}
