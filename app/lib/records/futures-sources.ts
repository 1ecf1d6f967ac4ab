/**
 * The USDT-M futures record lists of `/record/mcp` and `/order/mcp` (docs/decisions/712): Bitget's
 * v2 mix order, fill, position-history, plan and bill endpoints. Funding is a bill of its own
 * business type (`contract_settle_fee`).
 */
import { MIX_PRIVATE } from "../../../protocol/mix";
import { cancelPlanBody, MARGIN_COIN, PRODUCT_TYPE } from "~/lib/futures/api";
import { fieldOf, idOf, listAt, pair, type RecordField, type RecordSource } from "./source";
import { amountOf, FIELD, field } from "./fields";

/** The bill business types the gateway writes (gateway/futures/service.ts), funding first. */
export const FUTURES_BILL_TYPES = [
  "contract_settle_fee",
  "open_long",
  "open_short",
  "close_long",
  "close_short",
  "trans_from_exchange",
  "trans_to_exchange",
  "burst_long_loss_query",
  "burst_short_loss_query",
  "adl_close_long",
  "adl_close_short",
  "liquidation_cover",
  "system_reset",
] as const;
/** Funding settlement: the bills of the futures screen's funding history. */
export const FUNDING_BILL = FUTURES_BILL_TYPES[0];

const base = (f: { symbol: string }) => ({ productType: PRODUCT_TYPE, ...pair(f.symbol) });

const ORDER_FIELDS: readonly RecordField[] = [
  FIELD.time,
  FIELD.pair,
  FIELD.side,
  FIELD.tradeSide,
  FIELD.orderType,
  FIELD.price,
  FIELD.priceAvg,
  FIELD.size,
  FIELD.filled("baseVolume"),
  FIELD.fee("fee"),
  amountOf("totalProfits", "profit", "quote"),
  FIELD.status,
  FIELD.orderId,
];

const PLAN_FIELDS: readonly RecordField[] = [
  FIELD.time,
  FIELD.pair,
  field("planType", "planType", "code"),
  FIELD.side,
  FIELD.tradeSide,
  field("triggerPrice", "triggerPrice", "number"),
  FIELD.price,
  FIELD.size,
  field("planStatus", "status", "code"),
  FIELD.orderId,
];

/** Orders: history (filled, cancelled) or the open ones, which can be cancelled. */
function orders(symbols: readonly string[], open: boolean): RecordSource {
  return {
    id: open ? "open" : "orders",
    label: open ? "open" : "orders",
    path: () => (open ? MIX_PRIVATE.ordersPending : MIX_PRIVATE.ordersHistory),
    limit: 100,
    // open orders are all shown, however old
    filters: { time: !open, symbols },
    query: base,
    rows: (d) => listAt(d, "entrustedList"),
    next: idOf("endId"),
    key: "orderId",
    fields: ORDER_FIELDS,
    ...(open
      ? {
          cancel: (r) => ({
            path: MIX_PRIVATE.cancelOrder,
            body: { symbol: fieldOf(r, "symbol"), productType: PRODUCT_TYPE, marginCoin: MARGIN_COIN, orderId: fieldOf(r, "orderId") },
          }),
        }
      : {}),
  };
}

/** Plan orders of one kind (`normal_plan`: triggers; `profit_loss`: TP/SL), waiting (cancellable) or past. */
function plans(symbols: readonly string[], planType: "normal_plan" | "profit_loss", pending: boolean): RecordSource {
  const id = `${planType === "normal_plan" ? "plans" : "tpsl"}${pending ? "" : "History"}`;
  return {
    id,
    label: id,
    path: () => (pending ? MIX_PRIVATE.ordersPlanPending : MIX_PRIVATE.ordersPlanHistory),
    limit: 100,
    filters: { time: !pending, symbols },
    query: (f) => ({ ...base(f), planType }),
    rows: (d) => listAt(d, "entrustedList"),
    next: idOf("endId"),
    key: "orderId",
    fields: PLAN_FIELDS,
    ...(pending
      ? {
          cancel: (r) => ({
            path: MIX_PRIVATE.cancelPlanOrder,
            body: { ...cancelPlanBody(fieldOf(r, "symbol"), fieldOf(r, "orderId")), planType },
          }),
        }
      : {}),
  };
}

/** A history list of the mix API: 100 rows a page, time and pair filters, paged by `endId`. */
function mixHistory(
  symbols: readonly string[],
  id: string,
  path: string,
  list: string,
  key: string,
  fields: readonly RecordField[],
): RecordSource {
  return {
    id,
    label: id,
    path: () => path,
    limit: 100,
    filters: { time: true, symbols },
    query: base,
    rows: (d) => listAt(d, list),
    next: idOf("endId"),
    key,
    fields,
  };
}

/** `/record/mcp`: order history, fills, closed positions and the bills (funding among them). */
export function futuresRecordSources(symbols: readonly string[]): RecordSource[] {
  return [
    orders(symbols, false),
    mixHistory(symbols, "fills", MIX_PRIVATE.fills, "fillList", "tradeId", [
      FIELD.time,
      FIELD.pair,
      FIELD.side,
      FIELD.tradeSide,
      FIELD.price,
      amountOf("baseVolume", "size", "base"),
      FIELD.value("quoteVolume"),
      FIELD.fee("feeDetail.0.totalFee"),
      FIELD.profit,
      FIELD.scope,
      FIELD.tradeId,
    ]),
    mixHistory(symbols, "positions", MIX_PRIVATE.historyPosition, "list", "positionId", [
      field("uTime", "closed", "time"),
      FIELD.pair,
      field("holdSide", "holdSide", "code"),
      field("openAvgPrice", "openPrice", "number"),
      field("closeAvgPrice", "closePrice", "number"),
      amountOf("closeTotalPos", "size", "base"),
      amountOf("pnl", "profit", "quote"),
      amountOf("totalFunding", "funding", "quote"),
      FIELD.fee("openFee"),
      amountOf("netProfit", "netProfit", "quote"),
      field("cTime", "opened", "time"),
      field("positionId", "positionId", "text"),
    ]),
    {
      ...mixHistory(symbols, "bills", MIX_PRIVATE.bills, "bills", "billId", [
        FIELD.time,
        FIELD.pair,
        FIELD.businessType,
        FIELD.amount("amount"),
        FIELD.fee("fee"),
        FIELD.balance,
        FIELD.billId,
      ]),
      filters: { time: true, symbols, types: FUTURES_BILL_TYPES },
      query: (f) => ({ ...base(f), ...(f.type ? { businessType: f.type } : {}) }),
    },
  ];
}

/** `/order/mcp`: open orders, waiting trigger and TP/SL orders (each cancellable), and their history. */
export function futuresOrderSources(symbols: readonly string[]): RecordSource[] {
  return [
    orders(symbols, true),
    plans(symbols, "normal_plan", true),
    plans(symbols, "profit_loss", true),
    orders(symbols, false),
    plans(symbols, "normal_plan", false),
    plans(symbols, "profit_loss", false),
  ];
}
