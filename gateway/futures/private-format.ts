/** Futures accounts, positions, orders, fills and bills as Bitget v2 mix JSON (docs/decisions/312). */
import { formatScaled } from "../exchange/decimal.ts";
import type { Env } from "../exchange/engine/types.ts";
import { lots, price, units } from "../exchange/format.ts";
import { contract, tierFor, type Contract } from "./contracts.ts";
import { upnl, type FxBill, type FxOrder, type Position } from "./ledger.ts";
import { ppm } from "./format.ts";
import type { FuturesService } from "./service.ts";

const ratio = (num: bigint, den: bigint) => (den <= 0n ? (num > 0n ? "1" : "0") : formatScaled((num * 10_000n) / den, 4));

export function accountJson(svc: FuturesService, env: Env, userId: string, c?: Contract) {
  const s = svc.summary(env, userId);
  const set = c ? svc.setting(env, userId, c) : undefined;
  const out = {
    marginCoin: "USDT",
    locked: units(s.frozen),
    available: units(s.account.balance - s.frozen),
    crossedMaxAvailable: units(s.available),
    isolatedMaxAvailable: units(s.available),
    maxTransferOut: units(s.available),
    accountEquity: units(s.equity),
    usdtEquity: units(s.equity),
    btcEquity: "",
    crossedRiskRate: ratio(s.maintenance, s.crossEquity),
    unrealizedPL: units(s.crossUpnl + s.isoUpnl),
    coupon: "0",
    crossedUnrealizedPL: units(s.crossUpnl),
    isolatedUnrealizedPL: units(s.isoUpnl),
    isolatedMargin: units(s.isoMargin),
    crossedMargin: units(s.crossMargin),
    assetMode: "single",
    posMode: s.account.posMode,
  };
  if (!set) return out;
  return {
    ...out,
    crossedMarginLeverage: set.crossLever,
    isolatedLongLever: set.longLever,
    isolatedShortLever: set.shortLever,
    marginMode: set.marginMode,
  };
}

/** The mark price at which a position's margin falls to its maintenance margin (0 when it cannot). */
export function liquidationPrice(svc: FuturesService, p: Position): number {
  const c = contract(p.symbol) as Contract;
  const mmr = BigInt(tierFor(c, Number(p.cost / 100_000_000n)).mmrPpm);
  let margin = svc.positionMargin(p);
  if (p.marginMode === "crossed") {
    // a crossed position may draw on what the account has free
    margin += svc.summary(p.env, p.userId).available;
  }
  const per = BigInt(p.size) * c.inst.quoteUnitsPerTickLot;
  const M = 1_000_000n;
  const ticks = p.holdSide === "long" ? ((p.cost - margin) * M) / (per * (M - mmr)) : ((p.cost + margin) * M) / (per * (M + mmr));
  return ticks > 0n ? Number(ticks) : 0;
}

export function positionJson(svc: FuturesService, p: Position) {
  const c = contract(p.symbol) as Contract;
  const mark = svc.market.price(p.env, p.symbol).mark;
  const value = svc.markValue(p);
  const u = upnl(p, value);
  const margin = svc.positionMargin(p);
  const maint = svc.maintenance(p, value);
  const avg = p.size > 0 ? Number(p.cost / (BigInt(p.size) * c.inst.quoteUnitsPerTickLot)) : 0;
  let pending = 0;
  for (const o of svc.ordersOf(p.env, p.userId, p.symbol))
    if (o.tradeSide === "close" && o.posSide === p.holdSide) pending += o.size - o.filled;
  const equityForRatio = p.marginMode === "isolated" ? margin + u : svc.summary(p.env, p.userId).crossEquity;
  const tier = tierFor(c, Number(value / 100_000_000n));
  const tpsl = svc.positionTpsl(p);
  return {
    marginCoin: "USDT",
    symbol: p.symbol,
    holdSide: p.holdSide,
    openDelegateSize: lots(
      c.inst,
      svc
        .ordersOf(p.env, p.userId, p.symbol)
        .filter((o) => o.tradeSide === "open" && o.posSide === p.holdSide)
        .reduce((n, o) => n + o.size - o.filled, 0),
    ),
    marginSize: units(margin),
    available: lots(c.inst, p.size - pending),
    locked: lots(c.inst, pending),
    total: lots(c.inst, p.size),
    leverage: String(p.leverage),
    achievedProfits: units(p.realised),
    openPriceAvg: price(c.inst, avg),
    marginMode: p.marginMode,
    posMode: svc.account(p.env, p.userId).posMode,
    unrealizedPL: units(u),
    liquidationPrice: price(c.inst, liquidationPrice(svc, p)),
    keepMarginRate: ppm(tier.mmrPpm),
    markPrice: price(c.inst, mark),
    marginRatio: ratio(maint, equityForRatio),
    breakEvenPrice: price(c.inst, avg),
    totalFee: units(p.funding),
    deductedFee: units(p.fees),
    assetMode: "single",
    uTime: String(p.uTime),
    autoMargin: "off",
    takeProfit: tpsl.tp ? price(c.inst, tpsl.tp.triggerPrice) : "",
    stopLoss: tpsl.sl ? price(c.inst, tpsl.sl.triggerPrice) : "",
    takeProfitId: tpsl.tp?.id ?? "",
    stopLossId: tpsl.sl?.id ?? "",
    cTime: String(p.cTime),
  };
}

export function historyPositionJson(r: Record<string, unknown>) {
  const c = contract(r.symbol as string) as Contract;
  const per = c.inst.quoteUnitsPerTickLot;
  const avg = (value: bigint, size: bigint) => (size > 0n ? price(c.inst, Number(value / (size * per))) : "0");
  const realised = r.realised as bigint;
  const fees = r.fees as bigint;
  const funding = r.funding as bigint;
  return {
    positionId: r.position_id as string,
    marginCoin: "USDT",
    symbol: c.symbol,
    holdSide: r.hold_side as string,
    openAvgPrice: avg(r.opened_cost as bigint, r.opened_size as bigint),
    closeAvgPrice: avg(r.closed_value as bigint, r.closed_size as bigint),
    marginMode: r.margin_mode as string,
    openTotalPos: lots(c.inst, Number(r.opened_size)),
    closeTotalPos: lots(c.inst, Number(r.closed_size)),
    pnl: units(realised),
    netProfit: units(realised - fees + funding),
    totalFunding: units(funding),
    openFee: units(-fees),
    closeFee: "0",
    cTime: String(r.c_time),
    uTime: String(r.u_time),
  };
}

/** An order's preset take-profit and stop-loss triggers (ticks, 0 for none). */
export type OrderPreset = { tp: number; sl: number };
const NO_PRESET: OrderPreset = { tp: 0, sl: 0 };

export function orderJson(o: FxOrder, detail = false, preset: OrderPreset = NO_PRESET) {
  const c = contract(o.symbol) as Contract;
  const avg = o.filled > 0 ? price(c.inst, Number(o.filledQuote / (BigInt(o.filled) * c.inst.quoteUnitsPerTickLot))) : "0";
  const base = {
    symbol: o.symbol,
    size: lots(c.inst, o.size),
    orderId: o.id,
    clientOid: o.clientOid,
    baseVolume: lots(c.inst, o.filled),
    fee: units(-o.fee),
    price: o.type === "limit" ? price(c.inst, o.price) : "0",
    priceAvg: avg,
    status: o.status,
    // Bitget v2 hedge mode names the position by side (a close of a long is "buy"); one-way orders carry the book side
    side: o.posMode === "hedge_mode" ? (o.posSide === "long" ? "buy" : "sell") : o.side,
    force: o.force,
    totalProfits: units(o.profit),
    posSide: o.posMode === "hedge_mode" ? o.posSide : "net",
    marginCoin: "USDT",
    quoteVolume: units(o.filledQuote),
    leverage: String(o.leverage),
    marginMode: o.marginMode,
    enterPointSource: o.source,
    tradeSide: o.tradeSide,
    posMode: o.posMode,
    orderType: o.type,
    orderSource: o.type === "market" ? "market" : "normal",
    reduceOnly: o.reduceOnly ? "YES" : "NO",
    cancelReason: o.cancelReason,
    presetStopSurplusPrice: preset.tp > 0 ? price(c.inst, preset.tp) : "",
    presetStopLossPrice: preset.sl > 0 ? price(c.inst, preset.sl) : "",
    cTime: String(o.cTime),
    uTime: String(o.uTime),
  };
  return detail ? { ...base, state: o.status } : base;
}

export function fillJson(r: Record<string, unknown>) {
  const c = contract(r.symbol as string) as Contract;
  const fee = r.fee as bigint;
  return {
    tradeId: r.trade_id as string,
    symbol: c.symbol,
    orderId: r.order_id as string,
    price: price(c.inst, Number(r.price)),
    baseVolume: lots(c.inst, Number(r.size)),
    feeDetail: [{ deduction: "no", feeCoin: "USDT", totalDeductionFee: "0", totalFee: units(-fee) }],
    side: r.side as string,
    quoteVolume: units(r.quote as bigint),
    profit: units(r.profit as bigint),
    // the order's source (`COPY` for a copy trade's fill); a fill whose order is unknown reads as an API one
    enterPointSource: (r.source as string | null | undefined) || "API",
    tradeSide: r.trade_side as string,
    posMode: (r.pos_mode as string | undefined) ?? "",
    tradeScope: r.scope as string,
    cTime: String(r.ts),
  };
}

export function billJson(b: FxBill) {
  return {
    billId: String(b.id),
    symbol: b.symbol,
    amount: units(b.amount),
    fee: units(b.fee),
    feeByCoupon: "",
    businessType: b.business,
    coin: "USDT",
    balance: units(b.balance),
    cTime: String(b.ts),
  };
}
