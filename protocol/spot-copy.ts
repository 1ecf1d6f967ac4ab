/** Bitget v2 spot copy-trading paths (docs/decisions/360), and this exchange's few additions (marked). */
export const SPOT_COPY_PATHS = {
  /** This exchange's addition: apply to lead spot copy trading (Bitget takes the application on its web pages). */
  traderApply: "/api/v2/copy/spot-trader/apply",
  /** This exchange's addition: the spot lead's profit-share rate. */
  traderProfitShare: "/api/v2/copy/spot-trader/config-setting-profit-share",
  traderCurrentTrack: "/api/v2/copy/spot-trader/order-current-track",
  traderHistoryTrack: "/api/v2/copy/spot-trader/order-history-track",
  traderFollowers: "/api/v2/copy/spot-trader/config-query-followers",
  traderCloseTracking: "/api/v2/copy/spot-trader/order-close-tracking",
  traderRemoveFollower: "/api/v2/copy/spot-trader/config-remove-follower",
  followerSettings: "/api/v2/copy/spot-follower/settings",
  followerQuerySettings: "/api/v2/copy/spot-follower/query-settings",
  followerCurrentOrders: "/api/v2/copy/spot-follower/query-current-orders",
  followerHistoryOrders: "/api/v2/copy/spot-follower/query-history-orders",
  followerTraders: "/api/v2/copy/spot-follower/query-traders",
  followerCancelTrader: "/api/v2/copy/spot-follower/cancel-trader",
  followerCloseTracking: "/api/v2/copy/spot-follower/order-close-tracking",
  followerStopOrder: "/api/v2/copy/spot-follower/stop-order",
  /** This exchange's addition: every spot copy placed or refused for the follower, with the engine's code and reason. */
  followerCopyRecords: "/api/v2/copy/spot-follower/query-copy-records",
} as const;

/**
 * This exchange's spot lead pages (docs/decisions/362): unsigned public reads like the futures ones
 * (`COPY_PUBLIC_PATHS`), the spot lead's holding visibility and profit share earned, and who the
 * signed-in account is in copy trading (a read that never answers "not a lead" with an error).
 */
export const SPOT_COPY_PUBLIC_PATHS = {
  traders: "/api/v2/copy/public/spot-traders",
  traderDetail: "/api/v2/copy/public/spot-trader-detail",
  traderHistory: "/api/v2/copy/public/spot-trader-history",
  /** Signed: the spot lead's choice of what its holdings show (the same choice as its futures positions'). */
  holdingVisibility: "/api/v2/copy/spot-trader/config-holding-visibility",
  /** Signed (Bitget's name): the spot lead's profit share earned, one row per follower copy that paid one. */
  traderProfitHistory: "/api/v2/copy/spot-trader/profit-history-details",
  /** Signed, ours: the account's copy-trading roles in the environment. */
  roles: "/api/v2/copy/roles",
} as const;
