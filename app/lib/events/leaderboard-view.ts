/** A leaderboard as rows of text, the same for the server's table and the live refresh (docs/decisions/800). */
import type { Leaderboard, Standing } from "../../../protocol/events";
import { percent, usdtAmount } from "./format";

export interface BoardRow {
  rank: string;
  name: string;
  pnl: string;
  returnPct: string;
  /** Gains and losses are said in words by the sign, and coloured by this. */
  trend: "up" | "down" | "flat";
  mine: boolean;
  /** The participant's copy-trading profile on demo, when it leads there. */
  copyHref?: string;
}

const trendOf = (s: Standing): BoardRow["trend"] => (Number(s.pnl) > 0 ? "up" : Number(s.pnl) < 0 ? "down" : "flat");

/** A demo lead's profile address under `copyBase` (the page's localized `/copy-trading/trader`). */
export const copyProfileHref = (copyBase: string, traderId: string): string => `${copyBase}/${encodeURIComponent(traderId)}?demo=1`;

export function boardRow(s: Standing, intl: string, mine: boolean, copyBase?: string): BoardRow {
  return {
    rank: String(s.rank),
    name: s.name,
    pnl: usdtAmount(s.pnl, intl, true),
    returnPct: percent(s.returnPct, intl),
    trend: trendOf(s),
    mine,
    ...(copyBase && s.copyTraderId ? { copyHref: copyProfileHref(copyBase, s.copyTraderId) } : {}),
  };
}

export function boardRows(board: Leaderboard, intl: string, copyBase?: string): BoardRow[] {
  return board.list.map((s) =>
    boardRow(s, intl, Boolean(board.me && !board.me.disqualified && board.me.rank === s.rank && board.me.name === s.name), copyBase),
  );
}

/** Whether a fetched answer is a leaderboard (the refresh trusts nothing it did not check). */
export function isLeaderboard(v: unknown): v is Leaderboard {
  if (!v || typeof v !== "object") return false;
  const b = v as Record<string, unknown>;
  return (
    typeof b.slug === "string" &&
    Array.isArray(b.list) &&
    b.list.every(
      (s) => s && typeof s === "object" && typeof (s as Standing).rank === "number" && typeof (s as Standing).name === "string",
    ) &&
    typeof b.final === "boolean"
  );
}
