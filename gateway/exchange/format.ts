/** Engine records as Bitget v2 JSON: decimal strings, Bitget field names and enum spellings. */
import { formatScaled } from "./decimal.ts";
import type { Balance, Bill, Order } from "./engine/types.ts";
import type { Plan } from "./plan-store.ts";
import { PLATFORM_COIN } from "../../protocol/fee-deduction.ts";
import { instrument, LEDGER_SCALE, type Instrument } from "./instruments.ts";

export const units = (v: bigint) => formatScaled(v, LEDGER_SCALE);
export const price = (inst: Instrument, ticks: number) => formatScaled(ticks, inst.pricePrecision);
export const lots = (inst: Instrument, n: number) => formatScaled(n, inst.quantityPrecision);

function avgPrice(inst: Instrument, o: Order): string {
  if (o.filled === 0) return "0";
  // quote units / (lots * quoteUnitsPerTickLot) = ticks (rounded down to the tick)
  return price(inst, Number(o.filledQuote / (BigInt(o.filled) * inst.quoteUnitsPerTickLot)));
}

function feeCoin(inst: Instrument, o: Order): string {
  return o.side === "buy" ? inst.baseCoin : inst.quoteCoin;
}

function feeDetail(inst: Instrument, o: Order): string {
  const fee = "-" + units(o.fee);
  const coin = feeCoin(inst, o);
  if (o.deductFee > 0n) {
    // some or all of the fee paid in the platform coin (docs/decisions/353): one entry per coin charged
    const d = "-" + units(o.deductFee);
    return JSON.stringify({
      newFees: { c: 0, d, deduction: true, r: fee, t: fee, totalDeductionFee: d },
      ...(o.fee > 0n ? { [coin]: { deduction: false, feeCoinCode: coin, totalDeductionFee: 0, totalFee: fee } } : {}),
      [PLATFORM_COIN]: { deduction: true, feeCoinCode: PLATFORM_COIN, totalDeductionFee: d, totalFee: d },
    });
  }
  return JSON.stringify({
    newFees: { c: 0, d: 0, deduction: false, r: fee, t: fee, totalDeductionFee: 0 },
    [coin]: { deduction: false, feeCoinCode: coin, totalDeductionFee: 0, totalFee: fee },
  });
}

/** A fill's `feeDetail` as Bitget's v2 fills give it: the coin charged and, when paid in the platform coin, the deduction. */
export function fillFeeDetail(feeCoin: string, fee: bigint, deduct: boolean) {
  const total = "-" + units(fee);
  return { deduction: deduct ? "yes" : "no", feeCoin, totalDeductionFee: deduct ? total : "0", totalFee: total };
}

/** The ids every order entry opens with. */
function orderIds(o: Order) {
  return { userId: o.userId, symbol: o.symbol, orderId: o.id, clientOid: o.clientOid };
}

/** Creation and update times as Bitget's millisecond strings. */
function times(x: { cTime: number; uTime: number }) {
  return { cTime: String(x.cTime), uTime: String(x.uTime) };
}

function orderSize(inst: Instrument, o: Order): string {
  return o.type === "market" && o.side === "buy" ? units(o.quoteSize) : lots(inst, o.size);
}

/** `orderInfo` / `history-orders` entry. */
export function orderJson(o: Order) {
  const inst = instrument(o.symbol) as Instrument;
  return {
    ...orderIds(o),
    price: o.type === "limit" ? price(inst, o.price) : "0",
    size: orderSize(inst, o),
    orderType: o.type,
    side: o.side,
    status: o.status,
    priceAvg: avgPrice(inst, o),
    baseVolume: lots(inst, o.filled),
    quoteVolume: units(o.filledQuote),
    enterPointSource: o.source,
    feeDetail: feeDetail(inst, o),
    orderSource: o.type === "market" ? "market" : "normal",
    cancelReason: o.cancelReason,
    force: o.force,
    stpMode: o.stp,
    tpslType: "normal",
    triggerPrice: null,
    ...times(o),
  };
}

/** `unfilled-orders` entry. */
export function openOrderJson(o: Order) {
  const inst = instrument(o.symbol) as Instrument;
  return {
    ...orderIds(o),
    priceAvg: price(inst, o.price),
    size: orderSize(inst, o),
    orderType: o.type,
    side: o.side,
    status: o.status,
    basePrice: avgPrice(inst, o),
    baseVolume: lots(inst, o.filled),
    quoteVolume: units(o.filledQuote),
    enterPointSource: o.source,
    orderSource: "normal",
    presetTakeProfitPrice: "",
    executeTakeProfitPrice: "",
    presetStopLossPrice: "",
    executeStopLossPrice: "",
    stpMode: o.stp,
    ...times(o),
    tpslType: "normal",
    triggerPrice: null,
  };
}

export function assetJson(b: Balance) {
  return {
    coin: b.coin,
    available: units(b.available),
    frozen: units(b.frozen),
    locked: units(0n),
    limitAvailable: units(0n),
    uTime: String(b.uTime),
  };
}

export function billJson(b: Bill) {
  return {
    cTime: String(b.ts),
    coin: b.coin,
    groupType: b.group,
    businessType: b.business,
    size: units(b.size),
    balance: units(b.balance),
    fees: units(b.fees),
    billId: String(b.id),
  };
}

/** Plan (trigger) and TP/SL order entry, for REST and the `orders-algo` stream. */
export function planJson(p: Plan) {
  const inst = instrument(p.symbol) as Instrument;
  return {
    orderId: p.id,
    clientOid: p.clientOid,
    symbol: p.symbol,
    size: p.size,
    executePrice: p.orderType === "limit" ? price(inst, p.executePrice) : "0",
    triggerPrice: price(inst, p.triggerPrice),
    status: p.status === "pending" ? "not_trigger" : p.status,
    orderType: p.orderType,
    side: p.side,
    planType: p.planType,
    triggerType: p.triggerType,
    tpslType: p.tpslType,
    executeOrderId: p.orderId,
    failReason: p.failReason,
    enterPointSource: p.source,
    ...times(p),
  };
}
