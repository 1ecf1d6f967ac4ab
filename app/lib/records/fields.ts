/** The fields most record lists share, by their Bitget names (docs/decisions/712). */
import type { CoinRule, FieldKind, RecordField } from "./source";

const f = (path: string, label: string, kind: FieldKind, abs?: boolean, coin?: CoinRule): RecordField => ({
  path,
  label,
  kind,
  ...(abs ? { abs } : {}),
  ...(coin ? { coin } : {}),
});
/** An amount of `coin` (docs/decisions/715). */
const amountOf = (path: string, label: string, coin: CoinRule, abs?: boolean) => f(path, label, "number", abs, coin);
/** The row's own coin (`coin`), the quote coin when it names none. */
const ROW_COIN: CoinRule = { field: "coin" };

export const FIELD = {
  time: f("cTime", "time", "time"),
  pair: f("symbol", "pair", "text"),
  side: f("side", "side", "side"),
  orderType: f("orderType", "orderType", "code"),
  tradeSide: f("tradeSide", "tradeSide", "code"),
  price: f("price", "price", "number"),
  priceAvg: f("priceAvg", "priceAvg", "number"),
  fillPrice: f("priceAvg", "price", "number"),
  size: amountOf("size", "size", "base"),
  status: f("status", "status", "code"),
  orderId: f("orderId", "orderId", "text"),
  tradeId: f("tradeId", "tradeId", "text"),
  billId: f("billId", "billId", "text"),
  coin: f("coin", "coin", "text"),
  businessType: f("businessType", "businessType", "code"),
  balance: amountOf("balance", "balance", ROW_COIN),
  profit: amountOf("profit", "profit", "quote"),
  /** Fees as Bitget sends them on fills: one object, or (mix) a list of one. */
  spotFee: amountOf("feeDetail.totalFee", "fee", { field: "feeDetail.feeCoin" }, true),
  spotFeeCoin: f("feeDetail.feeCoin", "feeCoin", "text"),
  scope: f("tradeScope", "scope", "code"),
  value: (path: string) => amountOf(path, "value", "quote"),
  filled: (path: string) => amountOf(path, "filled", "base"),
  fee: (path: string) => amountOf(path, "fee", ROW_COIN, true),
  amount: (path: string) => amountOf(path, "amount", ROW_COIN),
  /** A spot order's size: the quote coin's for a market buy, which the CSV writes in a column of its own. */
  orderSize: amountOf("size", "size", "orderSize"),
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

export { f as field, amountOf };
