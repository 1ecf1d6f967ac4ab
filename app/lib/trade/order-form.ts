/**
 * Order entry as pure functions (STYLE.md, after dYdX v4-web's forms): the form's state and the
 * pair's rules go in, a summary (what the order is, what it costs) and errors per field come
 * out, and an order body for `place-order` only when nothing is wrong. Exact decimals throughout.
 */
import type { Force, OrderType, Side } from "../../../protocol/bitget";
import { compare, div, mul, parseDecimal, roundTo, roundToStep, toText, type Decimal } from "~/lib/numbers/decimal";
import type { FieldError } from "./field-error";
import type { Market } from "./market";
import { bandError } from "./price-band";

export type TradeUnit = "coin" | "quote";
/** What the quantity field holds: a size in the base coin, or an amount of the quote coin. */
export type QuantityUnit = "base" | "quote";

export interface OrderFormState {
  side: Side;
  type: OrderType;
  force: Force;
  /** The user's choice for limit orders; market orders follow Bitget (buy in quote, sell in base). */
  unit: TradeUnit;
  price: string;
  quantity: string;
  takeProfit: string;
  stopLoss: string;
}

export interface OrderContext {
  market: Market;
  /** Available balances of the pair's coins, when known (a logged-in user). */
  available?: { base: Decimal; quote: Decimal };
  /**
   * The last traded price: the reference of a market order's estimate and its TP/SL, and of the
   * price band a limit price must lie in (the gateway's reference, docs/decisions/340).
   */
  lastPrice?: Decimal;
}

export type OrderField = "price" | "quantity" | "takeProfit" | "stopLoss";
export type { FieldError } from "./field-error";
export type OrderErrors = Partial<Record<OrderField, FieldError>>;

export interface OrderSummary {
  unit: QuantityUnit;
  price?: Decimal;
  /** The base size (limit orders, market sells). */
  size?: Decimal;
  /** What the order is worth in the quote coin: exact for limits and market buys, an estimate for market sells. */
  total?: Decimal;
  /** A market buy's estimated size at the last price. */
  estimatedSize?: Decimal;
  estimated: boolean;
}

export interface PlaceOrderRequest {
  symbol: string;
  side: Side;
  orderType: OrderType;
  force?: Force;
  price?: string;
  size: string;
  clientOid: string;
  presetTakeProfitPrice?: string;
  presetStopLossPrice?: string;
}

export function quantityUnit(s: Pick<OrderFormState, "side" | "type" | "unit">): QuantityUnit {
  if (s.type === "market") return s.side === "buy" ? "quote" : "base";
  return s.unit === "quote" ? "quote" : "base";
}

type Read = { ok: true; value: Decimal } | { ok: false; error: FieldError | undefined };

/** A typed number: empty, not a number, not positive, or a positive decimal ("," accepted as the decimal mark). */
export function readPositive(text: string): Read {
  const t = text.trim();
  if (t === "") return { ok: false, error: undefined };
  const d = /^\d*[.,]?\d*$/.test(t) && /\d/.test(t) ? parseDecimal(t.replace(",", ".").replace(/^\./, "0.").replace(/\.$/, "")) : undefined;
  if (!d) return { ok: false, error: { key: "invalid" } };
  if (d.int <= 0n) return { ok: false, error: { key: "positive" } };
  return { ok: true, value: d };
}

const onGrid = (v: Decimal, step: Decimal) => compare(roundToStep(v, step), v) === 0;
const required: FieldError = { key: "required" };

function limitPrice(s: OrderFormState): Decimal | undefined {
  if (s.type !== "limit") return undefined;
  const r = readPositive(s.price);
  return r.ok ? r.value : undefined;
}

export function summarize(s: OrderFormState, ctx: OrderContext): OrderSummary {
  const { market } = ctx;
  const unit = quantityUnit(s);
  const price = limitPrice(s);
  const q = readPositive(s.quantity);
  const out: OrderSummary = { unit, estimated: s.type === "market", ...(price ? { price } : {}) };
  if (!q.ok) return out;
  if (s.type === "limit") {
    if (!price) return unit === "base" ? { ...out, size: q.value } : out;
    const size = unit === "base" ? q.value : div(q.value, price, market.quantityPrecision, "down");
    return size ? { ...out, size, total: mul(price, size) } : out;
  }
  if (s.side === "buy") {
    const estimatedSize = ctx.lastPrice ? div(q.value, ctx.lastPrice, market.quantityPrecision, "down") : undefined;
    return { ...out, total: q.value, ...(estimatedSize ? { estimatedSize } : {}) };
  }
  return { ...out, size: q.value, ...(ctx.lastPrice ? { total: mul(q.value, ctx.lastPrice) } : {}) };
}

export function validate(s: OrderFormState, ctx: OrderContext): OrderErrors {
  const { market } = ctx;
  const errors: OrderErrors = {};
  if (s.type === "limit") {
    const r = readPositive(s.price);
    if (!r.ok) errors.price = r.error ?? required;
    else if (!onGrid(r.value, market.tick)) errors.price = { key: "tick", values: { step: toText(market.tick) } };
    else {
      // The gateway's price band around the last price (docs/decisions/340): refused here before it is sent.
      const band = bandError(s.side, r.value, ctx.lastPrice, market.pricePrecision);
      if (band) errors.price = band;
    }
  }
  const quantity = quantityError(s, ctx);
  if (quantity) errors.quantity = quantity;
  const reference = s.type === "limit" ? (errors.price ? undefined : limitPrice(s)) : ctx.lastPrice;
  for (const field of ["takeProfit", "stopLoss"] as const) {
    const e = triggerError(field, s, market, reference);
    if (e) errors[field] = e;
  }
  return errors;
}

function quantityError(s: OrderFormState, ctx: OrderContext): FieldError | undefined {
  const { market } = ctx;
  const r = readPositive(s.quantity);
  if (!r.ok) return r.error ?? required;
  const summary = summarize(s, ctx);
  const unit = summary.unit;
  const step = unit === "base" ? market.lot : market.quoteStep;
  if (!onGrid(r.value, step)) return { key: unit === "base" ? "lot" : "quoteStep", values: { step: toText(step) } };
  const size = summary.size;
  if (size && compare(size, market.minSize) < 0) return { key: "minSize", values: { min: toText(market.minSize), coin: market.base } };
  if (size && compare(size, market.maxSize) > 0) return { key: "maxSize", values: { max: toText(market.maxSize), coin: market.base } };
  // The gateway checks the minimum value of limit orders and market buys (a market sell's is not known in advance).
  const checked = s.type === "limit" || s.side === "buy" ? summary.total : undefined;
  if (checked && compare(checked, market.minNotional) < 0)
    return { key: "minNotional", values: { min: toText(market.minNotional), coin: market.quote } };
  const available = ctx.available;
  if (available) {
    if (s.side === "buy" && summary.total && compare(summary.total, available.quote) > 0)
      return { key: "insufficient", values: { coin: market.quote } };
    if (s.side === "sell" && size && compare(size, available.base) > 0) return { key: "insufficient", values: { coin: market.base } };
  }
  return undefined;
}

/** A preset take-profit or stop-loss: optional; on the tick grid; on the right side of the entry price. */
function triggerError(
  field: "takeProfit" | "stopLoss",
  s: OrderFormState,
  market: Market,
  reference: Decimal | undefined,
): FieldError | undefined {
  const text = s[field];
  if (text.trim() === "") return undefined;
  const r = readPositive(text);
  if (!r.ok) return r.error;
  if (!onGrid(r.value, market.tick)) return { key: "tick", values: { step: toText(market.tick) } };
  if (!reference) return undefined;
  // A buy profits when the price rises, a sell when it falls.
  const above = (field === "takeProfit") === (s.side === "buy");
  const cmp = compare(r.value, reference);
  if (above && cmp <= 0) return { key: field === "takeProfit" ? "tpAbove" : "slAbove", values: { price: toText(reference) } };
  if (!above && cmp >= 0) return { key: field === "takeProfit" ? "tpBelow" : "slBelow", values: { price: toText(reference) } };
  return undefined;
}

/** A fresh `clientOid` for an order or plan the web client sends (Bitget allows up to 50 characters). */
export const newClientOid = (): string => `web-${globalThis.crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;

/**
 * What an order sends, for spot orders and plans alike: its summary and its size (the summary's on a
 * limit order, whole lots; the typed quantity on a market one), or undefined without a size.
 */
export function orderToSend(s: OrderFormState, ctx: OrderContext): { summary: OrderSummary; size: Decimal } | undefined {
  const q = readPositive(s.quantity);
  if (!q.ok) return undefined;
  const summary = summarize(s, ctx);
  const size = s.type === "limit" ? summary.size : q.value;
  return size ? { summary, size } : undefined;
}

/** A request body ready to send, or the errors that stop it. */
export type Built<Body, Errors> = { ok: true; body: Body } | { ok: false; errors: Errors };

/** The `place-order` body, or the errors that stop it. */
export function buildOrder(s: OrderFormState, ctx: OrderContext, clientOid: string): Built<PlaceOrderRequest, OrderErrors> {
  const errors = validate(s, ctx);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const send = orderToSend(s, ctx);
  if (!send) return { ok: false, errors: { quantity: required } };
  const { summary, size } = send;
  const trigger = (text: string) => (text.trim() === "" ? undefined : toText((readPositive(text) as { value: Decimal }).value));
  const tp = trigger(s.takeProfit);
  const sl = trigger(s.stopLoss);
  return {
    ok: true,
    body: {
      symbol: ctx.market.symbol,
      side: s.side,
      orderType: s.type,
      ...(s.type === "limit" && summary.price ? { force: s.force, price: toText(summary.price) } : {}),
      size: toText(size),
      clientOid,
      ...(tp ? { presetTakeProfitPrice: tp } : {}),
      ...(sl ? { presetStopLossPrice: sl } : {}),
    },
  };
}

/** A whole percent of the available balance, 1 to 100 (the slider's steps); the buttons offer four. */
export type Percent = number;
export const PERCENTS: readonly Percent[] = [25, 50, 75, 100];

/**
 * The quantity for a share of the available balance, rounded down to what the pair allows; or
 * `needsPrice` when a limit order's price must come first, or undefined without balances.
 */
export function quantityForPercent(s: OrderFormState, ctx: OrderContext, pct: Percent): string | "needsPrice" | undefined {
  const { market, available } = ctx;
  if (!available || !Number.isInteger(pct) || pct < 1 || pct > 100) return undefined;
  const share = (v: Decimal) => mul(v, { int: BigInt(pct), scale: 2 });
  const unit = quantityUnit(s);
  const price = limitPrice(s);
  if (s.side === "buy") {
    const budget = share(available.quote);
    if (unit === "quote") return toText(roundTo(budget, market.quotePrecision, "down"), 0);
    if (!price) return "needsPrice";
    return toText(div(budget, price, market.quantityPrecision, "down") ?? { int: 0n, scale: 0 });
  }
  const size = roundTo(share(available.base), market.quantityPrecision, "down");
  if (unit === "base") return toText(size);
  if (!price) return "needsPrice";
  return toText(roundTo(mul(size, price), market.quotePrecision, "down"));
}

/** On leaving a field: a price goes to the nearest tick, a quantity down to its step; anything unreadable stays as typed. */
export function normalizeField(field: OrderField, s: OrderFormState, market: Market): string {
  const r = readPositive(s[field]);
  if (!r.ok) return s[field];
  if (field !== "quantity") return toText(roundToStep(r.value, market.tick, "half-up"), market.pricePrecision);
  const step = quantityUnit(s) === "base" ? market.lot : market.quoteStep;
  const rounded = roundToStep(r.value, step, "down");
  return rounded.int === 0n ? s[field] : toText(rounded);
}
