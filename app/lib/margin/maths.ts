/**
 * The margin form's rules as pure functions (docs/decisions/707): what an order may spend once it
 * can borrow, the body `place-order` reads, the checks of a borrow or repay amount and the risk
 * rate's level. Exact decimals; the spot form's rules (lib/trade/order-form.ts) do the rest.
 */
import { add, compare, div, parseDecimal, roundTo, toText, type Decimal } from "~/lib/numbers/decimal";
import {
  buildOrder,
  readPositive,
  type FieldError,
  type OrderContext,
  type OrderErrors,
  type OrderFormState,
} from "~/lib/trade/order-form";
import { borrows, type LoanType, type MarginAsset } from "./api";

const ZERO: Decimal = { int: 0n, scale: 0 };
const dec = (v: string | undefined): Decimal => (v ? (parseDecimal(v) ?? ZERO) : ZERO);

/** What the account holds of the pair's coins and what it may still borrow of each. */
export interface MarginFunds {
  available: { base: Decimal; quote: Decimal };
  borrowable: { base: Decimal; quote: Decimal };
}

export function fundsOf(
  assets: readonly MarginAsset[],
  base: string,
  quote: string,
  borrowable: { base?: string; quote?: string },
): MarginFunds {
  const of = (coin: string) => dec(assets.find((a) => a.coin === coin)?.available);
  return {
    available: { base: of(base), quote: of(quote) },
    borrowable: { base: dec(borrowable.base), quote: dec(borrowable.quote) },
  };
}

/** What an order may spend: the free balance, plus what can be borrowed when the order borrows. */
export function spendable(funds: MarginFunds, loanType: LoanType): { base: Decimal; quote: Decimal } {
  if (!borrows(loanType)) return funds.available;
  return { base: add(funds.available.base, funds.borrowable.base), quote: add(funds.available.quote, funds.borrowable.quote) };
}

/**
 * The most the trader can buy or sell, in the base coin: a buy spends the quote at `price` (the
 * limit or the last price), a sell the base; both with what can be borrowed when the order borrows.
 */
export function maxTrade(
  funds: MarginFunds,
  loanType: LoanType,
  price: Decimal | undefined,
  quantityPrecision: number,
): { buy: Decimal | undefined; sell: Decimal } {
  const s = spendable(funds, loanType);
  const buy = price && price.int > 0n ? div(s.quote, price, quantityPrecision, "down") : undefined;
  return { buy, sell: roundTo(s.base, quantityPrecision, "down") };
}

/** What an order costing `cost` would borrow beyond the free balance `free`, if anything. */
export function shortfall(cost: Decimal | undefined, free: Decimal): Decimal | undefined {
  if (!cost || compare(cost, free) <= 0) return undefined;
  return add(cost, { int: -free.int, scale: free.scale });
}

/** Bitget's margin `place-order` body: the spot order's fields, its size as `baseSize` or `quoteSize`, and the loan type. */
export interface MarginOrderRequest {
  symbol: string;
  side: OrderFormState["side"];
  orderType: OrderFormState["type"];
  loanType: LoanType;
  force: string;
  price?: string;
  baseSize?: string;
  quoteSize?: string;
  clientOid: string;
}

/**
 * The spot form's checks and body with the margin account's spending power; a market buy is sized
 * in the quote (`quoteSize`), everything else in the base (`baseSize`). Margin orders carry no TP/SL.
 */
export function buildMarginOrder(
  s: OrderFormState,
  ctx: OrderContext,
  loanType: LoanType,
  clientOid: string,
): { ok: true; body: MarginOrderRequest } | { ok: false; errors: OrderErrors } {
  const built = buildOrder({ ...s, takeProfit: "", stopLoss: "" }, ctx, clientOid);
  if (!built.ok) return built;
  const b = built.body;
  const quoteSized = b.orderType === "market" && b.side === "buy";
  return {
    ok: true,
    body: {
      symbol: b.symbol,
      side: b.side,
      orderType: b.orderType,
      loanType,
      // Bitget's margin API wants a force on every order; a market order runs as IOC would.
      force: b.force ?? "gtc",
      ...(b.price ? { price: b.price } : {}),
      ...(quoteSized ? { quoteSize: b.size } : { baseSize: b.size }),
      clientOid,
    },
  };
}

/**
 * A borrow or repay amount: positive, at most `digits` decimals, no more than `max` (what can be
 * borrowed, or what is owed and can be paid). The amount is sent as typed, read exactly.
 */
export function checkAmount(
  text: string,
  max: Decimal | undefined,
  digits: number,
): { ok: true; amount: string } | { ok: false; error: FieldError } {
  const r = readPositive(text);
  if (!r.ok) return { ok: false, error: r.error ?? { key: "required" } };
  if (r.value.scale > digits && compare(roundTo(r.value, digits, "down"), r.value) !== 0)
    return { ok: false, error: { key: "margin.decimals", values: { digits: String(digits) } } };
  if (max && compare(r.value, max) > 0) return { ok: false, error: { key: "margin.overMax", values: { max: toText(max) } } };
  return { ok: true, amount: toText(r.value) };
}

/** What repaying can clear: the debt with its interest, but no more than the free balance. */
export function repayable(asset: MarginAsset | undefined): Decimal {
  if (!asset) return ZERO;
  const owed = add(dec(asset.borrow), dec(asset.interest));
  const free = dec(asset.available);
  return compare(owed, free) <= 0 ? owed : free;
}

/**
 * Bitget's risk rate is assets ÷ liabilities (no debt: none, sent as "0"): it falls as risk grows.
 * A margin call comes at 130 % and liquidation at 110 % unless the pair's listing says otherwise
 * (the gateway's defaults too, docs/decisions/707).
 */
export const DEFAULT_WARNING_RATIO = 1.3;
export const DEFAULT_LIQUIDATION_RATIO = 1.1;
/** Below twice its debt an account is shown at medium risk. */
export const MEDIUM_RATIO = 2;

export type RiskLevel = "none" | "low" | "medium" | "call" | "liquidation";

/** The risk rate's band: no debt, low, medium, margin call, liquidation. */
export function riskLevel(ratio: number | undefined, warning = DEFAULT_WARNING_RATIO, liquidation = DEFAULT_LIQUIDATION_RATIO): RiskLevel {
  if (ratio === undefined || !Number.isFinite(ratio) || ratio <= 0) return "none";
  if (ratio <= liquidation) return "liquidation";
  if (ratio <= warning) return "call";
  return ratio < Math.max(MEDIUM_RATIO, warning) ? "medium" : "low";
}

/** How far towards liquidation the account is, 0–1: liquidation ÷ risk rate (0 without debt). */
export function riskShare(ratio: number | undefined, liquidation = DEFAULT_LIQUIDATION_RATIO): number {
  if (ratio === undefined || !Number.isFinite(ratio) || ratio <= 0) return 0;
  return Math.min(1, liquidation / ratio);
}

/**
 * Whether to warn of a margin call now: once when the rate falls to the warning, and again only
 * after it rose well back above it or the debt is gone (a rate hovering at the line says it once).
 */
export function marginCallWatch(warning = DEFAULT_WARNING_RATIO): (ratio: number | undefined) => boolean {
  let armed = true;
  return (ratio) => {
    if (ratio === undefined || !Number.isFinite(ratio)) return false;
    if (ratio <= 0 || ratio > warning * 1.15) {
      armed = true;
      return false;
    }
    if (ratio <= warning && armed) {
      armed = false;
      return true;
    }
    return false;
  };
}
