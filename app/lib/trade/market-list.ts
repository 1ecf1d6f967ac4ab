/**
 * The market picker's list as a pure function: every listed pair, filtered by a search over all
 * symbols or by a quote tab, the trader's favourites first, sorted by 24 h change or volume.
 */
import { compare, parseDecimal, type Decimal } from "~/lib/numbers/decimal";

export interface ListedPair {
  symbol: string;
  baseCoin: string;
  quoteCoin: string;
}
export interface PairTicker {
  symbol: string;
  lastPr: string;
  change24h: string;
  quoteVolume: string;
}
export type MarketTab = "favorites" | "all" | (string & {});
export type MarketSort = "default" | "change" | "volume";
export interface MarketRow extends ListedPair {
  favorite: boolean;
  lastPr?: string;
  change24h?: string;
  quoteVolume?: string;
}

/** Favourites are capped so a stored list stays small. */
export const MAX_FAVORITES = 200;
const SYMBOL = /^[A-Z0-9]{2,24}$/;

/** Favourites from storage: upper-cased, deduplicated, anything that cannot be a symbol dropped. */
export function parseFavorites(raw: string): string[] {
  const out: string[] = [];
  for (const part of raw.split(",")) {
    const s = part.trim().toUpperCase();
    if (SYMBOL.test(s) && !out.includes(s) && out.length < MAX_FAVORITES) out.push(s);
  }
  return out;
}

export function toggleFavorite(list: readonly string[], symbol: string): string[] {
  if (list.includes(symbol)) return list.filter((s) => s !== symbol);
  return list.length >= MAX_FAVORITES ? [...list] : [...list, symbol];
}

/** The tabs: favourites, then each quote coin in listing order. */
export function quoteTabs(pairs: readonly ListedPair[]): string[] {
  return ["favorites", ...new Set(pairs.map((p) => p.quoteCoin))];
}

const ZERO: Decimal = { int: 0n, scale: 0 };
const num = (v: string | undefined) => (v === undefined ? ZERO : (parseDecimal(v) ?? ZERO));

export function marketRows(
  pairs: readonly ListedPair[],
  tickers: readonly PairTicker[],
  opts: { query: string; tab: MarketTab; sort: MarketSort; favorites: readonly string[] },
): MarketRow[] {
  const q = opts.query
    .trim()
    .toUpperCase()
    .replace(/[\s/_-]/g, "");
  const fav = new Set(opts.favorites);
  const bySymbol = new Map(tickers.map((t) => [t.symbol, t]));
  const shown = pairs.filter((p) => {
    if (q) return p.symbol.includes(q) || p.baseCoin.toUpperCase().startsWith(q);
    if (opts.tab === "favorites") return fav.has(p.symbol);
    return opts.tab === "all" || p.quoteCoin === opts.tab;
  });
  const rows = shown.map((p): MarketRow => {
    const t = bySymbol.get(p.symbol);
    return { ...p, favorite: fav.has(p.symbol), ...(t ? { lastPr: t.lastPr, change24h: t.change24h, quoteVolume: t.quoteVolume } : {}) };
  });
  const key = opts.sort === "change" ? "change24h" : opts.sort === "volume" ? "quoteVolume" : undefined;
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => {
      if (a.r.favorite !== b.r.favorite) return a.r.favorite ? -1 : 1;
      if (key) {
        const c = compare(num(b.r[key]), num(a.r[key]));
        if (c !== 0) return c;
      }
      return a.i - b.i;
    })
    .map(({ r }) => r);
}
