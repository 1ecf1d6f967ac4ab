/** The fields most record lists share, by their Bitget names (docs/decisions/712). */
import type { FieldKind, RecordField } from "./source";

const f = (path: string, label: string, kind: FieldKind, abs?: boolean): RecordField => ({ path, label, kind, ...(abs ? { abs } : {}) });

export const FIELD = {
  time: f("cTime", "time", "time"),
  pair: f("symbol", "pair", "text"),
  side: f("side", "side", "side"),
  orderType: f("orderType", "orderType", "code"),
  tradeSide: f("tradeSide", "tradeSide", "code"),
  price: f("price", "price", "number"),
  priceAvg: f("priceAvg", "priceAvg", "number"),
  fillPrice: f("priceAvg", "price", "number"),
  size: f("size", "size", "number"),
  status: f("status", "status", "code"),
  orderId: f("orderId", "orderId", "text"),
  tradeId: f("tradeId", "tradeId", "text"),
  billId: f("billId", "billId", "text"),
  coin: f("coin", "coin", "text"),
  businessType: f("businessType", "businessType", "code"),
  balance: f("balance", "balance", "number"),
  profit: f("profit", "profit", "number"),
  /** Fees as Bitget sends them on fills: one object, or (mix) a list of one. */
  spotFee: f("feeDetail.totalFee", "fee", "number", true),
  spotFeeCoin: f("feeDetail.feeCoin", "feeCoin", "text"),
  scope: f("tradeScope", "scope", "code"),
  value: (path: string) => f(path, "value", "number"),
  filled: (path: string) => f(path, "filled", "number"),
  fee: (path: string) => f(path, "fee", "number", true),
  amount: (path: string) => f(path, "amount", "number"),
  recordId: (path: string) => f(path, "recordId", "text"),
} as const;

/** The columns of a spot-style fill (spot and margin): side, price, size, value and fee. */
export const FILL_COLUMNS: readonly RecordField[] = [
  FIELD.side,
  FIELD.fillPrice,
  FIELD.size,
  FIELD.value("amount"),
  FIELD.spotFee,
  FIELD.spotFeeCoin,
];

export { f as field };
