/**
 * Plan (trigger) orders as pure functions, beside order-form.ts: when the last price crosses the
 * trigger, the gateway places a limit or market order. The order it will place is checked by the
 * very rules of a normal order (`validate`/`summarize`), its estimates taken at the trigger price.
 */
import type { OrderType, Side } from "../../../protocol/bitget";
import { compare, roundToStep, toText, type Decimal } from "~/lib/numbers/decimal";
import {
  orderToSend,
  readPositive,
  validate,
  type Built,
  type FieldError,
  type OrderContext,
  type OrderFormState,
  type TradeUnit,
} from "./order-form";

export interface PlanFormState {
  side: Side;
  /** The order placed when it triggers. */
  execute: OrderType;
  unit: TradeUnit;
  triggerPrice: string;
  /** The execute price of a limit plan. */
  price: string;
  quantity: string;
}

export type PlanField = "triggerPrice" | "price" | "quantity";
export type PlanErrors = Partial<Record<PlanField, FieldError>>;

/** `place-plan-order` (Bitget v2 spot). */
export interface PlacePlanRequest {
  symbol: string;
  side: Side;
  triggerPrice: string;
  orderType: OrderType;
  executePrice?: string;
  size: string;
  planType: "amount" | "total";
  triggerType: "fill_price";
  clientOid: string;
}

/** The normal order the plan will place. */
export function planOrder(s: PlanFormState): OrderFormState {
  return { side: s.side, type: s.execute, force: "gtc", unit: s.unit, price: s.price, quantity: s.quantity, takeProfit: "", stopLoss: "" };
}

function trigger(s: PlanFormState): { value?: Decimal; error?: FieldError } {
  const r = readPositive(s.triggerPrice);
  if (!r.ok) return { error: r.error ?? { key: "required" } };
  return { value: r.value };
}

/** The context of the plan's order: a market order is estimated at the trigger, where it will run. */
export function planContext(s: PlanFormState, ctx: OrderContext): OrderContext {
  const t = trigger(s).value;
  return t ? { ...ctx, lastPrice: t } : ctx;
}

export function validatePlan(s: PlanFormState, ctx: OrderContext): PlanErrors {
  const errors: PlanErrors = {};
  const t = trigger(s);
  if (t.error) errors.triggerPrice = t.error;
  else if (t.value && compare(roundToStep(t.value, ctx.market.tick), t.value) !== 0)
    errors.triggerPrice = { key: "tick", values: { step: toText(ctx.market.tick) } };
  const order = validate(planOrder(s), planContext(s, ctx));
  if (order.price) errors.price = order.price;
  if (order.quantity) errors.quantity = order.quantity;
  return errors;
}

export function buildPlan(s: PlanFormState, ctx: OrderContext, clientOid: string): Built<PlacePlanRequest, PlanErrors> {
  const errors = validatePlan(s, ctx);
  const t = trigger(s).value;
  if (Object.keys(errors).length > 0 || !t) return { ok: false, errors };
  const send = orderToSend(planOrder(s), planContext(s, ctx));
  if (!send) return { ok: false, errors: { quantity: { key: "required" } } };
  const { summary, size } = send;
  return {
    ok: true,
    body: {
      symbol: ctx.market.symbol,
      side: s.side,
      triggerPrice: toText(t),
      orderType: s.execute,
      ...(s.execute === "limit" && summary.price ? { executePrice: toText(summary.price) } : {}),
      size: toText(size),
      planType: s.execute === "market" && s.side === "buy" ? "total" : "amount",
      triggerType: "fill_price",
      clientOid,
    },
  };
}

/** The plan fields of the order form, with whether the trader typed the order price. */
export interface PlanPrices {
  type: string;
  triggerPrice: string;
  planPrice: string;
  planPriceTyped: boolean;
}

/**
 * The form after a change, for its plan prices (issue 28): entering the plan tab prefills the
 * trigger and the order price from the current market (never an earlier order's price), and the
 * order price follows the trigger until the trader types one of their own.
 */
export function withPlanPrices<F extends PlanPrices>(cur: F, patch: Partial<F>, lastPrice: string | undefined): F {
  const next = { ...cur, ...patch };
  if (patch.type === "plan" && cur.type !== "plan")
    return { ...next, triggerPrice: lastPrice ?? "", planPrice: lastPrice ?? "", planPriceTyped: false };
  if (patch.triggerPrice !== undefined && !next.planPriceTyped) return { ...next, planPrice: patch.triggerPrice };
  return next;
}

/** What a plan will do once sent, for the sentence beside its submit button: undefined until it can be sent. */
export interface PlanSays {
  key: "buyLimit" | "sellLimit" | "buyMarket" | "sellMarket";
  trigger: string;
  /** The execute price of a limit plan. */
  price?: string;
  /** Base coin, or quote coin for a market buy. */
  size: string;
  sizeCoin: "base" | "quote";
}

export function planSays(body: PlacePlanRequest): PlanSays {
  const market = body.orderType === "market";
  return {
    key: `${body.side}${market ? "Market" : "Limit"}`,
    trigger: body.triggerPrice,
    ...(body.executePrice ? { price: body.executePrice } : {}),
    size: body.size,
    sizeCoin: body.planType === "total" ? "quote" : "base",
  };
}
