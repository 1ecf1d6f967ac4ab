/**
 * Bitget's v2 margin API as the screen calls it (docs/decisions/707): the paths of one margin mode,
 * and readers that turn its answers (text fields, as Bitget sends them) into the screen's shapes.
 * A row that lacks a field the screen needs is left out rather than shown half.
 */

import { V2 } from "../../../protocol/bitget";
import {
  LOAN_TYPES,
  MARGIN_ACCOUNT_MODES,
  MARGIN_CROSSED,
  MARGIN_ISOLATED,
  type LoanType,
  type MarginAccountMode,
} from "../../../protocol/margin";

/** Cross margin (one account for every pair) or isolated (one account per pair). */
export type MarginMode = MarginAccountMode;
export const MARGIN_MODES: readonly MarginMode[] = MARGIN_ACCOUNT_MODES;

/** Bitget's `loanType`: whether an order borrows what it lacks and repays from what it brings in. */
export { LOAN_TYPES, type LoanType };
export const borrows = (t: LoanType): boolean => t === "autoLoan" || t === "autoLoanAndRepay";

/** Spot ↔ margin transfers go through the spot wallet's transfer, as on Bitget. */
export const WALLET_TRANSFER = "/api/v2/spot/wallet/transfer";
/** Bitget's list of pairs with their margin terms (protocol/bitget.ts). */
export const MARGIN_CURRENCIES = V2.marginCurrencies;
/** The account types of `wallet/transfer` on either side of a margin transfer. */
export const TRANSFER_ACCOUNT: Record<MarginMode | "spot", string> = {
  spot: "spot",
  crossed: "crossed_margin",
  isolated: "isolated_margin",
};

/** The paths of one margin mode (`/api/v2/margin/crossed/...` or `/api/v2/margin/isolated/...`, protocol/margin.ts). */
export const marginPaths = (mode: MarginMode) => (mode === "crossed" ? MARGIN_CROSSED : MARGIN_ISOLATED);

/** What a margin record query needs: Bitget asks every one for a start time (ms). 90 days back. */
export const RECORD_WINDOW_MS = 90 * 24 * 60 * 60 * 1000;

const text = (v: unknown): string | undefined =>
  typeof v === "string" ? v : typeof v === "number" && Number.isFinite(v) ? String(v) : undefined;
const record = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
/** The rows of a list that `read` makes sense of; anything else (not a list, a row that is not an object or lacks a key field) is left out. */
const rowsOf = <T>(list: unknown, read: (o: Record<string, unknown>) => T | undefined): T[] =>
  Array.isArray(list)
    ? list.flatMap((r) => {
        const o = record(r);
        const row = o && read(o);
        return row === undefined ? [] : [row];
      })
    : [];
/** The text fields `keys` of a row, each `fallback` when missing. */
const textsOf = <K extends string>(o: Record<string, unknown>, keys: readonly K[], fallback: string) =>
  Object.fromEntries(keys.map((k) => [k, text(o[k]) ?? fallback])) as Record<K, string>;

/** One coin of a margin account: what is there, what is free, what is owed. */
export interface MarginAsset extends Record<"totalAmount" | "available" | "frozen" | "borrow" | "interest" | "net", string> {
  /** The pair, for an isolated account's row. */
  symbol?: string;
  coin: string;
}

export function marginAssetsOf(rows: unknown): MarginAsset[] {
  return rowsOf(rows, (o) => {
    const coin = text(o.coin);
    const available = text(o.available);
    if (!coin || available === undefined) return undefined;
    const symbol = text(o.symbol);
    return {
      ...(symbol ? { symbol } : {}),
      coin,
      available,
      // what is there and what is net default to what is free; what is held or owed, to nothing
      ...textsOf(o, ["totalAmount", "net"], available),
      ...textsOf(o, ["frozen", "borrow", "interest"], "0"),
    };
  });
}

/** The account's risk rate (debt over assets; 1 is liquidation), of the pair's row when isolated. */
export function riskRateOf(rows: unknown, symbol: string): string | undefined {
  const list = Array.isArray(rows) ? rows : [rows];
  const row = list.map(record).find((o) => o && (o.symbol === undefined || o.symbol === symbol));
  return text(row?.riskRateRatio ?? row?.riskRate);
}

/** `max-borrowable-amount`: cross answers one coin, isolated both coins of the pair. */
export function maxBorrowableOf(data: unknown, coin: string): string | undefined {
  const o = record(Array.isArray(data) ? data[0] : data);
  if (!o) return undefined;
  if (o.coin === coin) return text(o.maxBorrowableAmount);
  if (o.baseCoin === coin) return text(o.baseMaxBorrowableAmount ?? o.baseCoinMaxBorrowAmount);
  if (o.quoteCoin === coin) return text(o.quoteMaxBorrowableAmount ?? o.quoteCoinMaxBorrowAmount);
  return undefined;
}

/** `max-transfer-out-amount`: what may leave the margin account without passing its borrowing limit. */
export function maxTransferOutOf(data: unknown, coin: string): string | undefined {
  const o = record(Array.isArray(data) ? data[0] : data);
  if (!o) return undefined;
  if (o.coin === coin) return text(o.maxTransferOutAmount);
  if (o.baseCoin === coin) return text(o.baseCoinMaxTransferOutAmount);
  if (o.quoteCoin === coin) return text(o.quoteCoinMaxTransferOutAmount);
  return undefined;
}

/**
 * A margin order as the open-orders and history-orders lists give it: as Bitget answers
 * (docs/decisions/309), `baseSize`/`quoteSize` is what was ordered and `size`/`amount` what has filled.
 */
export interface MarginOrder {
  orderId: string;
  clientOid: string;
  symbol: string;
  side: "buy" | "sell";
  orderType: "limit" | "market";
  loanType: string;
  /** The limit price ("" for a market order). */
  price: string;
  priceAvg: string;
  /** What was ordered: in the quote coin for a market buy, in the base coin otherwise. */
  size: string;
  /** What has filled, in the base coin and in the quote coin. */
  filled: string;
  filledQuote: string;
  status: string;
  /** Who placed it: `SYS` for the close-out of a liquidation (Bitget's `enterPointSource`). */
  source: string;
  cTime: string;
}

export function marginOrderOf(r: unknown): MarginOrder | undefined {
  const o = record(r);
  const orderId = text(o?.orderId);
  const side = o?.side;
  const symbol = text(o?.symbol);
  if (!o || !orderId || !symbol || (side !== "buy" && side !== "sell")) return undefined;
  return {
    orderId,
    clientOid: text(o.clientOid) ?? "",
    symbol,
    side,
    orderType: o.orderType === "market" ? "market" : "limit",
    loanType: text(o.loanType) ?? "normal",
    price: o.orderType === "market" ? "" : (text(o.price) ?? ""),
    priceAvg: Number(o.priceAvg) > 0 ? (text(o.priceAvg) ?? "") : "",
    size: (o.orderType === "market" && side === "buy" ? text(o.quoteSize) : text(o.baseSize)) ?? "",
    filled: text(o.size) ?? "0",
    filledQuote: text(o.amount) ?? "0",
    status: text(o.status) ?? "",
    source: text(o.enterPointSource) ?? "",
    cTime: text(o.cTime) ?? "",
  };
}

/** The orders of an `open-orders` / `history-orders` page (`{ orderList }`). */
export function marginOrdersOf(page: unknown): MarginOrder[] {
  const list = record(page)?.orderList;
  return Array.isArray(list) ? list.flatMap((r) => marginOrderOf(r) ?? []) : [];
}

/** One row of the borrow, repay or interest history (`{ resultList }`), in one shape for the tables. */
export interface MarginRecord {
  id: string;
  coin: string;
  amount: string;
  /** Interest part of a repayment, or the daily rate of an interest row. */
  extra: string;
  type: string;
  cTime: string;
}

export type RecordKind = "borrow" | "repay" | "interest" | "liquidation";

export function marginRecordsOf(page: unknown, kind: RecordKind): MarginRecord[] {
  return rowsOf(record(page)?.resultList, (o) => {
    const row =
      kind === "borrow"
        ? { id: o.loanId, coin: o.coin, amount: o.borrowAmount, extra: "", type: o.borrowType }
        : kind === "repay"
          ? { id: o.repayId, coin: o.coin, amount: o.repayAmount, extra: o.repayInterest, type: o.repayType }
          : kind === "interest"
            ? {
                id: o.interestId,
                coin: o.interestCoin ?? o.loanCoin,
                amount: o.interestAmount,
                extra: o.dailyInterestRate,
                type: o.interstType ?? o.interestType,
              }
            : // a liquidation: its risk rate then, the assets it had and the debt it owed (cross: no pair)
              { id: o.liqId, coin: o.symbol ?? "", amount: o.liqRiskRatio, extra: o.totalDebt, type: o.totalAssets };
    const id = text(row.id);
    const coin = text(row.coin);
    const amount = text(row.amount);
    if (!id || coin === undefined || (coin === "" && kind !== "liquidation") || amount === undefined) return undefined;
    return {
      id,
      coin,
      amount,
      extra: text(row.extra) ?? "",
      type: text(row.type) ?? "",
      cTime: text(o.cTime) ?? text(o.liqStartTime) ?? "",
    };
  });
}

/** Its leverage limits and risk thresholds, text as Bitget sends them ("" when missing). */
const LISTING_LIMITS = ["maxCrossedLeverage", "maxIsolatedLeverage", "warningRiskRatio", "liquidationRiskRatio"] as const;

/** A pair's margin listing (`margin/currencies`): its risk thresholds and whether it can borrow. */
export interface MarginListing extends Record<(typeof LISTING_LIMITS)[number], string> {
  symbol: string;
  /** Whether the pair trades on margin at all (Bitget lists every pair, with this flag). */
  isBorrowable: boolean;
  isCrossBorrowable: boolean;
  isIsolatedBorrowable: boolean;
}

export function marginListingsOf(rows: unknown): MarginListing[] {
  return rowsOf(rows, (o) => {
    const symbol = text(o.symbol);
    if (!symbol) return undefined;
    return {
      symbol,
      ...textsOf(o, LISTING_LIMITS, ""),
      isBorrowable: o.isBorrowable !== false,
      isCrossBorrowable: o.isCrossBorrowable !== false,
      isIsolatedBorrowable: o.isIsolatedBaseBorrowable !== false || o.isIsolatedQuoteBorrowable !== false,
    };
  });
}
