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
