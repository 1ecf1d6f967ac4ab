/**
 * The USDT-M futures API the screen calls: Bitget's v2 mix family, as the embedded gateway answers
 * it (docs/protocol.md). Paths and shapes are Bitget's own; the rows are read through guards, so a
 * missing or foreign field never reaches the screen as a number it is not.
 */
import { MIX as PUBLIC_MIX, MIX_PRIVATE } from "../../../protocol/mix";
import { hasStringFields } from "~/lib/trade/account-data";
import { tickerOf, type Ticker } from "~/lib/trade/market-data";
import { intervalSuffix } from "~/lib/trade/intervals";
import type { ChartSource } from "~/lib/trade/chart/source";
import type { HoldSide, MarginMode } from "./maths";

export const PRODUCT_TYPE = "USDT-FUTURES";
export const MARGIN_COIN = "USDT";

/** The gateway's own paths (protocol/mix.ts), under the names the screen uses. */
export const MIX = {
  ...PUBLIC_MIX,
  account: MIX_PRIVATE.account,
  setLeverage: MIX_PRIVATE.setLeverage,
  setMargin: MIX_PRIVATE.setMargin,
  setMarginMode: MIX_PRIVATE.setMarginMode,
  setPositionMode: MIX_PRIVATE.setPositionMode,
  bill: MIX_PRIVATE.bills,
  allPosition: MIX_PRIVATE.allPosition,
  placeOrder: MIX_PRIVATE.placeOrder,
  cancelOrder: MIX_PRIVATE.cancelOrder,
  closePositions: MIX_PRIVATE.closePositions,
  ordersPending: MIX_PRIVATE.ordersPending,
  ordersHistory: MIX_PRIVATE.ordersHistory,
  orderFills: MIX_PRIVATE.fills,
  transfer: MIX_PRIVATE.walletTransfer,
  reverse: MIX_PRIVATE.clickBackhand,
  placePlan: MIX_PRIVATE.placePlanOrder,
  cancelPlan: MIX_PRIVATE.cancelPlanOrder,
  placePosTpsl: MIX_PRIVATE.placePosTpsl,
  ordersPlanPending: MIX_PRIVATE.ordersPlanPending,
} as const;

/**
 * The body that cancels one plan (trigger or TP/SL) order: Bitget's `cancel-plan-order` names it
 * in `orderIdList`; without that list it cancels every plan of the symbol (docs/protocol.md §17).
 */
export function cancelPlanBody(symbol: string, orderId: string) {
  return { symbol, productType: PRODUCT_TYPE, marginCoin: MARGIN_COIN, orderIdList: [{ orderId }] };
}

export const FUTURES_CHART: ChartSource = {
  instType: PRODUCT_TYPE,
  historyPath: MIX.historyCandles,
  query: { productType: PRODUCT_TYPE },
  // The mix API spells a candle interval as the stream channels do (`1m`, `1H`, `1D`...).
  granularity: intervalSuffix,
  plans: true,
};

/** The futures ticker: the spot fields plus mark, index, funding and open interest. */
export interface FuturesTicker extends Ticker {
  markPrice: string;
  indexPrice: string;
  fundingRate: string;
  /** Open interest in the base coin. */
  holdingAmount: string;
  /** The next funding settlement (ms), when the stream says it. */
  nextFundingTime?: string;
}

const NUM = /^-?\d{1,30}(\.\d{1,30})?$/;
const num = (v: unknown): string | undefined => (typeof v === "string" && NUM.test(v) ? v : undefined);

/** Reads a REST or stream ticker row; a missing futures field keeps the previous value (or is empty). */
export function futuresTickerOf(v: unknown, previous?: FuturesTicker): FuturesTicker | undefined {
  const base = tickerOf(v);
  if (!base) return previous;
  const o = v as Record<string, unknown>;
  const next = num(o.nextFundingTime) ?? previous?.nextFundingTime;
  return {
    ...base,
    markPrice: num(o.markPrice) ?? previous?.markPrice ?? "",
    indexPrice: num(o.indexPrice) ?? previous?.indexPrice ?? "",
    fundingRate: num(o.fundingRate) ?? previous?.fundingRate ?? "",
    holdingAmount: num(o.holdingAmount) ?? previous?.holdingAmount ?? "",
    ...(next ? { nextFundingTime: next } : {}),
  };
}

/** A position as `all-position` and the `positions` channel give it (Bitget v2). */
export interface Position {
  symbol: string;
  holdSide: HoldSide;
  marginMode: MarginMode;
  posMode: string;
  total: string;
  available: string;
  openPriceAvg: string;
  marginSize: string;
  leverage: string;
  unrealizedPL: string;
  liquidationPrice: string;
  keepMarginRate: string;
  markPrice: string;
  marginRatio: string;
  takeProfit: string;
  stopLoss: string;
  /** The plan orders behind `takeProfit`/`stopLoss` (a whole-position one, else the one preset on its order). */
  takeProfitId: string;
  stopLossId: string;
  cTime: string;
}

export function positionOf(v: unknown): Position | undefined {
  if (!hasStringFields(v, ["holdSide", "marginMode", "total", "openPriceAvg", "leverage"])) return undefined;
  const o = v as Record<string, unknown>;
  const symbol = typeof o.symbol === "string" ? o.symbol : o.instId;
  if (typeof symbol !== "string" || (o.holdSide !== "long" && o.holdSide !== "short")) return undefined;
  if (o.marginMode !== "isolated" && o.marginMode !== "crossed") return undefined;
  if (!num(o.total) || !num(o.openPriceAvg) || !num(o.leverage)) return undefined;
  const s = (k: string) => num(o[k]) ?? "";
  return {
    symbol,
    holdSide: o.holdSide,
    marginMode: o.marginMode,
    posMode: typeof o.posMode === "string" ? o.posMode : "one_way_mode",
    total: s("total"),
    available: s("available") || s("total"),
    openPriceAvg: s("openPriceAvg"),
    marginSize: s("marginSize"),
    leverage: s("leverage"),
    unrealizedPL: s("unrealizedPL"),
    liquidationPrice: s("liquidationPrice"),
    keepMarginRate: s("keepMarginRate"),
    markPrice: s("markPrice"),
    marginRatio: s("marginRatio"),
    takeProfit: s("takeProfit"),
    stopLoss: s("stopLoss"),
    takeProfitId: typeof o.takeProfitId === "string" ? o.takeProfitId : "",
    stopLossId: typeof o.stopLossId === "string" ? o.stopLossId : "",
    cTime: typeof o.cTime === "string" ? o.cTime : "",
  };
}

/** The positions after a push: a snapshot replaces them; an update replaces its side's (a zero size removes it). */
export function mergePositions(current: readonly Position[], pushes: readonly unknown[], snapshot: boolean): Position[] {
  const key = (p: Position) => `${p.symbol}:${p.holdSide}`;
  const byKey = new Map(snapshot ? [] : current.map((p) => [key(p), p]));
  for (const raw of pushes) {
    const p = positionOf(raw);
    if (!p) continue;
    if (Number(p.total) > 0) byKey.set(key(p), p);
    else byKey.delete(key(p));
  }
  return [...byKey.values()];
}

/** An order as `orders-pending`/`orders-history` and the `orders` channel give it. */
export interface FuturesOrder {
  orderId: string;
  clientOid: string;
  symbol: string;
  side: "buy" | "sell";
  tradeSide: string;
  orderType: "limit" | "market";
  price: string;
  priceAvg: string;
  size: string;
  baseVolume: string;
  status: string;
  reduceOnly: string;
  leverage: string;
  marginMode: string;
  posMode: string;
  cTime: string;
  /** Bitget's `enterPointSource`: `COPY` for an order copy trading placed (docs/decisions/358). */
  source?: string;
}

export function futuresOrderOf(v: unknown): FuturesOrder | undefined {
  if (!hasStringFields(v, ["orderId", "side", "size", "status"])) return undefined;
  const o = v as Record<string, unknown>;
  const symbol = typeof o.symbol === "string" ? o.symbol : o.instId;
  if (typeof symbol !== "string" || (o.side !== "buy" && o.side !== "sell") || !num(o.size)) return undefined;
  const str = (k: string) => (typeof o[k] === "string" ? (o[k] as string) : "");
  return {
    orderId: str("orderId"),
    clientOid: str("clientOid"),
    symbol,
    side: o.side,
    tradeSide: str("tradeSide"),
    orderType: o.orderType === "market" ? "market" : "limit",
    price: num(o.price) ?? "",
    priceAvg: num(o.priceAvg) ?? "",
    size: str("size"),
    baseVolume: num(o.baseVolume) ?? num(o.accBaseVolume) ?? "0",
    status: str("status"),
    reduceOnly: str("reduceOnly"),
    leverage: str("leverage"),
    marginMode: str("marginMode"),
    posMode: str("posMode"),
    cTime: str("cTime"),
    source: str("enterPointSource"),
  };
}

const OPEN_STATUS = new Set(["live", "partially_filled", "new"]);

/** Open orders after a push: open ones added or replaced, finished ones removed. */
export function mergeOrders(current: readonly FuturesOrder[], pushes: readonly unknown[], snapshot: boolean): FuturesOrder[] {
  const byId = new Map(snapshot ? [] : current.map((o) => [o.orderId, o]));
  for (const raw of pushes) {
    const o = futuresOrderOf(raw);
    if (!o) continue;
    if (OPEN_STATUS.has(o.status)) byId.set(o.orderId, o);
    else byId.delete(o.orderId);
  }
  return [...byId.values()].sort((a, b) => Number(b.cTime) - Number(a.cTime));
}

/** The futures account of the margin coin (`account/account`, the `account` channel). */
export interface FuturesAccount {
  marginCoin: string;
  available: string;
  accountEquity: string;
  unrealizedPL: string;
  crossedMaxAvailable: string;
  isolatedMaxAvailable: string;
  posMode: string;
  marginMode: string;
  crossedMarginLeverage: string;
  isolatedLongLever: string;
  isolatedShortLever: string;
}

export function futuresAccountOf(v: unknown): FuturesAccount | undefined {
  if (!v || typeof v !== "object") return undefined;
  const o = v as Record<string, unknown>;
  const coin = typeof o.marginCoin === "string" ? o.marginCoin : typeof o.coin === "string" ? o.coin : undefined;
  if (!coin || !num(o.available)) return undefined;
  // Bitget sends the leverages as JSON numbers, the amounts as text: both are read as text.
  const s = (k: string) =>
    typeof o[k] === "string" ? (o[k] as string) : typeof o[k] === "number" && Number.isFinite(o[k]) ? String(o[k]) : "";
  return {
    marginCoin: coin.toUpperCase(),
    available: s("available"),
    accountEquity: s("accountEquity") || s("equity"),
    unrealizedPL: s("unrealizedPL"),
    crossedMaxAvailable: s("crossedMaxAvailable") || s("available"),
    isolatedMaxAvailable: s("isolatedMaxAvailable") || s("available"),
    posMode: s("posMode") || "one_way_mode",
    marginMode: s("marginMode") || "crossed",
    crossedMarginLeverage: s("crossedMarginLeverage"),
    isolatedLongLever: s("isolatedLongLever"),
    isolatedShortLever: s("isolatedShortLever"),
  };
}
