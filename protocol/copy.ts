/** Bitget v2 futures copy-trading paths (docs/decisions/356), and this exchange's few additions (marked). */
export const COPY_PATHS = {
  /** This exchange's addition: apply to lead (Bitget takes the application on its web pages). */
  traderApply: "/api/v2/copy/mix-trader/apply",
  /** This exchange's addition: the lead's profit-share rate. */
  traderProfitShare: "/api/v2/copy/mix-trader/config-setting-profit-share",
  traderCurrentTrack: "/api/v2/copy/mix-trader/order-current-track",
  traderHistoryTrack: "/api/v2/copy/mix-trader/order-history-track",
  /** The lead's profit share per copy that paid one. */
  traderProfitHistory: "/api/v2/copy/mix-trader/profit-history-details",
  traderClosePositions: "/api/v2/copy/mix-trader/order-close-positions",
  traderFollowers: "/api/v2/copy/mix-trader/config-query-followers",
  followerSettings: "/api/v2/copy/mix-follower/settings",
  followerQuerySettings: "/api/v2/copy/mix-follower/query-settings",
  followerCurrentOrders: "/api/v2/copy/mix-follower/query-current-orders",
  followerHistoryOrders: "/api/v2/copy/mix-follower/query-history-orders",
  followerTraders: "/api/v2/copy/mix-follower/query-traders",
  followerClosePositions: "/api/v2/copy/mix-follower/close-positions",
  followerCancelTrader: "/api/v2/copy/mix-follower/cancel-trader",
  /** This exchange's addition: every copy placed or refused for the follower, with the engine's code and reason. */
  followerCopyRecords: "/api/v2/copy/mix-follower/query-copy-records",
} as const;

/** This exchange's public, unsigned copy-trading reads (docs/decisions/357), and the lead's visibility setting. */
export const COPY_PUBLIC_PATHS = {
  traders: "/api/v2/copy/public/traders",
  traderDetail: "/api/v2/copy/public/trader-detail",
  traderHistory: "/api/v2/copy/public/trader-history",
  /** Signed: the lead's choice of what its open positions show (show, delay, hide). */
  positionVisibility: "/api/v2/copy/mix-trader/config-position-visibility",
} as const;

/** This exchange's addition (docs/decisions/363), signed: a lead's display name, one across futures and spot copy trading. */
export const COPY_NAME_PATHS = {
  updateNickname: "/api/v2/copy/trader/update-nickname",
} as const;
