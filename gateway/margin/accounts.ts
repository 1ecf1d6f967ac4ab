/**
 * Margin accounts as identities of the spot engine (docs/decisions/320): a user's crossed account
 * and each isolated account hold their coins in the spot ledger under a key derived from the user,
 * so matching, freezing and fills are the spot engine's own. `#` never occurs in a user id.
 */
import type { MarginAccountMode } from "../../protocol/margin.ts";

/** The spot-ledger accounts of the margin area's house: lenders' pool and the protection fund. */
export const MARGIN_POOL = "margin-pool";
export const MARGIN_FUND = "margin-fund";

export interface MarginAccountRef {
  userId: string;
  mode: MarginAccountMode;
  /** The pair of an isolated account; "" for the crossed one. */
  symbol: string;
}

export function accountKey(userId: string, mode: MarginAccountMode, symbol = ""): string {
  return mode === "crossed" ? `${userId}#crossed` : `${userId}#isolated#${symbol}`;
}

/** The margin account a spot-engine user id names, or undefined for a real user or a house account. */
export function parseAccountKey(key: string): MarginAccountRef | undefined {
  const i = key.indexOf("#");
  if (i <= 0) return undefined;
  const userId = key.slice(0, i);
  const rest = key.slice(i + 1);
  if (rest === "crossed") return { userId, mode: "crossed", symbol: "" };
  if (rest.startsWith("isolated#")) return { userId, mode: "isolated", symbol: rest.slice(9) };
  return undefined;
}
