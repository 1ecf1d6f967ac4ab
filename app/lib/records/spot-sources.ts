/** The spot record lists of `/record/exchange` (docs/decisions/712): Bitget's v2 spot history endpoints. */
import { BUSINESS_TYPES, V2 } from "../../../protocol/bitget";
import { lastOf, listAt, pair, type RecordSource } from "./source";

export function spotSources(symbols: readonly string[], coins: readonly string[]): RecordSource[] {
  return [
    {
      id: "orders",
      label: "orders",
      path: () => V2.historyOrders,
      limit: 100,
      filters: { time: true, symbols },
      query: (f) => pair(f.symbol),
      rows: (d) => listAt(d),
      next: lastOf("orderId"),
      key: "orderId",
      fields: [
        { path: "cTime", label: "time", kind: "time" },
        { path: "symbol", label: "pair", kind: "text" },
        { path: "side", label: "side", kind: "side" },
        { path: "orderType", label: "orderType", kind: "code" },
        { path: "price", label: "price", kind: "number" },
        { path: "priceAvg", label: "priceAvg", kind: "number" },
        { path: "size", label: "size", kind: "number" },
        { path: "baseVolume", label: "filled", kind: "number" },
        { path: "quoteVolume", label: "value", kind: "number" },
        { path: "status", label: "status", kind: "code" },
        { path: "orderId", label: "orderId", kind: "text" },
      ],
    },
    {
      id: "fills",
      label: "fills",
      path: () => V2.tradeFills,
      limit: 100,
      // Bitget's spot fills name one pair
      filters: { time: true, symbols, symbolRequired: true },
      query: (f) => pair(f.symbol),
      rows: (d) => listAt(d),
      next: lastOf("tradeId"),
      key: "tradeId",
      fields: [
        { path: "cTime", label: "time", kind: "time" },
        { path: "symbol", label: "pair", kind: "text" },
        { path: "side", label: "side", kind: "side" },
        { path: "priceAvg", label: "price", kind: "number" },
        { path: "size", label: "size", kind: "number" },
        { path: "amount", label: "value", kind: "number" },
        { path: "feeDetail.totalFee", label: "fee", kind: "number", abs: true },
        { path: "feeDetail.feeCoin", label: "feeCoin", kind: "text" },
        { path: "tradeScope", label: "scope", kind: "code" },
        { path: "tradeId", label: "tradeId", kind: "text" },
      ],
    },
    {
      id: "bills",
      label: "bills",
      path: () => V2.bills,
      limit: 500,
      // the ledger is per coin: the "pair" choice lists coins here
      filters: { time: true, symbols: coins, coin: true, types: BUSINESS_TYPES },
      query: (f) => ({ ...(f.symbol ? { coin: f.symbol } : {}), ...(f.type ? { businessType: f.type } : {}) }),
      rows: (d) => listAt(d),
      next: lastOf("billId"),
      key: "billId",
      fields: [
        { path: "cTime", label: "time", kind: "time" },
        { path: "coin", label: "coin", kind: "text" },
        { path: "businessType", label: "businessType", kind: "code" },
        { path: "size", label: "amount", kind: "number" },
        { path: "fees", label: "fee", kind: "number", abs: true },
        { path: "balance", label: "balance", kind: "number" },
        { path: "billId", label: "billId", kind: "text" },
      ],
    },
  ];
}
