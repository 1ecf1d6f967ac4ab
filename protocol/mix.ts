/**
 * Bitget v2 mix (USDT-M perpetual futures) constants the embedded exchange serves
 * (docs/decisions/310): paths, product types and enums, spelled as Bitget's v2 mix API spells them.
 */

export const MIX = {
  contracts: "/api/v2/mix/market/contracts",
  tickers: "/api/v2/mix/market/tickers",
  ticker: "/api/v2/mix/market/ticker",
  mergeDepth: "/api/v2/mix/market/merge-depth",
  candles: "/api/v2/mix/market/candles",
  historyCandles: "/api/v2/mix/market/history-candles",
  historyIndexCandles: "/api/v2/mix/market/history-index-candles",
  historyMarkCandles: "/api/v2/mix/market/history-mark-candles",
  fills: "/api/v2/mix/market/fills",
  fillsHistory: "/api/v2/mix/market/fills-history",
  currentFundRate: "/api/v2/mix/market/current-fund-rate",
  historyFundRate: "/api/v2/mix/market/history-fund-rate",
  fundingTime: "/api/v2/mix/market/funding-time",
  symbolPrice: "/api/v2/mix/market/symbol-price",
  openInterest: "/api/v2/mix/market/open-interest",
  queryPositionLever: "/api/v2/mix/market/query-position-lever",
  /** Not in Bitget's API: the public balance of the protection (insurance) fund. */
  protectionFund: "/api/v2/mix/market/protection-fund",
} as const;

/** Bitget v2 mix private endpoints (signed; docs/decisions/312). */
export const MIX_PRIVATE = {
  accounts: "/api/v2/mix/account/accounts",
  account: "/api/v2/mix/account/account",
  setLeverage: "/api/v2/mix/account/set-leverage",
  setMargin: "/api/v2/mix/account/set-margin",
  setMarginMode: "/api/v2/mix/account/set-margin-mode",
  setPositionMode: "/api/v2/mix/account/set-position-mode",
  bills: "/api/v2/mix/account/bill",
  allPosition: "/api/v2/mix/position/all-position",
  singlePosition: "/api/v2/mix/position/single-position",
  historyPosition: "/api/v2/mix/position/history-position",
  placeOrder: "/api/v2/mix/order/place-order",
  batchPlaceOrder: "/api/v2/mix/order/batch-place-order",
  cancelOrder: "/api/v2/mix/order/cancel-order",
  cancelAllOrders: "/api/v2/mix/order/cancel-all-orders",
  closePositions: "/api/v2/mix/order/close-positions",
  ordersPending: "/api/v2/mix/order/orders-pending",
  ordersHistory: "/api/v2/mix/order/orders-history",
  detail: "/api/v2/mix/order/detail",
  fills: "/api/v2/mix/order/fills",
  /** Cancel-replace of a resting order (docs/decisions/315). */
  modifyOrder: "/api/v2/mix/order/modify-order",
  /** Reverse: close the position at market, open the opposite side with the same size. */
  clickBackhand: "/api/v2/mix/order/click-backhand",
  placePlanOrder: "/api/v2/mix/order/place-plan-order",
  modifyPlanOrder: "/api/v2/mix/order/modify-plan-order",
  cancelPlanOrder: "/api/v2/mix/order/cancel-plan-order",
  placeTpslOrder: "/api/v2/mix/order/place-tpsl-order",
  placePosTpsl: "/api/v2/mix/order/place-pos-tpsl",
  ordersPlanPending: "/api/v2/mix/order/orders-plan-pending",
  ordersPlanHistory: "/api/v2/mix/order/orders-plan-history",
  /** Cancel orders by id, or every order of the product type (and symbol) without a list (docs/decisions/318). */
  batchCancelOrders: "/api/v2/mix/order/batch-cancel-orders",
  /** Modify a live TP/SL plan (docs/decisions/318). */
  modifyTpslOrder: "/api/v2/mix/order/modify-tpsl-order",
  /** Bitget's transfer between the caller's own accounts (spot and USDT-M futures here). */
  walletTransfer: "/api/v2/spot/wallet/transfer",
} as const;

/** Account types of `wallet/transfer` (Bitget's names); the embedded exchange moves USDT between the first two. */
export const TRANSFER_ACCOUNT_TYPES = [
  "spot",
  "usdt_futures",
  "coin_futures",
  "usdc_futures",
  "p2p",
  "crossed_margin",
  "isolated_margin",
] as const;

/** Bitget's product types; only USDT-M perpetuals are listed here, the others answer an empty list. */
export const PRODUCT_TYPES = ["USDT-FUTURES", "COIN-FUTURES", "USDC-FUTURES"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const USDT_FUTURES: ProductType = "USDT-FUTURES";
/** The simulated-trading product names of Bitget's v2 API, answered from the paper environment's books. */
export const PAPER_PRODUCT_TYPES: Record<string, ProductType> = {
  "SUSDT-FUTURES": "USDT-FUTURES",
  "SCOIN-FUTURES": "COIN-FUTURES",
  "SUSDC-FUTURES": "USDC-FUTURES",
};

export const KLINE_TYPES = ["MARKET", "MARK", "INDEX"] as const;
export type KlineType = (typeof KLINE_TYPES)[number];

export const MARGIN_MODES = ["crossed", "isolated"] as const;
export type MarginMode = (typeof MARGIN_MODES)[number];
export const POS_MODES = ["one_way_mode", "hedge_mode"] as const;
export type PosMode = (typeof POS_MODES)[number];
export const HOLD_SIDES = ["long", "short"] as const;
export type HoldSide = (typeof HOLD_SIDES)[number];

/** Bitget's mix plan types: trigger orders, trailing orders and the TP/SL kinds; `profit_loss` lists every TP/SL kind. */
export const MIX_PLAN_TYPES = ["normal_plan", "track_plan", "profit_plan", "loss_plan", "moving_plan", "pos_profit", "pos_loss"] as const;
export type MixPlanType = (typeof MIX_PLAN_TYPES)[number];
export const MIX_PLAN_QUERY_TYPES = ["normal_plan", "track_plan", "profit_loss"] as const;
export const MIX_TRIGGER_TYPES = ["fill_price", "mark_price"] as const;

/** Bitget's public futures market statistics (docs/decisions/319): `symbol`, `period` (STAT_PERIODS of gateway/futures/statistics.ts). */
export const MIX_STATS = {
  takerBuySell: "/api/v2/mix/market/taker-buy-sell",
  positionLongShort: "/api/v2/mix/market/position-long-short",
  longShort: "/api/v2/mix/market/long-short",
  accountLongShort: "/api/v2/mix/market/account-long-short",
} as const;
