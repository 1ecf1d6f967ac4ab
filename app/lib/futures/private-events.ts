/**
 * What the private futures channels say happened to the trader (docs/decisions/706, 717), for the
 * screen's toasts and lists: a fill (`fill`), a position near liquidation (a `positions` list whose
 * `marginRatio` reaches the warning level, as the gateway's warning push sends it), a position
 * liquidated or auto-deleveraged (the gateway says so in the list's `endedPositions`; a position
 * that merely leaves the list is never called liquidated). Pure: the previous state goes in, events come out.
 */
import { add, div, mul, parseDecimal, toText, type Decimal } from "~/lib/numbers/decimal";
import { hasStringFields } from "~/lib/trade/account-data";
import type { Position } from "./api";
import { liquidationWarnings } from "./live-position";

/** A fill of the trader's own order (the `fill` channel, `order/fills`). */
export interface FuturesFill {
  tradeId: string;
  orderId: string;
  symbol: string;
  side: string;
  tradeSide: string;
  price: string;
  baseVolume: string;
  profit: string;
}

export function fillOf(v: unknown): FuturesFill | undefined {
  if (!hasStringFields(v, ["tradeId", "price", "baseVolume"])) return undefined;
  const o = v as Record<string, unknown>;
  const str = (k: string, fallback = "") => (typeof o[k] === "string" ? (o[k] as string) : fallback);
  const symbol = str("symbol") || str("instId");
  if (!symbol) return undefined;
  return {
    tradeId: str("tradeId"),
    orderId: str("orderId"),
    symbol,
    side: str("side"),
    tradeSide: str("tradeSide"),
    price: str("price"),
    baseVolume: str("baseVolume"),
    profit: str("profit", "0"),
  };
}

/**
 * The fills of one push, one per order: a market order that takes several levels in one match is
 * one fill for the trader (its size summed, its price the size-weighted average at the finest
 * price step among them, its profit summed). Rows whose numbers do not read are left as they are.
 */
export function fillsByOrder(fills: readonly FuturesFill[]): FuturesFill[] {
  const out: FuturesFill[] = [];
  const byOrder = new Map<string, { first: FuturesFill; size: Decimal; quote: Decimal; profit: Decimal; digits: number }>();
  for (const f of fills) {
    const [size, price, profit] = [parseDecimal(f.baseVolume), parseDecimal(f.price), parseDecimal(f.profit)];
    if (!f.orderId || !size || !price || !profit || size.int <= 0n) {
      out.push(f);
      continue;
    }
    const g = byOrder.get(f.orderId);
    if (!g) {
      const entry = { first: f, size, quote: mul(price, size), profit, digits: price.scale };
      byOrder.set(f.orderId, entry);
      out.push(f);
      continue;
    }
    g.size = add(g.size, size);
    g.quote = add(g.quote, mul(price, size));
    g.profit = add(g.profit, profit);
    g.digits = Math.max(g.digits, price.scale);
  }
  return out.map((f) => {
    const g = f.orderId ? byOrder.get(f.orderId) : undefined;
    if (!g || g.first !== f) return f;
    const avg = div(g.quote, g.size, g.digits);
    return { ...f, baseVolume: toText(g.size), price: avg ? toText(avg) : f.price, profit: toText(g.profit) };
  });
}

/** Why the gateway says a position ended (`endReason` of `endedPositions`, docs/decisions/717). */
export type PositionEndReason = "close" | "take_profit" | "stop_loss" | "liquidation" | "adl" | "reset";

/** A position that left the list, as the gateway's `endedPositions` names it. */
export interface EndedPosition {
  symbol: string;
  holdSide: "long" | "short";
  /** The size the ending closed. */
  total: string;
  reason: PositionEndReason;
}

const END_REASONS: ReadonlySet<string> = new Set(["close", "take_profit", "stop_loss", "liquidation", "adl", "reset"]);

/** Reads one `endedPositions` item, or undefined for anything that is not one. */
export function endedOf(v: unknown): EndedPosition | undefined {
  if (!hasStringFields(v, ["holdSide", "size", "endReason"])) return undefined;
  const o = v as Record<string, unknown>;
  const symbol = typeof o.symbol === "string" ? o.symbol : typeof o.instId === "string" ? o.instId : "";
  const holdSide = o.holdSide;
  const reason = o.endReason as string;
  if (!symbol || (holdSide !== "long" && holdSide !== "short") || !END_REASONS.has(reason)) return undefined;
  return { symbol, holdSide, total: o.size as string, reason: reason as PositionEndReason };
}

/** What is told about a position: near liquidation, or taken by the gateway (liquidated, auto-deleveraged). */
export type PositionEvent =
  | { kind: "nearLiquidation"; position: Position; ratio: number }
  | { kind: "liquidated" | "deleveraged"; position: Pick<Position, "symbol" | "holdSide" | "total"> };

/** Follows the pushed positions lists of one stream connection for warnings near liquidation. */
export class PositionWatch {
  /** Positions already warned about (until they recover or close). */
  private readonly warned = new Set<string>();

  /**
   * The positions the gateway says ended in a push: only a liquidation or an auto-deleveraging is
   * told (a close, TP, SL or reset has its fill or its own answer), and only when the gateway says it.
   */
  ended(items: readonly unknown[] | undefined): PositionEvent[] {
    const out: PositionEvent[] = [];
    for (const e of (items ?? []).flatMap((v) => endedOf(v) ?? [])) {
      const position = { symbol: e.symbol, holdSide: e.holdSide, total: e.total };
      if (e.reason === "liquidation") out.push({ kind: "liquidated", position });
      else if (e.reason === "adl") out.push({ kind: "deleveraged", position });
    }
    return out;
  }

  /** A whole positions list from the stream (the channel always sends the whole list). */
  list(positions: readonly Position[]): PositionEvent[] {
    const out: PositionEvent[] = [];
    const rated = positions.map((p) => ({ ...p, ratio: p.marginRatio === "" ? undefined : Number(p.marginRatio) }));
    for (const p of liquidationWarnings(rated, this.warned)) {
      const { ratio, ...position } = p;
      out.push({ kind: "nearLiquidation", position, ratio: ratio ?? 0 });
    }
    return out;
  }
}

/** A liquidation as the account bills record it (`burst_long_loss_query` / `burst_short_loss_query`). */
export interface LiquidationBill {
  billId: string;
  symbol: string;
  holdSide: "long" | "short";
  amount: string;
  cTime: string;
}

export const LIQUIDATION_BILLS = { burst_long_loss_query: "long", burst_short_loss_query: "short" } as const;

/** Reads an `account/bill` page's rows of the given business type (others and malformed rows are dropped). */
export function billRows(
  page: unknown,
  fallbackSymbol: string,
): Array<{ billId: string; symbol: string; amount: string; cTime: string; businessType: string }> {
  const rows = (page as { bills?: unknown } | null)?.bills;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((b: unknown) => {
    if (!hasStringFields(b, ["billId", "amount"])) return [];
    const o = b as Record<string, unknown>;
    return [
      {
        billId: o.billId as string,
        symbol: typeof o.symbol === "string" && o.symbol ? o.symbol : fallbackSymbol,
        amount: o.amount as string,
        cTime: typeof o.cTime === "string" ? o.cTime : "",
        businessType: typeof o.businessType === "string" ? o.businessType : "",
      },
    ];
  });
}

/** Liquidation bills of both sides, newest first, from the pages of the two business types. */
export function liquidationBills(pages: readonly unknown[], symbol: string): LiquidationBill[] {
  const byId = new Map<string, LiquidationBill>();
  for (const page of pages)
    for (const b of billRows(page, symbol)) {
      const side = LIQUIDATION_BILLS[b.businessType as keyof typeof LIQUIDATION_BILLS];
      if (side) byId.set(b.billId, { billId: b.billId, symbol: b.symbol, holdSide: side, amount: b.amount, cTime: b.cTime });
    }
  return [...byId.values()].sort((a, b) => Number(b.cTime) - Number(a.cTime));
}
