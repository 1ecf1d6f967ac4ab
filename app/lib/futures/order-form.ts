/**
 * The futures order form's rules (docs/decisions/705): what the trader typed becomes Bitget's
 * `place-order` / `place-plan-order` body, with the cost, the estimated liquidation price and the
 * fee shown before it is sent. Pure, so every rule is tested without a browser.
 */
import { compare, parseDecimal, roundToStep, toText, type Decimal } from "~/lib/numbers/decimal";
import { MARGIN_COIN, PRODUCT_TYPE } from "./api";
import type { FuturesMarket } from "./contract";
import { bandError, marketProtection } from "~/lib/trade/price-band";
import { liquidationPrice, orderCost, sizeInBase, type FuturesUnit, type HoldSide, type MarginMode } from "./maths";

export type FuturesOrderKind = "limit" | "market" | "plan";
export type TradeSide = "open" | "close";
export type PosMode = "one_way_mode" | "hedge_mode";
export type FuturesField = "price" | "triggerPrice" | "size" | "takeProfit" | "stopLoss";
export type FuturesErrorKey =
  | "required"
  | "notNumber"
  | "offTick"
  | "belowMinSize"
  | "belowMinValue"
  | "aboveAvailable"
  | "tpSide"
  | "slSide"
  | "bandHigh"
  | "bandLow";

export interface FuturesFormInput {
  kind: FuturesOrderKind;
  tradeSide: TradeSide;
  holdSide: HoldSide;
  price: string;
  triggerPrice: string;
  /** A plan's own price; empty runs it at market when triggered. */
  planPrice: string;
  size: string;
  unit: FuturesUnit;
  tpsl: boolean;
  takeProfit: string;
  stopLoss: string;
}

export interface FuturesFormContext {
  market: FuturesMarket;
  marginMode: MarginMode;
  posMode: PosMode;
  leverage: number;
  /** The price a market order is estimated at (the last price). */
  lastPrice: string | undefined;
  /** The mark price: the reference of the gateway's price band and a market order's protection price (docs/decisions/341). */
  markPrice?: string | undefined;
  /** USDT free to open with; undefined for a guest. */
  available: number | undefined;
  /** The size that can be closed on this side (base coin). */
  closable: number | undefined;
}

export interface FuturesPreview {
  /** The size in the base coin. */
  size: string;
  /** Initial margin plus the opening fee (opening orders). */
  cost?: number;
  margin?: number;
  fee: number;
  liquidation?: number;
}

export type FuturesBody = Record<string, string>;

export interface FuturesFormResult {
  errors: Partial<Record<FuturesField, { key: FuturesErrorKey; values?: Record<string, string> }>>;
  preview?: FuturesPreview;
  /** The request to send, only when there are no errors. */
  request?: { path: "order" | "plan"; body: FuturesBody };
}

const positive = (v: string): Decimal | undefined => {
  const d = parseDecimal(v);
  return d && d.int > 0n ? d : undefined;
};

/** Bitget's sides: in one-way mode the order's own direction (a close is reduce-only); in hedge mode the position's, with `tradeSide`. */
export function sidesOf(
  tradeSide: TradeSide,
  hold: HoldSide,
  posMode: PosMode,
): { side: "buy" | "sell"; tradeSide?: TradeSide; reduceOnly?: "YES" } {
  if (posMode === "hedge_mode") return { side: hold === "long" ? "buy" : "sell", tradeSide };
  const opensLong = (tradeSide === "open") === (hold === "long");
  return { side: opensLong ? "buy" : "sell", ...(tradeSide === "close" ? { reduceOnly: "YES" as const } : {}) };
}

type FuturesError = { key: FuturesErrorKey; values?: Record<string, string> };

/** The side of the book an order trades on: buying opens a long or closes a short, whatever the position mode. */
export function bookSideOf(tradeSide: TradeSide, hold: HoldSide): "buy" | "sell" {
  return (tradeSide === "open") === (hold === "long") ? "buy" : "sell";
}

/**
 * The band's refusal of the form's price for one button (open/close long or short), or undefined:
 * what beside the price field says the button is refused, before anything is sent.
 */
export function futuresBandError(input: FuturesFormInput, ctx: FuturesFormContext, hold: HoldSide): FuturesError | undefined {
  const e = checkFuturesOrder({ ...input, holdSide: hold }, ctx, "band").errors.price;
  return e && (e.key === "bandHigh" || e.key === "bandLow") ? e : undefined;
}

/** A market order's protection price for one button (the worst it fills at), from the mark price. */
export function futuresProtection(tradeSide: TradeSide, hold: HoldSide, ctx: Pick<FuturesFormContext, "market" | "markPrice">) {
  return marketProtection(bookSideOf(tradeSide, hold), ctx.markPrice, ctx.market.pricePrecision);
}

export function checkFuturesOrder(input: FuturesFormInput, ctx: FuturesFormContext, clientOid: string): FuturesFormResult {
  const { market } = ctx;
  const errors: FuturesFormResult["errors"] = {};
  const priceOf = (field: FuturesField, text: string): Decimal | undefined => {
    if (text.trim() === "") {
      errors[field] = { key: "required" };
      return undefined;
    }
    const d = positive(text);
    if (!d) {
      errors[field] = { key: "notNumber" };
      return undefined;
    }
    if (compare(roundToStep(d, market.tick), d) !== 0) errors[field] = { key: "offTick", values: { step: toText(market.tick) } };
    return d;
  };

  const limitPrice = input.kind === "limit" ? priceOf("price", input.price) : undefined;
  const trigger = input.kind === "plan" ? priceOf("triggerPrice", input.triggerPrice) : undefined;
  const planPrice = input.kind === "plan" && input.planPrice.trim() !== "" ? priceOf("price", input.planPrice) : undefined;
  // The band around the mark (docs/decisions/341): a limit price now; a plan's own price against its
  // trigger, the mark price it fires at (the gateway checks it then).
  const bookSide = bookSideOf(input.tradeSide, input.holdSide);
  if (limitPrice && !errors.price) {
    const band = bandError(bookSide, limitPrice, ctx.markPrice, market.pricePrecision);
    if (band) errors.price = band as FuturesError;
  }
  if (planPrice && trigger && !errors.price && !errors.triggerPrice) {
    const band = bandError(bookSide, planPrice, trigger, market.pricePrecision);
    if (band) errors.price = band as FuturesError;
  }
  // Where the order is expected to run: its price, its trigger, or the last price.
  const at = limitPrice ?? planPrice ?? trigger ?? (ctx.lastPrice ? positive(ctx.lastPrice) : undefined);
  const atText = at ? toText(at) : undefined;

  let size: Decimal | undefined;
  if (input.size.trim() === "") errors.size = { key: "required" };
  else {
    size = sizeInBase(input.size, input.unit, { contractSize: market.contractSize, lot: market.lot, price: atText });
    if (!size) errors.size = { key: "notNumber" };
    else if (compare(size, market.minSize) < 0)
      errors.size = { key: "belowMinSize", values: { min: toText(market.minSize), coin: market.base } };
  }

  const price = at ? Number(toText(at)) : undefined;
  const qty = size ? Number(toText(size)) : undefined;
  const opening = input.tradeSide === "open";
  const feeRate = market.takerRate;

  if (size && price && opening && price * qty! < Number(toText(market.minNotional)))
    errors.size = { key: "belowMinValue", values: { min: toText(market.minNotional), coin: market.quote } };

  let preview: FuturesPreview | undefined;
  if (size && price && qty) {
    if (opening) {
      const cost = orderCost(price, qty, ctx.leverage, feeRate);
      const collateral = ctx.marginMode === "isolated" ? cost.margin : Math.max(cost.margin, (ctx.available ?? cost.total) - cost.fee);
      preview = {
        size: toText(size),
        cost: cost.total,
        margin: cost.margin,
        fee: cost.fee,
        liquidation: liquidationPrice({ side: input.holdSide, entry: price, qty, collateral, feeRate }),
      };
      if (ctx.available !== undefined && cost.total > ctx.available && !errors.size) errors.size = { key: "aboveAvailable" };
    } else {
      preview = { size: toText(size), fee: price * qty * feeRate };
      if (ctx.closable !== undefined && qty > ctx.closable + 1e-12 && !errors.size) errors.size = { key: "aboveAvailable" };
    }
  }

  // A take-profit above a long's entry (below a short's); a stop-loss the other way.
  const tpsl = opening && input.tpsl;
  const tp = tpsl && input.takeProfit.trim() !== "" ? priceOf("takeProfit", input.takeProfit) : undefined;
  const sl = tpsl && input.stopLoss.trim() !== "" ? priceOf("stopLoss", input.stopLoss) : undefined;
  if (tp && at && !errors.takeProfit && compare(tp, at) !== (input.holdSide === "long" ? 1 : -1)) errors.takeProfit = { key: "tpSide" };
  if (sl && at && !errors.stopLoss && compare(sl, at) !== (input.holdSide === "long" ? -1 : 1)) errors.stopLoss = { key: "slSide" };

  if (Object.keys(errors).length > 0 || !size) return { errors, preview };
  const sides = sidesOf(input.tradeSide, input.holdSide, ctx.posMode);
  const body: FuturesBody = {
    symbol: market.symbol,
    productType: PRODUCT_TYPE,
    marginMode: ctx.marginMode,
    marginCoin: MARGIN_COIN,
    size: toText(size),
    side: sides.side,
    clientOid,
    ...(sides.tradeSide ? { tradeSide: sides.tradeSide } : {}),
    ...(sides.reduceOnly ? { reduceOnly: sides.reduceOnly } : {}),
  };
  if (input.kind === "plan") {
    Object.assign(body, {
      planType: "normal_plan",
      triggerPrice: toText(trigger!),
      triggerType: "mark_price",
      orderType: planPrice ? "limit" : "market",
      ...(planPrice ? { price: toText(planPrice) } : {}),
      ...(tp ? { stopSurplusTriggerPrice: toText(tp), stopSurplusTriggerType: "mark_price" } : {}),
      ...(sl ? { stopLossTriggerPrice: toText(sl), stopLossTriggerType: "mark_price" } : {}),
    });
    return { errors, preview, request: { path: "plan", body } };
  }
  Object.assign(body, {
    orderType: input.kind,
    ...(input.kind === "limit" ? { price: toText(limitPrice!), force: "gtc" } : {}),
    ...(tp ? { presetStopSurplusPrice: toText(tp) } : {}),
    ...(sl ? { presetStopLossPrice: toText(sl) } : {}),
  });
  return { errors, preview, request: { path: "order", body } };
}
