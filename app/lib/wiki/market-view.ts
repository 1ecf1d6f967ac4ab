import type { SpotTicker } from "../../../protocol/bitget";
import type { WikiEntry } from "../../../protocol/wiki";
import { dateTimeFormat, numberFormat } from "~/lib/i18n/formatters";

/**
 * What the wiki pages show of a market, formatted for the page's locale (a BCP 47 tag). Decimal
 * strings from the gateway are formatted as exact decimals, never through floating point; the
 * chart alone uses numbers, for pixels. Formatting happens once, in the loader, so the browser
 * hydrates exactly the text the server sent.
 */

/** How often the wiki pages ask for fresh prices while visible. */
export const WIKI_REFRESH_MS = 20_000;

/** What the wiki reads of a spot ticker. */
export type Ticker = Pick<SpotTicker, "symbol" | "lastPr" | "change24h" | "high24h" | "low24h" | "quoteVolume" | "baseVolume">;

export type Trend = "up" | "down" | "flat";

export interface MarketView {
  price: string;
  change: string;
  trend: Trend;
  high: string;
  low: string;
  /** 24 h turnover in USDT, compact (12.3M). */
  volume: string;
  /** 24 h volume in the coin, compact. */
  baseVolume: string;
}

/** An entry as a page shows it: its icon only if it is an allowed image address, its market formatted. */
export interface CoinView extends Omit<WikiEntry, "icon"> {
  icon: string | null;
  market: MarketView | null;
}

export interface Candle {
  ts: number;
  high: string;
  low: string;
  close: string;
}

export interface ChartView {
  /** Closes in time order, as numbers for drawing. */
  closes: number[];
  /** The range drawn: the lowest low and highest high of the period. */
  low: number;
  high: number;
  labels: { first: string; last: string; low: string; high: string; start: string; end: string };
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

function decimalsOf(value: string): number {
  return (value.split(".")[1] ?? "").length;
}

/** A price with the digits the market quotes it with (95,123.45; 0.16234). */
export function formatPrice(value: string, lang: string): string {
  if (!DECIMAL.test(value)) return value;
  const digits = decimalsOf(value);
  return numberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value as `${number}`);
}

export function formatChange(ratio: string, lang: string): string {
  if (!DECIMAL.test(ratio)) return ratio;
  return numberFormat(lang, {
    style: "percent",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: "exceptZero",
  }).format(ratio as `${number}`);
}

function formatCompact(value: string, lang: string): string {
  if (!DECIMAL.test(value)) return value;
  return numberFormat(lang, { notation: "compact", maximumFractionDigits: 2 }).format(value as `${number}`);
}

export function trendOf(ratio: string): Trend {
  if (!DECIMAL.test(ratio) || /^-?0(\.0+)?$/.test(ratio)) return "flat";
  return ratio.startsWith("-") ? "down" : "up";
}

export function marketView(t: Ticker, lang: string): MarketView {
  return {
    price: formatPrice(t.lastPr, lang),
    change: formatChange(t.change24h, lang),
    trend: trendOf(t.change24h),
    high: formatPrice(t.high24h, lang),
    low: formatPrice(t.low24h, lang),
    volume: formatCompact(t.quoteVolume, lang),
    baseVolume: formatCompact(t.baseVolume, lang),
  };
}

/** Bitget candle rows `[ts, open, high, low, close, ...]`; malformed rows are skipped, order is by time. */
export function parseCandles(rows: unknown): Candle[] {
  if (!Array.isArray(rows)) return [];
  const out: Candle[] = [];
  for (const row of rows) {
    if (!Array.isArray(row)) continue;
    const [ts, , high, low, close] = row as unknown[];
    if (typeof ts !== "string" || !/^\d{1,16}$/.test(ts)) continue;
    if (![high, low, close].every((v) => typeof v === "string" && DECIMAL.test(v))) continue;
    out.push({ ts: Number(ts), high: high as string, low: low as string, close: close as string });
  }
  return out.sort((a, b) => a.ts - b.ts);
}

/** How the chart writes its figures and dates: a price formatter (USDT in, display text out) and whether dates carry the time. */
export interface ChartFormat {
  price?: (usdt: string) => string;
  /** Day ranges show the time of day; long ranges the year instead. */
  time?: boolean;
  /** Multiplies closes for drawing (the currency's rate), so the line's scale matches its labels. */
  scale?: number;
}

/** The chart's data and its text alternative; null when there is too little to draw a line. */
export function chartView(candles: readonly Candle[], lang: string, format: ChartFormat = {}): ChartView | null {
  const first = candles[0];
  const last = candles[candles.length - 1];
  if (!first || !last || candles.length < 2) return null;
  let low = first;
  let high = first;
  for (const c of candles) {
    if (Number(c.low) < Number(low.low)) low = c;
    if (Number(c.high) > Number(high.high)) high = c;
  }
  const time = format.time ?? true;
  const date = dateTimeFormat(lang, {
    day: "numeric",
    month: "short",
    ...(time ? { hour: "2-digit", minute: "2-digit", timeZoneName: "short" } : { year: "numeric" }),
    timeZone: "UTC",
  } as Intl.DateTimeFormatOptions);
  const price = format.price ?? ((v: string) => formatPrice(v, lang));
  const scale = format.scale ?? 1;
  return {
    closes: candles.map((c) => Number(c.close) * scale),
    low: Number(low.low) * scale,
    high: Number(high.high) * scale,
    labels: {
      first: price(first.close),
      last: price(last.close),
      low: price(low.low),
      high: price(high.high),
      start: date.format(first.ts),
      end: date.format(last.ts),
    },
  };
}
