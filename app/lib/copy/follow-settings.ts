/**
 * A follower's current settings (`mix-follower/query-settings`, `spot-follower/query-settings`) as
 * the follow dialog's fields, so "Change settings" starts from what the follower chose, not from the
 * defaults (docs/decisions/362). The dialog holds one set of values for all chosen pairs: the pairs
 * are every followed pair, the values those of the first one.
 */
import { multiplyText, parseDecimal, toText } from "~/lib/numbers/decimal";

export type FollowMode = "percent" | "amount";

/** The follow dialog's fields (texts as typed). */
export interface FollowForm {
  symbols: string[];
  mode: FollowMode;
  value: string;
  maxHold: string;
  takeProfit: string;
  stopLoss: string;
  /** Futures only: the total loss that stops the copy ("" for none). */
  lossLimit: string;
}

/** One pair of a `query-settings` answer (both products). */
export interface SettingsPair {
  symbol: string;
  traceType: string;
  traceValue: string;
  maxHoldSize?: string;
  stopSurplusRatio?: string;
  stopLossRatio?: string;
}

export interface QuerySettings {
  totalLossLimit?: string;
  detailList?: SettingsPair[];
}

/** A decimal text without its trailing zeros; "" for anything that is not a positive decimal (the gateway's "" is "none"). */
function plain(v: string | undefined): string {
  const d = v === undefined ? undefined : parseDecimal(v.trim());
  return d && d.int > 0n ? toText(d) : "";
}

/** A ratio of the margin ("0.5") as the percent the futures dialog asks ("50"); "" for none. */
const ratioToPercent = (v: string | undefined): string => plain(plain(v) ? multiplyText(plain(v), "100") : "");

function formOf(s: QuerySettings | null | undefined, percentOf: (v: string | undefined) => string): FollowForm | null {
  const pairs = Array.isArray(s?.detailList) ? s.detailList.filter((p) => p && typeof p.symbol === "string") : [];
  const first = pairs[0];
  if (!first) return null;
  const mode: FollowMode = first.traceType === "amount" ? "amount" : "percent";
  return {
    symbols: pairs.map((p) => p.symbol),
    mode,
    value: plain(first.traceValue),
    maxHold: plain(first.maxHoldSize),
    takeProfit: percentOf(first.stopSurplusRatio),
    stopLoss: percentOf(first.stopLossRatio),
    lossLimit: plain(s?.totalLossLimit),
  };
}

/** Futures: `traceValue` is a percent of the lead's size, take profit and stop loss ratios of the margin (shown as percent). */
export const futuresFollowForm = (s: QuerySettings | null | undefined): FollowForm | null => formOf(s, ratioToPercent);

/** Spot: `traceValue` is a multiple, take profit and stop loss whole percent of the copy's cost; no loss limit. */
export const spotFollowForm = (s: QuerySettings | null | undefined): FollowForm | null => {
  const f = formOf(s, plain);
  return f && { ...f, lossLimit: "" };
};
