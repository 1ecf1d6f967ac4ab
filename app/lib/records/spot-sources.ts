/** The spot record lists of `/record/exchange` (docs/decisions/712): Bitget's v2 spot history endpoints. */
import { BUSINESS_TYPES, V2 } from "../../../protocol/bitget";
import { lastOf, listAt, pair, type RecordField, type RecordSource, type SourceFilters } from "./source";
import { FIELD, FILL_COLUMNS } from "./fields";

/** A spot order or fill history: 100 rows a page of one pair (or all), paged by the last row's `key`. */
function spotHistory(id: string, path: string, key: string, filters: SourceFilters, fields: readonly RecordField[]): RecordSource {
  return {
    id,
    label: id,
    path: () => path,
    limit: 100,
    filters,
    query: (f) => pair(f.symbol),
    rows: (d) => listAt(d),
    next: lastOf(key),
    key,
    fields,
  };
}

export function spotSources(symbols: readonly string[], coins: readonly string[]): RecordSource[] {
  return [
    spotHistory("orders", V2.historyOrders, "orderId", { time: true, symbols }, [
      FIELD.time,
      FIELD.pair,
      FIELD.side,
      FIELD.orderType,
      FIELD.price,
      FIELD.priceAvg,
      FIELD.orderSize,
      FIELD.filled("baseVolume"),
      FIELD.value("quoteVolume"),
      FIELD.status,
      FIELD.orderId,
    ]),
    // Bitget's spot fills name one pair
    spotHistory("fills", V2.tradeFills, "tradeId", { time: true, symbols, symbolRequired: true }, [
      FIELD.time,
      FIELD.pair,
      ...FILL_COLUMNS,
      FIELD.scope,
      FIELD.tradeId,
    ]),
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
