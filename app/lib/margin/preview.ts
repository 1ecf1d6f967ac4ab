/**
 * The risk rate an action would leave a margin account at, before the trader confirms it (issue 26,
 * docs/decisions/707): the gateway's arithmetic (gateway/margin/valuation.ts, `state()`) on what the
 * screen already holds, so the number follows the typing. Coins are valued in USDT at the last
 * price, assets rounded down and liabilities up, each coin to the ledger's 8 decimals; the rate is
 * assets ÷ liabilities to 4 decimals, rounded down (as `account/risk-rate` sends it). An order's
 * expected fill walks the book the screen shows up to its limit price, or for a market order its
 * protection price (protocol/price-protection.ts, the last price as reference); the fee is the
 * taker's, and an auto-borrow adds the shortfall to both sides. Pure, exact decimals.
 */
import { DEFAULT_BAND, protectionPrice, type PriceBand } from "../../../protocol/price-protection";
import { add, compare, div, isZero, mul, parseDecimal, roundTo, type Decimal } from "~/lib/numbers/decimal";
import type { BookLevel } from "~/lib/ws/order-book";
import { borrows, type LoanType, type MarginAsset, type MarginListing } from "./api";
import { DEFAULT_LIQUIDATION_RATIO, DEFAULT_WARNING_RATIO, riskLevel, type RiskLevel } from "./maths";

/** The gateway keeps coins and USDT values to 8 decimals. */
export const LEDGER_DIGITS = 8;
/** A risk rate has 4 decimals (parts of 10⁴, gateway/margin/valuation.ts). */
export const RISK_DIGITS = 4;

const ZERO: Decimal = { int: 0n, scale: 0 };
const ONE: Decimal = { int: 1n, scale: 0 };
const neg = (d: Decimal): Decimal => ({ int: -d.int, scale: d.scale });
const sub = (a: Decimal, b: Decimal) => add(a, neg(b));
const min = (a: Decimal, b: Decimal) => (compare(a, b) <= 0 ? a : b);
const dec = (v: string | undefined): Decimal => (v ? (parseDecimal(v) ?? ZERO) : ZERO);

/** One coin of the account: all of it (free and in orders) and all it owes (loan and interest). */
export interface Holding {
  coin: string;
  total: Decimal;
  debt: Decimal;
}

/** A coin's price in USDT (1 for USDT), or undefined when the screen does not know it. */
export type PriceOf = (coin: string) => Decimal | undefined;

/** The margin call (warning) and liquidation levels, as risk rates. */
export interface Thresholds {
  warning: Decimal;
  liquidation: Decimal;
}

export function holdingsOf(assets: readonly MarginAsset[]): Holding[] {
  return assets.map((a) => ({ coin: a.coin, total: dec(a.totalAmount), debt: add(dec(a.borrow), dec(a.interest)) }));
}

/** The levels the gateway lists for the pair (`margin/currencies`), else its defaults. */
export function thresholdsOf(listing: Pick<MarginListing, "warningRiskRatio" | "liquidationRiskRatio"> | null | undefined): Thresholds {
  const read = (v: string | undefined, fallback: number) => {
    const d = v ? parseDecimal(v) : undefined;
    return d && d.int > 0n ? d : (parseDecimal(String(fallback)) as Decimal);
  };
  return {
    warning: read(listing?.warningRiskRatio, DEFAULT_WARNING_RATIO),
    liquidation: read(listing?.liquidationRiskRatio, DEFAULT_LIQUIDATION_RATIO),
  };
}

/**
 * Prices in `quote` from the last prices of `${coin}${quote}` pairs (a ticker list), the pair on
 * screen at its live price; the quote coin is worth 1.
 */
export function pricesFrom(
  tickers: ReadonlyArray<{ symbol: string; lastPr?: string }>,
  quote: string,
  live?: { base: string; price: Decimal | undefined },
): PriceOf {
  return (coin) => {
    if (coin === quote) return ONE;
    if (live && coin === live.base && live.price) return live.price;
    const p = parseDecimal(tickers.find((t) => t.symbol === `${coin}${quote}`)?.lastPr ?? "");
    return p && p.int > 0n ? p : undefined;
  };
}

/** What the account is worth and owes in USDT; undefined when a coin it holds or owes has no price. */
export function accountValue(holdings: readonly Holding[], priceOf: PriceOf): { assets: Decimal; liabilities: Decimal } | undefined {
  let assets = ZERO;
  let liabilities = ZERO;
  for (const h of holdings) {
    if (isZero(h.total) && isZero(h.debt)) continue;
    const price = priceOf(h.coin);
    if (!price) return undefined;
    assets = add(assets, roundTo(mul(h.total, price), LEDGER_DIGITS, "down"));
    liabilities = add(liabilities, roundTo(mul(h.debt, price), LEDGER_DIGITS, "up"));
  }
  return { assets, liabilities };
}

/** assets ÷ liabilities to 4 decimals, rounded down; undefined without debt (Bitget's "0"). */
export function riskRatio(v: { assets: Decimal; liabilities: Decimal }): Decimal | undefined {
  if (v.liabilities.int <= 0n) return undefined;
  return div(v.assets.int < 0n ? ZERO : v.assets, v.liabilities, RISK_DIGITS, "down");
}

/** What an action changes of one coin: signed amounts added to what the account holds and owes. */
export interface Change {
  coin: string;
  total?: Decimal;
  debt?: Decimal;
}

export function applyChanges(holdings: readonly Holding[], changes: readonly Change[]): Holding[] {
  const out = holdings.map((h) => ({ ...h }));
  for (const c of changes) {
    let h = out.find((x) => x.coin === c.coin);
    if (!h) out.push((h = { coin: c.coin, total: ZERO, debt: ZERO }));
    if (c.total) h.total = add(h.total, c.total);
    if (c.debt) h.debt = add(h.debt, c.debt);
  }
  return out;
}

/** A borrow: the coin arrives and is owed. (The first hour's interest, a few millionths, is left out.) */
export const borrowChanges = (coin: string, amount: Decimal): Change[] => [{ coin, total: amount, debt: amount }];

export interface RiskPreview {
  /** The risk rate now and after; undefined: no debt. */
  before: Decimal | undefined;
  after: Decimal | undefined;
  level: RiskLevel;
  /**
   * The screen refuses it: it lands at or below the margin call and makes the rate worse (an action
   * that keeps or raises the rate of an account already in margin call, such as repaying, is not refused).
   */
  refused: boolean;
}

export function previewRisk(
  holdings: readonly Holding[],
  changes: readonly Change[],
  priceOf: PriceOf,
  th: Thresholds,
): RiskPreview | undefined {
  const now = accountValue(holdings, priceOf);
  const next = accountValue(applyChanges(holdings, changes), priceOf);
  if (!now || !next) return undefined;
  const before = riskRatio(now);
  const after = riskRatio(next);
  const worse = after !== undefined && (before === undefined || compare(after, before) < 0);
  const refused = worse && compare(after, th.warning) <= 0;
  const level = riskLevel(after === undefined ? undefined : ratioNumber(after), ratioNumber(th.warning), ratioNumber(th.liquidation));
  return { before, after, level, refused };
}

/** A ratio for the gauge's bands (display only; the refusal compares exact decimals). */
const ratioNumber = (d: Decimal) => Number(d.int) / 10 ** d.scale;

// ---- orders --------------------------------------------------------------------------------------

/** A margin order as `place-order` gets it, read exactly. */
export interface OrderPlan {
  side: "buy" | "sell";
  type: "limit" | "market";
  loanType: LoanType;
  /** A limit order's price. */
  price?: Decimal;
  /** Limit orders and market sells. */
  baseSize?: Decimal;
  /** Market buys. */
  quoteSize?: Decimal;
}

export function planOf(body: {
  side: "buy" | "sell";
  orderType: "limit" | "market";
  loanType: LoanType;
  price?: string;
  baseSize?: string;
  quoteSize?: string;
}): OrderPlan | undefined {
  const price = body.price ? parseDecimal(body.price) : undefined;
  const baseSize = body.baseSize ? parseDecimal(body.baseSize) : undefined;
  const quoteSize = body.quoteSize ? parseDecimal(body.quoteSize) : undefined;
  if (body.orderType === "limit" ? !price || !baseSize : body.side === "buy" ? !quoteSize : !baseSize) return undefined;
  return {
    side: body.side,
    type: body.orderType,
    loanType: body.loanType,
    ...(price ? { price } : {}),
    ...(baseSize ? { baseSize } : {}),
    ...(quoteSize ? { quoteSize } : {}),
  };
}

/** The pair as the estimate needs it. */
export interface PairBook {
  base: string;
  quote: string;
  pricePrecision: number;
  quantityPrecision: number;
  /** The last price: the market order's reference. */
  lastPrice: Decimal | undefined;
  /** Asks from the lowest up, bids from the highest down (the screen's book). */
  asks: readonly BookLevel[];
  bids: readonly BookLevel[];
  /** The taker fee rate (0.001 = 0.1 %). */
  takerRate: Decimal;
  band?: PriceBand;
}

export interface FillEstimate {
  /** What fills at once, in the base and the quote coin. */
  base: Decimal;
  quote: Decimal;
  /** The worst price it may fill at: the limit, or a market order's protection price. */
  bound: Decimal | undefined;
  /** Part of the order does not fill at once: a limit order's rest waits in the book, a market order's is cancelled. */
  partial: boolean;
}

/** A market order's protection price from the last price; undefined before any trade. */
export function marketBound(
  side: "buy" | "sell",
  last: Decimal | undefined,
  pricePrecision: number,
  band: PriceBand = DEFAULT_BAND,
): Decimal | undefined {
  if (!last || last.int <= 0n) return undefined;
  const ticks = Number(roundTo(last, pricePrecision, "half-up").int);
  return { int: BigInt(protectionPrice(side, ticks, band)), scale: pricePrecision };
}

/**
 * The expected immediate fill: the opposite side of the book from its best level, no further than
 * the limit price (or the protection price), up to the order's size (or, for a market buy, its
 * quote amount: whole lots at each level, rounded down).
 */
export function expectedFill(order: OrderPlan, pair: PairBook): FillEstimate {
  const buy = order.side === "buy";
  const bound = order.type === "limit" ? order.price : marketBound(order.side, pair.lastPrice, pair.pricePrecision, pair.band);
  let base = ZERO;
  let quote = ZERO;
  const byQuote = order.type === "market" && buy;
  let left = (byQuote ? order.quoteSize : order.baseSize) ?? ZERO;
  // A market order before any trade has no protection price: the gateway fills nothing of it here.
  if (order.type === "market" && !bound) return { base, quote, bound, partial: left.int > 0n };
  for (const level of buy ? pair.asks : pair.bids) {
    if (left.int <= 0n) break;
    const price = parseDecimal(level.price);
    const size = parseDecimal(level.size);
    if (!price || !size || price.int <= 0n) continue;
    if (bound && (buy ? compare(price, bound) > 0 : compare(price, bound) < 0)) break;
    let take: Decimal;
    if (byQuote) {
      const cost = mul(price, size);
      take = compare(cost, left) <= 0 ? size : (div(left, price, pair.quantityPrecision, "down") ?? ZERO);
      if (take.int <= 0n) break;
      left = sub(left, mul(price, take));
    } else {
      take = min(size, left);
      left = sub(left, take);
    }
    base = add(base, take);
    quote = add(quote, mul(price, take));
  }
  return { base, quote, bound, partial: left.int > 0n };
}

export interface OrderPreview extends RiskPreview {
  fill: FillEstimate;
  /** What the order pays in fees at the expected fill: in the base coin for a buy, the quote for a sell. */
  fee: { amount: Decimal; coin: string };
  /** What it borrows when placed (auto-borrow), if anything. */
  borrow: { amount: Decimal; coin: string } | undefined;
}

/**
 * What an order would leave the account at (the gateway's order path, gateway/margin/orders.ts): an
 * auto-borrow lends the shortfall of what the order freezes beyond the free balance; the expected
 * fill moves the coins, less the taker fee; an auto-repay pays the debt in the coin the fill brings,
 * up to what it brought. What rests in the book stays the account's (frozen, still counted).
 */
export function previewOrder(
  order: OrderPlan,
  account: { holdings: readonly Holding[]; free: { base: Decimal; quote: Decimal } },
  pair: PairBook,
  priceOf: PriceOf,
  th: Thresholds,
): OrderPreview | undefined {
  const buy = order.side === "buy";
  const spend = buy ? pair.quote : pair.base;
  const get = buy ? pair.base : pair.quote;
  const changes: Change[] = [];
  let borrow: OrderPreview["borrow"];
  if (borrows(order.loanType)) {
    const freeze = buy
      ? order.type === "market"
        ? order.quoteSize
        : order.price && order.baseSize && mul(order.price, order.baseSize)
      : order.baseSize;
    const free = buy ? account.free.quote : account.free.base;
    if (freeze && compare(freeze, free) > 0) {
      borrow = { amount: sub(freeze, free), coin: spend };
      changes.push(...borrowChanges(spend, borrow.amount));
    }
  }
  const fill = expectedFill(order, pair);
  const gross = buy ? fill.base : fill.quote;
  const fee = roundTo(mul(gross, pair.takerRate), LEDGER_DIGITS, "up");
  const received = sub(gross, fee);
  changes.push({ coin: spend, total: neg(buy ? fill.quote : fill.base) }, { coin: get, total: received });
  if (order.loanType === "autoRepay" || order.loanType === "autoLoanAndRepay") {
    const owed = account.holdings.find((h) => h.coin === get)?.debt ?? ZERO;
    const repay = received.int > 0n ? min(received, owed) : ZERO;
    if (repay.int > 0n) changes.push({ coin: get, total: neg(repay), debt: neg(repay) });
  }
  const risk = previewRisk(account.holdings, changes, priceOf, th);
  return risk && { ...risk, fill, fee: { amount: fee, coin: get }, borrow };
}
