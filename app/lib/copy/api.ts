/**
 * The copy-trading pages' wire types and calls (docs/decisions/356, 357): the public lists and
 * profiles, and the signed calls a lead or follower makes through the BFF.
 */
import { COPY_PATHS, COPY_PUBLIC_PATHS } from "../../../protocol/copy";
import { SPOT_COPY_PATHS, SPOT_COPY_PUBLIC_PATHS } from "../../../protocol/spot-copy";
import { HttpError } from "~/lib/http/errors";
import { parseDecimal, toText } from "~/lib/numbers/decimal";

export { COPY_PATHS, COPY_PUBLIC_PATHS, SPOT_COPY_PATHS, SPOT_COPY_PUBLIC_PATHS };

/** Which copy trading a page shows: futures leads (decision 357) or spot leads (decision 362). */
export const COPY_PRODUCTS = ["futures", "spot"] as const;
export type CopyProduct = (typeof COPY_PRODUCTS)[number];
const publicPaths = (product: CopyProduct) => (product === "spot" ? SPOT_COPY_PUBLIC_PATHS : COPY_PUBLIC_PATHS);

export const COPY_PERIODS = ["7", "30", "90"] as const;
export type CopyPeriod = (typeof COPY_PERIODS)[number];
export const COPY_SORTS = ["roi", "pnl", "followers", "winRate", "aum"] as const;
export type CopySort = (typeof COPY_SORTS)[number];
export const COPY_PAGE_SIZE = 20;

export interface PeriodFigures {
  period: string;
  roi: string;
  pnl: string;
  winRate: string;
  maxDrawdown: string;
  trades: string;
  wins: string;
}

export interface TraderRow extends PeriodFigures {
  rank: string;
  traderId: string;
  traderName: string;
  profitShareRatio: string;
  followerCount: string;
  maxFollowers: string;
  aum: string;
  cTime: string;
}

export interface TraderList {
  period: string;
  sortBy: string;
  total: string;
  pageNo: string;
  pageSize: string;
  list: TraderRow[];
}

export interface TraderPosition {
  trackingNo: string;
  symbol: string;
  posSide: string;
  openLeverage: string;
  openPriceAvg: string;
  openTime: string;
  openSize: string;
}

export interface TraderDetail {
  traderId: string;
  traderName: string;
  profitShareRatio: string;
  cTime: string;
  followerCount: string;
  maxFollowers: string;
  aum: string;
  positionVisibility: "show" | "delay" | "hide";
  positionDelayMinutes: string;
  periods: PeriodFigures[];
  pnlCurve: Array<[string, string]>;
  /** Futures leads: their open positions. */
  positions?: TraderPosition[];
  /** Spot leads: their open holdings. */
  holdings?: SpotHolding[];
}

/** A spot lead's open holding as its profile shows it. */
export interface SpotHolding {
  trackingNo: string;
  symbol: string;
  holdSize: string;
  buyPrice: string;
  buyTime: string;
}

/** A spot lead's closed holding (Bitget's `order-history-track` fields). */
export interface SpotClosedTrack {
  trackingNo: string;
  symbol: string;
  fillSize: string;
  buyPrice: string;
  sellPrice: string;
  achievedPL: string;
  achievedPLR: string;
  buyTime: string;
  sellTime: string;
}

/** The account's roles in copy trading (`GET /api/v2/copy/roles`, ours: never an error for a non-lead). */
export interface CopyRoles {
  futuresLead: boolean;
  futuresFollower: boolean;
  spotLead: boolean;
  spotFollower: boolean;
}

export interface TraderTrack {
  trackingNo: string;
  symbol: string;
  posSide: string;
  openLeverage: string;
  openPriceAvg: string;
  openTime: string;
  openSize: string;
  closeSize: string;
  closeTime: string;
  closePriceAvg: string;
  achievedPL: string;
  openFee: string;
  closeFee: string;
}

export interface TraderHistory {
  trackingList: Array<TraderTrack | SpotClosedTrack>;
  endId: string;
}

/** A followed trader as `mix-follower/query-traders` lists it. */
export interface FollowedTrader {
  traderId: string;
  followCount: string;
  traceTotalNetProfit: string;
  currentTradingPairs: string[];
}

export function listQuery(period: CopyPeriod, sortBy: CopySort, pageNo: number, product: CopyProduct = "futures"): string {
  const q = new URLSearchParams({ period, sortBy, pageNo: String(pageNo), pageSize: String(COPY_PAGE_SIZE) });
  return `${publicPaths(product).traders}?${q}`;
}

export const detailPath = (traderId: string, product: CopyProduct = "futures") =>
  `${publicPaths(product).traderDetail}?traderId=${encodeURIComponent(traderId)}`;
export const historyPath = (traderId: string, product: CopyProduct = "futures", limit = 50) =>
  `${publicPaths(product).traderHistory}?traderId=${encodeURIComponent(traderId)}&limit=${limit}`;

/** The page address of a trader's profile (without the locale prefix). */
export const traderPagePath = (traderId: string) => `/copy-trading/trader/${encodeURIComponent(traderId)}`;

/** A copy page's own query: the environment (`demo=1`) and the product (`product=spot`); futures and live are the defaults. */
export function copyQuery(env: "live" | "demo", product: CopyProduct): string {
  const q = new URLSearchParams();
  if (env === "demo") q.set("demo", "1");
  if (product === "spot") q.set("product", "spot");
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** The product an address asks for (`product=spot`), futures otherwise. */
export const readProduct = (search: URLSearchParams): CopyProduct => (search.get("product") === "spot" ? "spot" : "futures");

/** The query a copy page keeps in its canonical and `hreflang` addresses: `?product=spot` on a spot page (a page of its own). */
export const spotPageSearch = (search: URLSearchParams): string => (readProduct(search) === "spot" ? "?product=spot" : "");

/** A period, sort or page from the address, else the default. */
export function readListParams(search: URLSearchParams): {
  period: CopyPeriod;
  sortBy: CopySort;
  pageNo: number;
  product: CopyProduct;
  isDefault: boolean;
} {
  const p = search.get("period");
  const s = search.get("sortBy");
  const n = Number(search.get("page") ?? "1");
  const period = (COPY_PERIODS as readonly string[]).includes(p ?? "") ? (p as CopyPeriod) : "30";
  const sortBy = (COPY_SORTS as readonly string[]).includes(s ?? "") ? (s as CopySort) : "roi";
  const pageNo = Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
  const product = readProduct(search);
  // each product's first view is indexed (the spot list is a page of its own, not a re-sorted futures list)
  return { period, sortBy, pageNo, product, isDefault: period === "30" && sortBy === "roi" && pageNo === 1 };
}

/** The `copy` namespace key of a refusal's text (with `{{msg}}` for the gateway's own words). */
const BY_CODE: Record<string, string> = {
  "40401": "errors.leadCondition",
  "40601": "errors.followerCannotLead",
  "40602": "errors.noSlot",
  "40609": "errors.product",
  "40701": "errors.notLead",
  "40702": "errors.notFollowing",
  "40301": "errors.futuresNotOpened",
  "40017": "errors.invalid",
  "22002": "errors.nothingToClose",
  "40018": "errors.signIn",
  "40037": "errors.signIn",
};

export function copyErrorKey(err: unknown): { key: string; msg: string } {
  if (err instanceof HttpError) {
    if (err.isTooManyRequests) return { key: "errors.tooMany", msg: "" };
    if (err.kind === "network" || err.kind === "timeout" || err.kind === "aborted") return { key: "errors.network", msg: "" };
    return { key: BY_CODE[err.code] ?? "errors.refused", msg: err.message || err.code };
  }
  return { key: "errors.refused", msg: err instanceof Error ? err.message : String(err) };
}

/** A percentage of at most two decimals as the ratio the API takes ("50" → "0.5"); undefined when it is not a decimal. */
export function percentToRatio(pct: string): string | undefined {
  const d = parseDecimal(pct.trim());
  if (!d) return undefined;
  return toText({ int: d.int, scale: d.scale + 2 });
}
