/**
 * The copy-trading pages' wire types and calls (docs/decisions/356, 357): the public lists and
 * profiles, and the signed calls a lead or follower makes through the BFF.
 */
import { COPY_PATHS, COPY_PUBLIC_PATHS } from "../../../protocol/copy";
import { HttpError } from "~/lib/http/errors";
import { parseDecimal, toText } from "~/lib/numbers/decimal";

export { COPY_PATHS, COPY_PUBLIC_PATHS };

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
  positions: TraderPosition[];
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
  trackingList: TraderTrack[];
  endId: string;
}

/** A followed trader as `mix-follower/query-traders` lists it. */
export interface FollowedTrader {
  traderId: string;
  followCount: string;
  traceTotalNetProfit: string;
  currentTradingPairs: string[];
}

export function listQuery(period: CopyPeriod, sortBy: CopySort, pageNo: number): string {
  return `${COPY_PUBLIC_PATHS.traders}?${new URLSearchParams({ period, sortBy, pageNo: String(pageNo), pageSize: String(COPY_PAGE_SIZE) })}`;
}

export const detailPath = (traderId: string) => `${COPY_PUBLIC_PATHS.traderDetail}?traderId=${encodeURIComponent(traderId)}`;
export const historyPath = (traderId: string) => `${COPY_PUBLIC_PATHS.traderHistory}?traderId=${encodeURIComponent(traderId)}&limit=50`;

/** The page address of a trader's profile (without the locale prefix). */
export const traderPagePath = (traderId: string) => `/copy-trading/trader/${encodeURIComponent(traderId)}`;

/** A period, sort or page from the address, else the default. */
export function readListParams(search: URLSearchParams): { period: CopyPeriod; sortBy: CopySort; pageNo: number; isDefault: boolean } {
  const p = search.get("period");
  const s = search.get("sortBy");
  const n = Number(search.get("page") ?? "1");
  const period = (COPY_PERIODS as readonly string[]).includes(p ?? "") ? (p as CopyPeriod) : "30";
  const sortBy = (COPY_SORTS as readonly string[]).includes(s ?? "") ? (s as CopySort) : "roi";
  const pageNo = Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
  return { period, sortBy, pageNo, isDefault: period === "30" && sortBy === "roi" && pageNo === 1 };
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
