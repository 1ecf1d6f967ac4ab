/**
 * Two order actions built from the normal ones (docs/decisions/315): modify-order, Bitget's
 * cancel-replace of a resting limit order, and click-backhand, which closes a position at market
 * and opens the opposite side with the same size.
 */
import type { Side } from "../../protocol/bitget.ts";
import type { HoldSide } from "../../protocol/mix.ts";
import { EngineError, type Env } from "../exchange/engine/types.ts";
import { FX_CODES } from "./codes.ts";
import { notional } from "../exchange/instruments.ts";
import { protectionPrice } from "../../protocol/price-protection.ts";
import type { Contract } from "./contracts.ts";
import type { Futures } from "./futures.ts";
import type { FxOrder } from "./ledger.ts";
import type { OrderRequest } from "./service.ts";

export interface Modification {
  /** The replacement's clientOid: required when the size or price changes (the order is replaced then). */
  newClientOid: string;
  /** Lots; the unfilled rest of the old order when absent. */
  size?: number;
  /** Ticks; the old price when absent. */
  price?: number;
  /** Preset TP/SL (ticks, 0 removes); the old order's when absent. */
  tp?: number;
  sl?: number;
}

/** The order as a place-order body would ask for it (hedge mode's `side` names the position). */
function requestOf(o: FxOrder): Omit<OrderRequest, "size" | "price" | "clientOid"> {
  const hedge = o.posMode === "hedge_mode";
  return {
    symbol: o.symbol,
    side: hedge ? (o.posSide === "long" ? "buy" : "sell") : o.side,
    tradeSide: hedge ? o.tradeSide : undefined,
    orderType: o.type === "market" ? "market" : "limit",
    force: o.force as OrderRequest["force"],
    reduceOnly: o.reduceOnly,
    source: o.source,
  };
}

/**
 * Cancels a resting order of the caller and places its replacement under `newClientOid`. What
 * can be checked before the cancel is (ownership, the new clientOid, the size and presets), so a
 * refused modification leaves the old order resting.
 */
export function modifyOrder(
  fx: Futures,
  env: Env,
  userId: string,
  c: Contract,
  by: { orderId?: string; clientOid?: string },
  m: Modification,
): FxOrder {
  const svc = fx.svc;
  const live = by.orderId ? svc.open.get(by.orderId) : svc.ordersOf(env, userId, c.symbol).find((o) => o.clientOid === by.clientOid);
  if (!live || live.env !== env || live.userId !== userId || live.symbol !== c.symbol) {
    const done = svc.store.findOrder(env, userId, by);
    if (done && done.symbol === c.symbol)
      throw new EngineError(FX_CODES.orderNotCancellable, "The order has already been filled or cancelled");
    throw new EngineError(FX_CODES.orderNotFound, "The order does not exist");
  }
  if (live.type !== "limit") throw new EngineError(FX_CODES.paramInvalid, "Only resting limit orders can be modified");
  if (m.size === undefined && m.price === undefined && m.tp === undefined && m.sl === undefined)
    throw new EngineError(FX_CODES.paramEmpty, "Parameter newSize, newPrice or a new preset price cannot be empty");
  if (m.size === undefined && m.price === undefined) {
    // the presets only: Bitget keeps the order (its id and clientOid) and removes a kind not named (docs/decisions/318)
    const preset = { tp: m.tp ?? 0, sl: m.sl ?? 0 };
    fx.plans.checkPreset(env, { ...requestOf(live), size: live.size - live.filled, price: live.price, clientOid: live.clientOid }, preset);
    fx.plans.replacePreset(live, preset);
    return live;
  }
  if (!m.newClientOid) throw new EngineError(FX_CODES.paramEmpty, "Parameter newClientOid cannot be empty");
  if (
    svc.ordersOf(env, userId).some((o) => o.clientOid === m.newClientOid) ||
    svc.store.findOrder(env, userId, { clientOid: m.newClientOid })
  )
    throw new EngineError(FX_CODES.duplicateClientOid, "Duplicate clientOid");
  const size = m.size ?? live.size - live.filled;
  if (size < c.inst.minLots) throw new EngineError(FX_CODES.lessThanMinimum, "The order size is less than the minimum");
  const old = fx.plans.pendingPreset(live.id);
  const preset = { tp: m.tp ?? old.tp, sl: m.sl ?? old.sl };
  const req: OrderRequest = { ...requestOf(live), size, price: m.price ?? live.price, clientOid: m.newClientOid };
  fx.plans.checkPreset(env, req, preset);
  // the new price's band first: a refused modification leaves the old order resting (docs/decisions/341)
  svc.checkLimitPrice(env, c, live.side, req.price);
  svc.cancel(env, userId, { orderId: live.id }, c.symbol);
  const o = svc.place(env, userId, req);
  fx.plans.preset(o, preset);
  return o;
}

/** The orders of a reverse: what closed the position and what opened the other side (absent when margin allowed none). */
export interface Reversal {
  close: FxOrder;
  open?: FxOrder;
}

/**
 * Reverse (Bitget's click-backhand): closes `size` of the position at market (the whole of it in
 * one-way mode), then opens the opposite side at market with what was closed. Opening needs
 * margin like any order: when the account cannot carry the full size, the opposite position is
 * opened with the largest size it can, and not at all when it cannot carry the minimum, which is
 * Bitget's reverse tip ("may be partially opened or fail when margin is insufficient").
 */
export function reverse(
  fx: Futures,
  env: Env,
  userId: string,
  c: Contract,
  input: { side?: Side; size?: number; clientOid: string; source: string },
): Reversal {
  const svc = fx.svc;
  const hedge = svc.account(env, userId).posMode === "hedge_mode";
  let pos;
  if (hedge) {
    if (!input.side) throw new EngineError(FX_CODES.paramEmpty, "Parameter side cannot be empty in hedge mode");
    pos = svc.position(env, userId, c.symbol, input.side === "buy" ? "long" : "short");
  } else pos = svc.position(env, userId, c.symbol, "long") ?? svc.position(env, userId, c.symbol, "short");
  if (!pos) throw new EngineError(FX_CODES.noPosition, "No position to reverse");
  const from: HoldSide = pos.holdSide;
  const to: HoldSide = from === "long" ? "short" : "long";
  const size = hedge && input.size !== undefined ? Math.min(input.size, pos.size) : pos.size;
  if (
    input.clientOid &&
    (svc.ordersOf(env, userId).some((o) => o.clientOid === input.clientOid) ||
      svc.store.findOrder(env, userId, { clientOid: input.clientOid }))
  )
    throw new EngineError(FX_CODES.duplicateClientOid, "Duplicate clientOid");
  // orders closing this side would hold part of the position: they go first, as close-positions does
  const closingSide: Side = from === "long" ? "sell" : "buy";
  for (const o of svc.ordersOf(env, userId, c.symbol))
    if (o.tradeSide === "close" && o.side === closingSide) svc.cancel(env, userId, { orderId: o.id });
  const common = { symbol: c.symbol, orderType: "market" as const, force: "gtc" as const, price: 0, source: input.source };
  const close = svc.place(env, userId, {
    ...common,
    side: hedge ? (from === "long" ? "buy" : "sell") : closingSide,
    tradeSide: hedge ? "close" : undefined,
    reduceOnly: !hedge,
    size,
    clientOid: "",
  });
  const closed = close.filled;
  const openReq = (lots: number): OrderRequest => ({
    ...common,
    side: to === "long" ? "buy" : "sell",
    tradeSide: hedge ? "open" : undefined,
    reduceOnly: false,
    size: lots,
    clientOid: input.clientOid,
  });
  let lots = closed;
  for (let attempt = 0; lots >= c.inst.minLots && attempt < 8; attempt++) {
    try {
      return { close, open: svc.place(env, userId, openReq(lots)) };
    } catch (err) {
      if (!(err instanceof EngineError) || (err.code !== FX_CODES.insufficientBalance && err.code !== FX_CODES.leverageTooHigh)) throw err;
      // less margin than the full size needs: try the size it covers, then smaller
      const available = svc.summary(env, userId).available;
      const s = svc.setting(env, userId, c);
      const lever = BigInt(s.marginMode === "crossed" ? s.crossLever : to === "long" ? s.longLever : s.shortLever);
      const value = notional(c.inst, protectionPrice("buy", svc.market.price(env, c.symbol).mark, svc.band), lots);
      const need = value / lever + (value * BigInt(svc.fees(env, userId).taker)) / 1_000_000n;
      const fit = need > 0n ? Number((available * BigInt(lots)) / need) : 0;
      lots = Math.min(lots - 1, Math.floor(fit));
    }
  }
  return { close };
}
