/** Margin order endpoints, crossed and isolated (docs/decisions/320): place, batch, cancel, open and history orders, fills. */
import { z } from "zod";
import { LOAN_TYPES } from "../../../protocol/margin.ts";
import { GatewayError, ok } from "../../envelope.ts";
import { EngineError } from "../../exchange/engine/types.ts";
import { decimal, enumValue, isAbsent, optional, parseFields, requireOrderRef, text } from "../../exchange/fields.ts";
import { fillFeeDetail, lots, price, units } from "../../exchange/format.ts";
import { instrument } from "../../exchange/instruments.ts";
import { sourceOf } from "../../exchange/routes/private-route.ts";
import { qIdCursor, qString, type Query } from "../../exchange/routes/query.ts";
import { marginOrderJson } from "../format.ts";
import { marginSpotBody, windowOf, type ModeContext } from "./fields.ts";

const OrderFields = {
  orderType: text(16),
  price: optional(decimal),
  loanType: text(24),
  force: optional(text(16)),
  baseSize: optional(decimal),
  quoteSize: optional(decimal),
  clientOid: optional(text(64)),
  side: text(16),
  stpMode: optional(text(16)),
};
const PlaceSchema = z.object({ symbol: text(32), ...OrderFields });
const BatchSchema = z.object({ symbol: text(32), orderList: z.array(z.object(OrderFields).passthrough()).min(1).max(50) });
const CancelSchema = z.object({ symbol: text(32), orderId: optional(text(32)), clientOid: optional(text(64)) });
const BatchCancelSchema = z.object({
  symbol: text(32),
  orderIdList: z
    .array(z.object({ orderId: optional(text(32)), clientOid: optional(text(64)) }))
    .min(1)
    .max(50),
});

export function orderRoutes(ctx: ModeContext): void {
  const { route, m, pairRef, P } = ctx;
  const svc = m.svc;

  const loanTypeOf = (v: unknown) => enumValue(LOAN_TYPES, v, "loanType");

  route("POST", P.placeOrder, 10, true, async (req, p, env) => {
    const b = parseFields(PlaceSchema, req.body);
    const ref = pairRef(p, b.symbol);
    const loanType = loanTypeOf(b.loanType);
    const o = await m.orders.place(env, ref, marginSpotBody(b.symbol.toUpperCase(), b), loanType, sourceOf(p));
    return ok({ orderId: o.id, clientOid: o.clientOid });
  });

  route("POST", P.batchPlaceOrder, 5, true, async (req, p, env) => {
    const b = parseFields(BatchSchema, req.body);
    const ref = pairRef(p, b.symbol);
    const successList: Array<{ orderId: string; clientOid: string }> = [];
    const failureList: Array<{ clientOid: string; errorMsg: string; errorCode: string }> = [];
    for (const item of b.orderList) {
      try {
        const o = await m.orders.place(
          env,
          ref,
          marginSpotBody(ref.symbol || b.symbol.toUpperCase(), item),
          loanTypeOf(item.loanType),
          sourceOf(p),
        );
        successList.push({ orderId: o.id, clientOid: o.clientOid });
      } catch (err) {
        if (!(err instanceof EngineError) && !(err instanceof GatewayError)) throw err;
        failureList.push({ clientOid: isAbsent(item.clientOid) ? "" : String(item.clientOid), errorMsg: err.message, errorCode: err.code });
      }
    }
    return ok({ successList, failureList });
  });

  route("POST", P.cancelOrder, 10, true, async (req, p, env) => {
    const b = parseFields(CancelSchema, req.body);
    requireOrderRef(b);
    const ref = pairRef(p, b.symbol);
    const o = await m.orders.cancel(env, ref, ref.symbol || b.symbol.toUpperCase(), { orderId: b.orderId, clientOid: b.clientOid });
    return ok({ orderId: o.id, clientOid: o.clientOid });
  });

  route("POST", P.batchCancelOrder, 5, true, async (req, p, env) => {
    const b = parseFields(BatchCancelSchema, req.body);
    const ref = pairRef(p, b.symbol);
    const symbol = instrument(b.symbol.toUpperCase())!.symbol;
    const successList: Array<{ orderId: string; clientOid: string }> = [];
    const failureList: Array<{ orderId: string; clientOid: string; errorMsg: string }> = [];
    for (const item of b.orderIdList) {
      try {
        requireOrderRef(item);
        const o = await m.orders.cancel(env, ref, symbol, item);
        successList.push({ orderId: o.id, clientOid: o.clientOid });
      } catch (err) {
        if (!(err instanceof EngineError) && !(err instanceof GatewayError)) throw err;
        failureList.push({ orderId: item.orderId ?? "", clientOid: item.clientOid ?? "", errorMsg: err.message });
      }
    }
    return ok({ successList, failureList });
  });
  const listJson = (orders: ReturnType<typeof marginOrderJson>[]) => ({
    orderList: orders,
    maxId: orders[0]?.orderId ?? "",
    minId: orders[orders.length - 1]?.orderId ?? "",
  });
  const loanType = (id: string) => m.store.loanType(id) ?? "normal";

  route("GET", P.openOrders, 20, false, async (req, p, env) => {
    const q = req.query as Query;
    const ref = pairRef(p, qString(q, "symbol", true, 32) as string);
    const symbol = instrument((qString(q, "symbol", true, 32) as string).toUpperCase())!.symbol;
    const w = windowOf(q);
    const orderId = qString(q, "orderId", false, 32);
    const clientOid = qString(q, "clientOid", false, 64);
    const list = m.exchange.svc
      .openOrders(env, svc.key(ref), symbol)
      .filter(
        (o) =>
          o.seq < w.before &&
          o.cTime >= w.start &&
          o.cTime <= w.end &&
          (!orderId || o.id === orderId) &&
          (!clientOid || o.clientOid === clientOid),
      )
      .slice(0, w.limit);
    return ok(listJson(list.map((o) => marginOrderJson(o, loanType(o.id)))));
  });

  route("GET", P.historyOrders, 20, false, async (req, p, env) => {
    const q = req.query as Query;
    const sym = qString(q, "symbol", true, 32) as string;
    const ref = pairRef(p, sym);
    const w = windowOf(q);
    const user = svc.key(ref);
    // Bitget's clientOid filter (ccxt sends the client's id this way): the order it names, if any
    const clientOid = qString(q, "clientOid", false, 64);
    const byClient = clientOid === undefined ? undefined : (m.exchange.svc.store.findOrder(env, user, { clientOid })?.id ?? "");
    const orders = m.exchange.svc.store.orderHistory({
      env,
      user,
      symbol: instrument(sym.toUpperCase())!.symbol,
      before: w.before,
      start: w.start,
      end: w.end,
      orderId: qString(q, "orderId", false, 32) ?? byClient ?? null,
      limit: w.limit,
    });
    if (byClient === "") orders.length = 0;
    return ok(listJson(orders.map((o) => marginOrderJson(o, loanType(o.id)))));
  });

  route("GET", P.fills, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    const sym = qString(q, "symbol", true, 32) as string;
    const ref = pairRef(p, sym);
    const inst = instrument(sym.toUpperCase())!;
    const w = windowOf(q);
    const rows = m.exchange.svc.store.fills({
      env,
      user: svc.key(ref),
      symbol: inst.symbol,
      orderId: qString(q, "orderId", false, 32) ?? null,
      start: w.start,
      end: w.end,
      before: qIdCursor(q),
      limit: w.limit,
    });
    const fills = rows.map((r) => ({
      orderId: String(r.order_id),
      tradeId: String(r.trade_id),
      orderType: String(r.order_type),
      side: String(r.side),
      priceAvg: price(inst, Number(r.price)),
      size: lots(inst, Number(r.size)),
      amount: units(r.amount as bigint),
      tradeScope: String(r.scope),
      feeDetail: fillFeeDetail(String(r.fee_coin), r.fee as bigint, Number(r.deduct ?? 0) === 1),
      cTime: String(r.ts),
      uTime: String(r.ts),
    }));
    return ok({ fills, minId: fills[fills.length - 1]?.tradeId ?? "", maxId: fills[0]?.tradeId ?? "" });
  });
}
