/**
 * Bitget v2 margin constants the embedded exchange serves (docs/decisions/320): paths of the
 * crossed and isolated APIs, loan types, record types, stream channels and error codes, spelled
 * as Bitget's v2 margin API spells them.
 */
import { EX_CODES } from "./bitget.ts";

/** The paths of one margin mode; `crossed` and `isolated` share their shape. */
function marginPaths<M extends "crossed" | "isolated">(mode: M) {
  const base = `/api/v2/margin/${mode}` as const;
  return {
    assets: `${base}/account/assets`,
    borrow: `${base}/account/borrow`,
    repay: `${base}/account/repay`,
    riskRate: `${base}/account/risk-rate`,
    /** Not Bitget's: the risk rate an order or a borrow would leave (docs/decisions/340). */
    riskPreview: `${base}/account/risk-preview`,
    maxBorrowable: `${base}/account/max-borrowable-amount`,
    maxTransferOut: `${base}/account/max-transfer-out-amount`,
    interestRateAndLimit: `${base}/interest-rate-and-limit`,
    tierData: `${base}/tier-data`,
    placeOrder: `${base}/place-order`,
    batchPlaceOrder: `${base}/batch-place-order`,
    cancelOrder: `${base}/cancel-order`,
    batchCancelOrder: `${base}/batch-cancel-order`,
    openOrders: `${base}/open-orders`,
    historyOrders: `${base}/history-orders`,
    fills: `${base}/fills`,
    borrowHistory: `${base}/borrow-history`,
    repayHistory: `${base}/repay-history`,
    interestHistory: `${base}/interest-history`,
    liquidationHistory: `${base}/liquidation-history`,
    financialRecords: `${base}/financial-records`,
  } as const;
}

export const MARGIN_CROSSED = marginPaths("crossed");
export const MARGIN_ISOLATED = marginPaths("isolated");
export type MarginPaths = typeof MARGIN_CROSSED | typeof MARGIN_ISOLATED;

export const MARGIN_ACCOUNT_MODES = ["crossed", "isolated"] as const;
export type MarginAccountMode = (typeof MARGIN_ACCOUNT_MODES)[number];

/** Bitget's `loanType` of a margin order. */
export const LOAN_TYPES = ["normal", "autoLoan", "autoRepay", "autoLoanAndRepay"] as const;
export type LoanType = (typeof LOAN_TYPES)[number];

/** `marginType` of financial records (Bitget's names). */
export const MARGIN_RECORD_TYPES = [
  "transfer_in",
  "transfer_out",
  "borrow",
  "repay",
  "liquidation_fee",
  "compensate",
  "deal_in",
  "deal_out",
  "confiscated",
  "exchange_in",
  "exchange_out",
  "sys_exchange_in",
  "sys_exchange_out",
] as const;
export type MarginRecordType = (typeof MARGIN_RECORD_TYPES)[number];

/** Coins that may be borrowed (the quote coin and the listed bases with margin pairs). */
export const BORROWABLE_COINS = ["USDT", "BTC", "ETH", "SOL", "XRP", "DOGE"] as const;

/** Maximum leverage: crossed for the whole account, isolated per pair (Bitget's tier 1). */
export const CROSSED_LEVERAGE = 3;
export const ISOLATED_LEVERAGE = 10;

/** The private stream channels of `instType: "MARGIN"`. */
export const MARGIN_CHANNELS = {
  crossedOrders: "orders-crossed",
  isolatedOrders: "orders-isolated",
  crossedAccount: "account-crossed",
  isolatedAccount: "account-isolated",
} as const;
export const MARGIN_INST_TYPE = "MARGIN";

/** The spot codes that margin answers with the same meaning (Bitget's v2 codes are one list). */
const {
  paramInvalid,
  paramEmpty,
  paramNotExist,
  insufficientBalance,
  orderNotFound,
  orderNotCancellable,
  duplicateClientOid,
  priceBelowBand,
  priceAboveBand,
} = EX_CODES;

/** Bitget's margin error codes as the embedded exchange answers them. */
export const MARGIN_CODES = {
  paramInvalid,
  paramEmpty,
  paramNotExist,
  insufficientBalance,
  /** "The borrowing amount exceeds the maximum borrowable amount". */
  borrowExceeds: "50021",
  /** "The repayment amount exceeds the outstanding debt". */
  repayExceeds: "50022",
  /** "The transfer amount exceeds the maximum transferable amount". */
  transferExceeds: "50023",
  /** "The coin cannot be borrowed". */
  notBorrowable: "50024",
  /** "The account is being liquidated". */
  liquidating: "50025",
  /** "Loan risk control check failed": an order or a borrow would leave the account under its liquidation level (docs/decisions/340). */
  riskCheck: "50026",
  priceBelowBand,
  priceAboveBand,
  orderNotFound,
  orderNotCancellable,
  duplicateClientOid,
} as const;
