/**
 * What the private stream says happened to the trader's orders, for the page's toasts: an order
 * placed, partly filled, filled or cancelled (the `orders` channel), a plan that triggered or
 * whose order was refused (`orders-algo`). Pure: the previous state goes in, events come out.
 */
import { hasStringFields, isOpenOrder, type OpenOrder } from "./account-data";

export type OrderEvent = { kind: "placed" | "partial" | "filled" | "cancelled"; order: OpenOrder };

/** A `current-plan-order` row or an `orders-algo` push (Bitget v2 spot). */
export interface PlanOrder {
  orderId: string;
  clientOid: string;
  symbol: string;
  side: "buy" | "sell";
  orderType: "limit" | "market";
  triggerPrice: string;
  executePrice: string;
  size: string;
  planType: "amount" | "total";
  status: string;
  failReason: string;
  cTime: string;
}

export type PlanEvent = { kind: "triggered" | "rejected"; plan: PlanOrder };

export function isPlanOrder(v: unknown): v is PlanOrder {
  const side = (v as Partial<PlanOrder> | null)?.side;
  return hasStringFields(v, ["orderId", "status", "triggerPrice", "size"]) && (side === "buy" || side === "sell");
}

/** Events of `orders` pushes against the orders known before them (open ones, by id). */
export function orderEvents(known: ReadonlyMap<string, OpenOrder>, pushes: readonly unknown[], symbol: string): OrderEvent[] {
  const out: OrderEvent[] = [];
  const seen = new Map(known);
  for (const p of pushes) {
    if (!isOpenOrder(p) || (p.symbol !== undefined && p.symbol !== symbol)) continue;
    const before = seen.get(p.orderId);
    seen.set(p.orderId, p);
    if (p.status === "live" && !before) out.push({ kind: "placed", order: p });
    else if (p.status === "partially_filled" && before?.baseVolume !== p.baseVolume) out.push({ kind: "partial", order: p });
    else if (p.status === "filled") out.push({ kind: "filled", order: p });
    else if (p.status === "cancelled" && before?.status !== "cancelled") out.push({ kind: "cancelled", order: p });
  }
  return out;
}

/** Events of `orders-algo` pushes: a plan that placed its order, or whose order was refused. */
export function planEvents(pushes: readonly unknown[], symbol: string): PlanEvent[] {
  return pushes.flatMap((p): PlanEvent[] => {
    if (!isPlanOrder(p) || p.symbol !== symbol) return [];
    if (p.status === "executed") return [{ kind: "triggered", plan: p }];
    if (p.status === "fail_execute") return [{ kind: "rejected", plan: p }];
    return [];
  });
}

/** Applies `orders-algo` pushes to the live plans (a snapshot replaces them); newest first. */
export function mergePlans(current: readonly PlanOrder[], pushes: readonly unknown[], symbol: string, snapshot = false): PlanOrder[] {
  const byId = new Map(snapshot ? [] : current.map((p) => [p.orderId, p]));
  for (const p of pushes) {
    if (!isPlanOrder(p) || p.symbol !== symbol) continue;
    if (p.status === "live") byId.set(p.orderId, p);
    else byId.delete(p.orderId);
  }
  return [...byId.values()].sort((a, b) => Number(b.cTime) - Number(a.cTime) || (b.orderId < a.orderId ? -1 : 1));
}
