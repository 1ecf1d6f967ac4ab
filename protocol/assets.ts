/**
 * The asset overview's paths and names (docs/decisions/331): Bitget's all-account balance and the
 * embedded gateway's own equity history and transfer limit, shared by the gateway and the pages.
 */

export const ASSET_PATHS = {
  /** Bitget v2: every account of the caller valued in USDT. */
  allAccountBalance: "/api/v2/account/all-account-balance",
  /** The caller's equity snapshots (`days` = 7, 30 or 90) and the breakdown now. */
  equityHistory: "/v1/asset/equity-history",
  /** The most that may leave one account now (`fromType`, `coin`, `symbol` for an isolated pair). */
  transferMax: "/v1/asset/transfer-max",
} as const;

/** The account kinds a snapshot and the breakdown value, one row each. */
export const ASSET_ACCOUNT_TYPES = ["spot", "futures", "crossed_margin", "isolated_margin"] as const;
export type AssetAccountType = (typeof ASSET_ACCOUNT_TYPES)[number];

/** The history windows the overview offers, in days of the simulated clock. */
export const EQUITY_HISTORY_DAYS = [7, 30, 90] as const;
