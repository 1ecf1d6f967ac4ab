/** Public market data the trading page shows: trades and the 24 h ticker, as REST and streams send them. */
import type { Side } from "../../../protocol/bitget";
import { compare, parseDecimal } from "~/lib/numbers/decimal";

export interface PublicTrade {
  tradeId: string;
  price: string;
  size: string;
  side: Side;
  ts: string;
}

/** The ticker fields REST (`market/tickers`) and the `ticker` stream have in common. */
export interface Ticker {
  lastPr: string;
  high24h: string;
  low24h: string;
  change24h: string;
  baseVolume: string;
  quoteVolume: string;
}

export const MAX_TRADES = 24;

function isTrade(v: unknown): v is PublicTrade {
  const t = v as Partial<PublicTrade> | null;
  return (
    !!t &&
    typeof t.tradeId === "string" &&
    typeof t.price === "string" &&
    !!parseDecimal(t.price) &&
    typeof t.size === "string" &&
    (t.side === "buy" || t.side === "sell")
  );
}

/** Newest first, each trade once, at most `max`. */
export function mergeTrades(current: readonly PublicTrade[], incoming: readonly unknown[], max = MAX_TRADES): PublicTrade[] {
  const fresh = incoming.filter(isTrade).map(({ tradeId, price, size, side, ts }) => ({ tradeId, price, size, side, ts: String(ts) }));
  const seen = new Set<string>();
  const out: PublicTrade[] = [];
  for (const t of [...fresh, ...current]) {
    if (seen.has(t.tradeId)) continue;
    seen.add(t.tradeId);
    out.push(t);
  }
  return out.sort((a, b) => Number(b.ts) - Number(a.ts)).slice(0, max);
}

export function tickerOf(v: unknown): Ticker | undefined {
  const t = v as Partial<Record<keyof Ticker, unknown>> | null;
  const keys: Array<keyof Ticker> = ["lastPr", "high24h", "low24h", "change24h", "baseVolume", "quoteVolume"];
  if (!t || !keys.every((k) => typeof t[k] === "string")) return undefined;
  return Object.fromEntries(keys.map((k) => [k, t[k]])) as unknown as Ticker;
}

/** Which way the price last moved, from the newest trades (equal prices look further back). */
export function priceDirection(trades: readonly PublicTrade[]): "up" | "down" | "flat" {
  const first = trades[0] && parseDecimal(trades[0].price);
  if (!first) return "flat";
  for (const t of trades.slice(1)) {
    const p = parseDecimal(t.price);
    if (!p) continue;
    const c = compare(first, p);
    if (c !== 0) return c > 0 ? "up" : "down";
  }
  return "flat";
}
