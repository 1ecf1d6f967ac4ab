/**
 * What the chart marks for the trader: open limit orders and untriggered plan orders as price
 * lines, fills as markers on their candles; each kind governed by its local preference
 * (`entrustKlineMark`, `planKlineMark`, `positionKlineMark`; docs/decisions/703).
 */
import type { Side } from "../../../../protocol/bitget";
import type { Fill, OpenOrder } from "~/lib/trade/account-data";
import type { Candle } from "~/lib/trade/candles";

export interface MarkPrefs {
  orders: boolean;
  plans: boolean;
  fills: boolean;
}

/**
 * A horizontal line at a price: a resting limit order or the trigger of a plan order; on the
 * futures screen also a position's entry and liquidation prices and the mark price.
 */
export interface PriceMark {
  id: string;
  kind: "order" | "plan" | "entry" | "liquidation" | "mark";
  side: Side;
  price: string;
  size: string;
}

/** The trader's fills of one side inside one candle, drawn as one arrow on that candle. */
export interface FillMark {
  /** The candle's start time (ms). */
  time: number;
  side: Side;
  count: number;
  size: string;
  /** The last fill's price in the candle. */
  price: string;
}

/** A plan (trigger) order as the `orders-algo` channel and `current-plan-order` give it. */
export interface PlanOrder {
  orderId: string;
  symbol: string;
  side: Side;
  size: string;
  triggerPrice: string;
  status: string;
  /** The kind of a futures plan (`normal_plan`, `pos_profit`, `loss_plan`, ...): the list says which is a TP or an SL. */
  planType?: string;
}

const DECIMAL = /^\d{1,30}(\.\d{1,30})?$/;
const isSide = (v: unknown): v is Side => v === "buy" || v === "sell";

/** Reads one plan-order row, or undefined for anything that is not one. */
export function planOf(v: unknown): PlanOrder | undefined {
  if (!v || typeof v !== "object") return undefined;
  const o = v as Record<string, unknown>;
  const symbol = typeof o.symbol === "string" ? o.symbol : o.instId;
  if (typeof o.orderId !== "string" || typeof symbol !== "string" || !isSide(o.side)) return undefined;
  if (typeof o.triggerPrice !== "string" || !DECIMAL.test(o.triggerPrice) || typeof o.size !== "string" || typeof o.status !== "string")
    return undefined;
  const plan: PlanOrder = { orderId: o.orderId, symbol, side: o.side, size: o.size, triggerPrice: o.triggerPrice, status: o.status };
  if (typeof o.planType === "string" && o.planType) plan.planType = o.planType;
  return plan;
}

/** Plan orders after a push: a snapshot replaces them, an update replaces its order; only this pair's waiting ones stay. */
export function mergePlans(current: readonly PlanOrder[], pushes: readonly unknown[], symbol: string, snapshot: boolean): PlanOrder[] {
  const byId = new Map(snapshot ? [] : current.map((p) => [p.orderId, p]));
  for (const raw of pushes) {
    const p = planOf(raw);
    if (!p || p.symbol !== symbol) continue;
    if (p.status === "not_trigger" || p.status === "live") byId.set(p.orderId, p);
    else byId.delete(p.orderId);
  }
  return [...byId.values()];
}

/** The price lines to draw: limit orders (a market order has no price to mark) and waiting plan orders. */
export function priceMarks(orders: readonly OpenOrder[], plans: readonly PlanOrder[], prefs: MarkPrefs): PriceMark[] {
  const out: PriceMark[] = [];
  if (prefs.orders)
    for (const o of orders)
      if (o.orderType === "limit" && DECIMAL.test(o.priceAvg))
        out.push({ id: o.orderId, kind: "order", side: o.side, price: o.priceAvg, size: o.size });
  if (prefs.plans) for (const p of plans) out.push({ id: p.orderId, kind: "plan", side: p.side, price: p.triggerPrice, size: p.size });
  return out;
}

/** The last candle that starts at or before `ts`, by binary search; -1 when `ts` is before them all. */
function candleAt(candles: readonly Candle[], ts: number): number {
  let lo = 0;
  let hi = candles.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (candles[mid]!.ts <= ts) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * Fills grouped per candle and side, oldest first (the chart library wants markers in time
 * order). Fills older than the first candle shown are left out: they appear when that history is paged in.
 */
export function fillMarks(fills: readonly Fill[], candles: readonly Candle[], on: boolean): FillMark[] {
  if (!on || candles.length === 0) return [];
  const groups = new Map<string, FillMark & { sum: number }>();
  const sorted = [...fills].filter((f) => /^\d{1,15}$/.test(f.cTime)).sort((a, b) => Number(a.cTime) - Number(b.cTime));
  for (const f of sorted) {
    const at = candleAt(candles, Number(f.cTime));
    if (at < 0) continue;
    const time = candles[at]!.ts;
    const key = `${time}:${f.side}`;
    const g = groups.get(key);
    const size = Number(f.size);
    if (g) {
      g.count += 1;
      g.sum += size;
      g.price = f.priceAvg;
    } else groups.set(key, { time, side: f.side, count: 1, sum: size, size: f.size, price: f.priceAvg });
  }
  return [...groups.values()]
    .map(({ sum, ...m }) => ({ ...m, size: m.count === 1 ? m.size : String(Number(sum.toPrecision(12))) }))
    .sort((a, b) => a.time - b.time || a.side.localeCompare(b.side));
}
