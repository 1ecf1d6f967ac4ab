/**
 * The home page's market overview as pure functions (docs/decisions/722): spot pairs and USDT-M
 * contracts as one kind of row, a search, a sort by any column, the trader's favourites, and the
 * hot / gainers / losers / new lists. Figures stay decimal text; comparisons are exact.
 */
import { compare, multiplyText, parseDecimal, type Decimal } from "~/lib/numbers/decimal";

export type MarketKind = "spot" | "futures";

/** A small line of the last day's closes, drawn by the server (an SVG path in a 96 × 28 box). */
export interface Spark {
  line: string;
  trend: "up" | "down" | "flat";
}

export interface OverviewRow {
  kind: MarketKind;
  symbol: string;
  baseCoin: string;
  quoteCoin: string;
  lastPr: string;
  /** A ratio: `0.0123` is +1.23 %. */
  change24h: string;
  /** 24 h turnover in the quote coin (USDT). */
  quoteVolume: string;
  /** Futures only: the current funding rate (a ratio). */
  fundingRate?: string;
  /** Futures only: open interest valued in USDT (open contracts in the base coin × last price). */
  openInterest?: string;
  /** When the market was listed (ms), 0 when the gateway does not say; ties keep the listing order. */
  listedAt: number;
  /** Position in the gateway's listing, which is the order markets were listed in. */
  listOrder: number;
  spark?: Spark;
}

export const SORT_KEYS = ["symbol", "lastPr", "change24h", "quoteVolume", "fundingRate", "openInterest"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = "ascending" | "descending";
export interface SortState {
  key: SortKey;
  dir: SortDir;
}

/** What a click on a column header makes of the current sort: a new column starts high to low (names A to Z), the same one flips. */
export function nextSort(current: SortState | null, key: SortKey): SortState {
  if (current?.key === key) return { key, dir: current.dir === "ascending" ? "descending" : "ascending" };
  return { key, dir: key === "symbol" ? "ascending" : "descending" };
}

const dec = (v: string | undefined): Decimal | undefined => (v === undefined ? undefined : parseDecimal(v));

/** Rows in the column's order; a missing or unreadable figure always goes last, ties keep the listing order. */
export function sortRows(rows: readonly OverviewRow[], sort: SortState | null): OverviewRow[] {
  const out = [...rows];
  if (!sort) return out.sort((a, b) => a.listOrder - b.listOrder);
  const sign = sort.dir === "ascending" ? 1 : -1;
  return out.sort((a, b) => {
    if (sort.key === "symbol") return sign * (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0) || a.listOrder - b.listOrder;
    const x = dec(a[sort.key]);
    const y = dec(b[sort.key]);
    if (!x || !y) return (x ? 0 : 1) - (y ? 0 : 1) || a.listOrder - b.listOrder;
    return sign * compare(x, y) || a.listOrder - b.listOrder;
  });
}

/** The search: `eth`, `ETH/USDT`, `eth-usdt` and `ETHUSDT` all find ETHUSDT; a base coin matches from its start. */
export function searchRows(rows: readonly OverviewRow[], query: string): OverviewRow[] {
  const q = normalizeQuery(query);
  if (!q) return [...rows];
  return rows.filter((r) => r.symbol.includes(q) || r.baseCoin.toUpperCase().startsWith(q));
}

export function normalizeQuery(query: string): string {
  return query
    .trim()
    .toUpperCase()
    .replace(/[\s/_-]/g, "")
    .slice(0, 24);
}

const ZERO: Decimal = { int: 0n, scale: 0 };
export const LIST_SIZE = 5;

export interface MarketLists {
  /** The most traded (24 h turnover). */
  hot: OverviewRow[];
  /** Risen in 24 h, most first; a market that has not risen is no gainer. */
  gainers: OverviewRow[];
  /** Fallen in 24 h, most first. */
  losers: OverviewRow[];
  /** The latest listed. */
  newest: OverviewRow[];
}

export function marketLists(rows: readonly OverviewRow[], size = LIST_SIZE): MarketLists {
  const change = (r: OverviewRow) => dec(r.change24h) ?? ZERO;
  return {
    hot: sortRows(rows, { key: "quoteVolume", dir: "descending" }).slice(0, size),
    gainers: sortRows(
      rows.filter((r) => compare(change(r), ZERO) > 0),
      { key: "change24h", dir: "descending" },
    ).slice(0, size),
    losers: sortRows(
      rows.filter((r) => compare(change(r), ZERO) < 0),
      { key: "change24h", dir: "ascending" },
    ).slice(0, size),
    newest: [...rows].sort((a, b) => b.listedAt - a.listedAt || b.listOrder - a.listOrder).slice(0, size),
  };
}

/** A favourite names its kind: BTCUSDT is both a spot pair and a contract, starred apart. */
export function isFavorite(row: Pick<OverviewRow, "kind" | "symbol">, favorites: { spot: readonly string[]; futures: readonly string[] }) {
  return favorites[row.kind].includes(row.symbol);
}

/** Open interest in USDT from Bitget's `holdingAmount` (base coin) and the last price; undefined when either is unreadable. */
export function openInterestUsdt(holdingAmount: string | undefined, lastPr: string): string | undefined {
  return holdingAmount === undefined ? undefined : multiplyText(holdingAmount, lastPr);
}

/** The base coin of a USDT-M contract's symbol (`BTCUSDT` → `BTC`), or undefined for any other. */
export function contractBase(symbol: string): string | undefined {
  const m = /^([A-Z0-9]{1,20})USDT$/.exec(symbol);
  return m ? m[1] : undefined;
}
