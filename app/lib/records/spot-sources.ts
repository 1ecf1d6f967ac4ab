/** The spot record lists of `/record/exchange` (docs/decisions/712): Bitget's v2 spot history endpoints. */
import { BUSINESS_TYPES, V2 } from "../../../protocol/bitget";
import { lastOf, listAt, pair, type RecordSource } from "./source";
import { FIELD } from "./fields";

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
        FIELD.time,
        FIELD.pair,
        FIELD.side,
        FIELD.orderType,
        FIELD.price,
        FIELD.priceAvg,
        FIELD.size,
        FIELD.filled("baseVolume"),
        FIELD.value("quoteVolume"),
        FIELD.status,
        FIELD.orderId,
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
        FIELD.time,
        FIELD.pair,
        FIELD.side,
        FIELD.fillPrice,
        FIELD.size,
        FIELD.value("amount"),
        FIELD.spotFee,
        FIELD.spotFeeCoin,
        FIELD.scope,
        FIELD.tradeId,
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
      fields: [FIELD.time, FIELD.coin, FIELD.businessType, FIELD.amount("size"), FIELD.fee("fees"), FIELD.balance, FIELD.billId],
    },
  ];
}
