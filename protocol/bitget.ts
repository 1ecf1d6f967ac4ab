/**
 * Bitget REST/WebSocket v2 constants the embedded exchange serves (docs/protocol.md §9): paths, enums
 * and the exchange's error codes, spelled as Bitget's public v2 documentation spells them.
 */
import { HEADERS } from "./headers.ts";
import { VIP_TIERS } from "./vip.ts";

export const V2 = {
  time: "/api/v2/public/time",
  symbols: "/api/v2/spot/public/symbols",
  coins: "/api/v2/spot/public/coins",
  tickers: "/api/v2/spot/market/tickers",
  orderbook: "/api/v2/spot/market/orderbook",
  mergeDepth: "/api/v2/spot/market/merge-depth",
  candles: "/api/v2/spot/market/candles",
  historyCandles: "/api/v2/spot/market/history-candles",
  marketFills: "/api/v2/spot/market/fills",
  marketFillsHistory: "/api/v2/spot/market/fills-history",
  marginCurrencies: "/api/v2/margin/currencies",
  /** A margin pair's long/short lending ratio per period (docs/decisions/319). */
  marginLongShortRatio: "/api/v2/margin/market/long-short-ratio",
  placeOrder: "/api/v2/spot/trade/place-order",
  batchOrders: "/api/v2/spot/trade/batch-orders",
  cancelOrder: "/api/v2/spot/trade/cancel-order",
  batchCancel: "/api/v2/spot/trade/batch-cancel-order",
  cancelSymbol: "/api/v2/spot/trade/cancel-symbol-order",
  orderInfo: "/api/v2/spot/trade/orderInfo",
  unfilled: "/api/v2/spot/trade/unfilled-orders",
  historyOrders: "/api/v2/spot/trade/history-orders",
  tradeFills: "/api/v2/spot/trade/fills",
  placePlan: "/api/v2/spot/trade/place-plan-order",
  modifyPlan: "/api/v2/spot/trade/modify-plan-order",
  cancelPlan: "/api/v2/spot/trade/cancel-plan-order",
  currentPlan: "/api/v2/spot/trade/current-plan-order",
  historyPlan: "/api/v2/spot/trade/history-plan-order",
  accountInfo: "/api/v2/spot/account/info",
  assets: "/api/v2/spot/account/assets",
  bills: "/api/v2/spot/account/bills",
  subaccountAssets: "/api/v2/spot/account/subaccount-assets",
  subaccountTransfer: "/api/v2/spot/wallet/subaccount-transfer",
  /** Not in Bitget's API: resets the caller's simulation (paptrading) account to the demo funds. */
  paperReset: "/api/v2/spot/account/paper-reset",
  cancelReplaceOrder: "/api/v2/spot/trade/cancel-replace-order",
  batchCancelPlan: "/api/v2/spot/trade/batch-cancel-plan-order",
} as const;

export const WS_PATHS = { public: "/v2/ws/public", private: "/v2/ws/private" } as const;

/**
 * A web session's login message on the private stream carries these request headers by their
 * HTTP names (docs/decisions/700); a browser cannot set headers on a WebSocket upgrade.
 */
export const WS_SESSION_LOGIN_FIELDS = [
  HEADERS.time,
  HEADERS.traceId,
  HEADERS.deviceSign,
  HEADERS.deviceSignMode,
  HEADERS.deviceSignDataMd5,
  HEADERS.deviceSignKey,
] as const;

export const SIDES = ["buy", "sell"] as const;
export type Side = (typeof SIDES)[number];
export const ORDER_TYPES = ["limit", "market"] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const FORCES = ["gtc", "post_only", "fok", "ioc"] as const;
export type Force = (typeof FORCES)[number];
export const STP_MODES = ["none", "cancel_taker", "cancel_maker", "cancel_both"] as const;
export type StpMode = (typeof STP_MODES)[number];
export const ORDER_STATUSES = ["live", "partially_filled", "filled", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const TPSL_TYPES = ["normal", "tpsl"] as const;
export const BATCH_MODES = ["single", "multiple"] as const;
export const PLAN_TYPES = ["amount", "total"] as const;
export const TRIGGER_TYPES = ["fill_price", "mark_price"] as const;
/** Bitget's own plan-order example sends `market_price`, its v1 name for the mark price (docs/decisions/307). */
export const TRIGGER_TYPE_ALIASES: Record<string, (typeof TRIGGER_TYPES)[number]> = { market_price: "mark_price" };
export const ASSET_TYPES = ["hold_only", "all"] as const;

/** Spot bill groupType / businessType (Bitget v2 `account/bills`). */
export const BILL_GROUPS = ["deposit", "withdraw", "transaction", "transfer", "other"] as const;
export type BillGroup = (typeof BILL_GROUPS)[number];
export const BUSINESS_TYPES = [
  "DEPOSIT",
  "WITHDRAW",
  "BUY",
  "SELL",
  "DEDUCTION_HANDLING_FEE",
  "TRANSFER_IN",
  "TRANSFER_OUT",
  "SYSTEM_RESET",
  // spot copy trading's profit share (docs/decisions/360): the follower's payment and the lead's income
  "TRACKING_FOLLOW_PAY",
  "TRACKING_TRADER_INCOME",
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];
/** The lower-case, hyphenated spellings some versions of Bitget's bills page document. */
export const BUSINESS_TYPE_ALIASES: Record<string, BusinessType> = {
  "transfer-in": "TRANSFER_IN",
  "transfer-out": "TRANSFER_OUT",
  "deduction of handling fee": "DEDUCTION_HANDLING_FEE",
};

/** Candle granularities of `market/candles` and their length in ms (months are calendar months). */
export const GRANULARITIES = {
  "1min": 60_000,
  "3min": 180_000,
  "5min": 300_000,
  "15min": 900_000,
  "30min": 1_800_000,
  "1h": 3_600_000,
  "4h": 14_400_000,
  "6h": 21_600_000,
  "12h": 43_200_000,
  "1day": 86_400_000,
  "3day": 259_200_000,
  "1week": 604_800_000,
  "1M": 0,
  "6Hutc": 21_600_000,
  "12Hutc": 43_200_000,
  "1Dutc": 86_400_000,
  "3Dutc": 259_200_000,
  "1Wutc": 604_800_000,
  "1Mutc": 0,
} as const;
export type Granularity = keyof typeof GRANULARITIES;
/**
 * Other spellings of the candle granularities: the stream channels' suffixes and Bitget's own notes
 * on the candles page (1m, 1H, 1D...). Every name matches in any case except the bare `<n>m` / `1M`
 * ones, so a minute (`1m`) is never read as a month (`1M`) (docs/decisions/307).
 */
export const GRANULARITY_ALIASES: Record<string, Granularity> = {
  "1m": "1min",
  "3m": "3min",
  "5m": "5min",
  "15m": "15min",
  "30m": "30min",
  "1H": "1h",
  "4H": "4h",
  "6H": "6h",
  "12H": "12h",
  "1D": "1day",
  "3D": "3day",
  "1W": "1week",
};

/** Candle stream channels (Bitget WebSocket v2) and the granularity each one pushes. */
export const CANDLE_CHANNELS: Record<string, Granularity> = {
  candle1m: "1min",
  candle3m: "3min",
  candle5m: "5min",
  candle15m: "15min",
  candle30m: "30min",
  candle1H: "1h",
  candle4H: "4h",
  candle6H: "6h",
  candle12H: "12h",
  candle1D: "1day",
  candle3D: "3day",
  candle1W: "1week",
  candle1M: "1M",
  candle6Hutc: "6Hutc",
  candle12Hutc: "12Hutc",
  candle1Dutc: "1Dutc",
  candle3Dutc: "3Dutc",
  candle1Wutc: "1Wutc",
  candle1Mutc: "1Mutc",
};

/** Request headers of Bitget's API-key authentication. */
export const API_KEY_HEADERS = {
  key: "access-key",
  sign: "access-sign",
  timestamp: "access-timestamp",
  passphrase: "access-passphrase",
} as const;

/**
 * Spot maker/taker fee rates by VIP tier in parts per million (0.1% = 1000): what the exchange
 * charges, and what the order form's fee estimate uses (docs/decisions/704, 332).
 */
export const SPOT_FEE_TIERS: ReadonlyArray<{ readonly maker: number; readonly taker: number }> = VIP_TIERS.map((t) => t.spot);

/** Error codes of Bitget's v2 API that the embedded exchange answers with. */
export const EX_CODES = {
  accessKeyEmpty: "40001",
  accessSignEmpty: "40002",
  passphraseEmpty: "40003",
  timestampInvalid: "40005",
  accessKeyInvalid: "40006",
  timestampExpired: "40008",
  signInvalid: "40009",
  passphraseInvalid: "40012",
  permissionDenied: "40014",
  paramInvalid: "40017",
  ipInvalid: "40018",
  paramEmpty: "40019",
  paramNotExist: "40034",
  /** "Parameter verification exception": precision (tick/lot) violations. */
  paramCheck: "40808",
  orderNotFound: "43001",
  qtyTooSmall: "43006",
  insufficientBalance: "43012",
  duplicateClientOid: "43118",
  orderNotCancellable: "43004",
  /** Price protection (docs/decisions/340): "The current order price cannot be less than {min}". */
  priceBelowBand: "43008",
  /** Price protection (docs/decisions/340): "The current order price exceeds the limit {max}". */
  priceAboveBand: "43009",
  fokNotFilled: "43010",
  minNotional: "45110",
  planNotFound: "43025",
  planLimit: "40889",
  tooManyRequests: "429",
} as const;

/** One row of `market/tickers` (Bitget v2 spot), every value a decimal string except `symbol`. */
export interface SpotTicker {
  symbol: string;
  high24h: string;
  open: string;
  low24h: string;
  lastPr: string;
  quoteVolume: string;
  baseVolume: string;
  usdtVolume: string;
  bidPr: string;
  askPr: string;
  bidSz: string;
  askSz: string;
  openUtc: string;
  ts: string;
  changeUtc24h: string;
  change24h: string;
}
