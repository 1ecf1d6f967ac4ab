/**
 * A user's orders, fills and balances as the page keeps them: REST lists to start from, stream
 * pushes merged in. Pure, so the merging is tested without a socket.
 */
import type { OrderStatus, OrderType, Side } from "../../../protocol/bitget";
import type { SpotAsset } from "~/lib/assets/valuation";

/** An `unfilled-orders` row or an `orders` push (Bitget v2): `priceAvg` is the limit price here. */
export interface OpenOrder {
  /** Bitget's `enterPointSource`: `COPY` for copy trading's orders and their fills (docs/decisions/362). */
  enterPointSource?: string;
  orderId: string;
  clientOid: string;
  symbol: string;
  side: Side;
  orderType: OrderType;
  priceAvg: string;
  size: string;
  baseVolume: string;
  status: OrderStatus;
  cTime: string;
}

/** A `history-orders` row. */
export interface PastOrder {
  /** Bitget's `enterPointSource`: `COPY` for copy trading's orders and their fills (docs/decisions/362). */
  enterPointSource?: string;
  orderId: string;
  symbol: string;
  side: Side;
  orderType: OrderType;
  price: string;
  priceAvg: string;
  size: string;
  baseVolume: string;
  status: OrderStatus;
  cTime: string;
}

/** A `trade/fills` row. */
export interface Fill {
  /** Bitget's `enterPointSource`: `COPY` for copy trading's orders and their fills (docs/decisions/362). */
  enterPointSource?: string;
  tradeId: string;
  orderId: string;
  side: Side;
  priceAvg: string;
  size: string;
  amount: string;
  feeDetail: { feeCoin: string; totalFee: string };
  cTime: string;
}

const OPEN: ReadonlySet<string> = new Set(["live", "partially_filled"]);

/** Whether a pushed row is an object whose `keys` are all strings, before it is read as an order. */
export function hasStringFields(v: unknown, keys: readonly string[]): boolean {
  return !!v && typeof v === "object" && keys.every((k) => typeof (v as Record<string, unknown>)[k] === "string");
}

export function isOpenOrder(v: unknown): v is OpenOrder {
  return hasStringFields(v, ["orderId", "status", "side", "priceAvg", "size"]);
}

/**
 * Applies `orders` pushes (a snapshot replaces the list): open ones are added or replaced, filled
 * and cancelled ones leave; newest first.
 */
export function mergeOrders(current: readonly OpenOrder[], pushes: readonly unknown[], symbol: string, snapshot = false): OpenOrder[] {
  const byId = new Map(snapshot ? [] : current.map((o) => [o.orderId, o]));
  for (const p of pushes) {
    if (!isOpenOrder(p) || (p.symbol !== undefined && p.symbol !== symbol)) continue;
    if (OPEN.has(p.status)) byId.set(p.orderId, p);
    else byId.delete(p.orderId);
  }
  return [...byId.values()].sort((a, b) => Number(b.cTime) - Number(a.cTime) || (b.orderId < a.orderId ? -1 : 1));
}

/** Whether a push moved an order out of the book or filled part of it: history and fills are stale then. */
export function touchesHistory(pushes: readonly unknown[]): boolean {
  return pushes.some((p) => isOpenOrder(p) && p.status !== "live");
}

export function isAsset(v: unknown): v is SpotAsset {
  const a = v as Partial<SpotAsset> | null;
  return !!a && typeof a.coin === "string" && typeof a.available === "string" && typeof a.frozen === "string";
}

/** Applies `account` pushes: a snapshot replaces the list, an update replaces the coins it names. */
export function mergeBalances(current: readonly SpotAsset[], pushes: readonly unknown[], snapshot: boolean): SpotAsset[] {
  const byCoin = new Map(snapshot ? [] : current.map((a) => [a.coin, a]));
  for (const p of pushes) if (isAsset(p)) byCoin.set(p.coin, { ...p, locked: typeof p.locked === "string" ? p.locked : "0" });
  return [...byCoin.values()];
}
