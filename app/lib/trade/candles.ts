import { parseDecimal } from "~/lib/numbers/decimal";

/** One candle as Bitget sends it (`[ts, open, high, low, close, baseVolume, ...]`), prices as decimal text. */
export interface Candle {
  ts: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/** How many candles the chart keeps. */
export const MAX_CANDLES = 120;

/** Reads REST or stream rows, dropping any that are not candles, oldest first, one per time, the newest `max`. */
export function candlesFromRows(rows: unknown, max = MAX_CANDLES): Candle[] {
  if (!Array.isArray(rows)) return [];
  const out: Candle[] = [];
  for (const row of rows) {
    if (!Array.isArray(row) || row.length < 6) continue;
    const [ts, open, high, low, close, volume] = row as unknown[];
    const fields = [open, high, low, close, volume];
    if (typeof ts !== "string" || !/^\d{1,15}$/.test(ts) || !fields.every((f) => typeof f === "string" && parseDecimal(f))) continue;
    out.push({
      ts: Number(ts),
      open: open as string,
      high: high as string,
      low: low as string,
      close: close as string,
      volume: volume as string,
    });
  }
  return mergeCandles([], out, max);
}

/** Adds pushed candles: a known time replaces its candle (the current one grows), a new time appends. */
export function mergeCandles(current: readonly Candle[], incoming: readonly Candle[], max = MAX_CANDLES): Candle[] {
  if (incoming.length === 0) return current.slice(-max);
  const byTs = new Map(current.map((c) => [c.ts, c]));
  for (const c of incoming) byTs.set(c.ts, c);
  return [...byTs.values()].sort((a, b) => a.ts - b.ts).slice(-max);
}
