/** Futures plan and TP/SL orders as Bitget v2 mix JSON: REST (`orders-plan-pending`/`-history`) and the `orders-algo` channel (docs/decisions/315). */
import { lots, price } from "../exchange/format.ts";
import { contract, type Contract } from "./contracts.ts";
import { formatScaled } from "../exchange/decimal.ts";
import { TPSL_TYPES, TRAILING_TYPES, type FxPlan } from "./plan-store.ts";
import type { FuturesService } from "./service.ts";

/** Bitget's REST names a failed trigger `fail_trigger`; its stream says `fail_execute`. */
const REST_STATUS: Record<FxPlan["status"], string> = {
  pending: "live",
  live: "live",
  executed: "executed",
  fail_execute: "fail_trigger",
  cancelled: "cancelled",
};

/** A callback ratio (millionths) as Bitget's percent: 10,000 is "1", 12,500 is "1.25". */
export function callbackText(ppm: number): string {
  return formatScaled(BigInt(ppm), 4).replace(/\.?0+$/, "");
}

export function planJson(svc: FuturesService, p: FxPlan) {
  const c = contract(p.symbol) as Contract;
  const px = (t: number) => (t > 0 ? price(c.inst, t) : "");
  // a whole-position TP/SL closes what the position holds
  const size = p.size > 0 ? p.size : (svc.position(p.env, p.userId, p.symbol, p.holdSide)?.size ?? 0);
  const hedge = p.posMode === "hedge_mode";
  const tpsl = TPSL_TYPES.has(p.planType);
  return {
    planType: p.planType,
    symbol: p.symbol,
    size: lots(c.inst, size),
    orderId: p.id,
    clientOid: p.clientOid,
    price: p.executePrice > 0 ? price(c.inst, p.executePrice) : "0",
    executePrice: p.executePrice > 0 ? price(c.inst, p.executePrice) : "0",
    callbackRatio: TRAILING_TYPES.has(p.planType) ? callbackText(p.callbackPpm) : "",
    triggerPrice: price(c.inst, p.triggerPrice),
    triggerType: p.triggerType,
    planStatus: REST_STATUS[p.status],
    side: p.side,
    posSide: hedge || tpsl ? p.holdSide : "net",
    marginCoin: "USDT",
    marginMode: p.marginMode,
    enterPointSource: p.source,
    tradeSide: p.tradeSide || (p.reduceOnly ? "close" : "open"),
    posMode: p.posMode,
    orderType: p.orderType,
    orderSource: p.orderType === "market" ? "market" : "normal",
    reduceOnly: p.reduceOnly ? "YES" : "NO",
    executeOrderId: p.orderId,
    stopSurplusTriggerPrice: px(p.presetTp),
    stopSurplusExecutePrice: "",
    stopSurplusTriggerType: p.presetTp ? "fill_price" : "",
    stopLossTriggerPrice: px(p.presetSl),
    stopLossExecutePrice: "",
    stopLossTriggerType: p.presetSl ? "fill_price" : "",
    cTime: String(p.cTime),
    uTime: String(p.uTime),
  };
}

/** The `orders-algo` item: the REST row with `instId`, the stream's `status` and the trigger's time. */
export function planStreamJson(svc: FuturesService, p: FxPlan) {
  const { planStatus: _rest, ...row } = planJson(svc, p);
  return {
    instId: p.symbol,
    ...row,
    status: p.status === "pending" ? "live" : p.status,
    triggerTime: p.triggerTime ? String(p.triggerTime) : "",
    actualSize: "0",
  };
}
