/**
 * The margin record lists of `/record/margin` (docs/decisions/707, 712): Bitget's v2 margin order,
 * fill, borrow, repay, interest and liquidation histories of one mode. Every one of them asks for a
 * start time; the isolated ones, and orders and fills in either mode, name the pair.
 */
import { marginPaths, type MarginMode } from "~/lib/margin/api";
import { idOf, lastOf, listAt, pair, type RecordField, type RecordSource } from "./source";
import { FIELD, field } from "./fields";

type Kind = "borrow" | "repay" | "interest" | "liquidation";

const LOANS: Record<
  Kind,
  { list: "borrowHistory" | "repayHistory" | "interestHistory" | "liquidationHistory"; key: string; fields: RecordField[] }
> = {
  borrow: {
    list: "borrowHistory",
    key: "loanId",
    fields: [FIELD.coin, FIELD.amount("borrowAmount"), field("borrowType", "loanType", "code"), FIELD.recordId("loanId")],
  },
  repay: {
    list: "repayHistory",
    key: "repayId",
    fields: [
      FIELD.coin,
      FIELD.amount("repayAmount"),
      field("repayPrincipal", "principal", "number"),
      field("repayInterest", "interest", "number"),
      field("repayType", "loanType", "code"),
      FIELD.recordId("repayId"),
    ],
  },
  interest: {
    list: "interestHistory",
    key: "interestId",
    fields: [
      field("interestCoin", "coin", "text"),
      field("interestAmount", "interest", "number"),
      field("dailyInterestRate", "dailyRate", "number"),
      FIELD.recordId("interestId"),
    ],
  },
  liquidation: {
    list: "liquidationHistory",
    key: "liqId",
    fields: [
      field("liqRiskRatio", "riskRate", "percent"),
      field("totalAssets", "assets", "number"),
      field("totalDebt", "debt", "number"),
      field("liqEndTime", "closed", "time"),
      FIELD.recordId("liqId"),
    ],
  },
};

export function marginSources(mode: MarginMode, symbols: readonly string[]): RecordSource[] {
  const paths = marginPaths(mode);
  const isolated = mode === "isolated";
  const named = { time: true, symbols, symbolRequired: true } as const;
  const loans = (kind: Kind): RecordSource => {
    const l = LOANS[kind];
    return {
      id: kind,
      label: kind,
      path: () => paths[l.list],
      limit: 100,
      filters: isolated ? named : { time: true },
      query: (f) => (isolated ? pair(f.symbol) : {}),
      rows: (d) => listAt(d, "resultList"),
      next: idOf("minId"),
      key: l.key,
      fields: [FIELD.time, ...(isolated ? [FIELD.pair] : []), ...l.fields],
    };
  };
  return [
    {
      id: "orders",
      label: "orders",
      path: () => paths.historyOrders,
      limit: 100,
      filters: named,
      query: (f) => pair(f.symbol),
      rows: (d) => listAt(d, "orderList"),
      next: idOf("minId"),
      key: "orderId",
      fields: [
        FIELD.time,
        FIELD.pair,
        FIELD.side,
        FIELD.orderType,
        field("loanType", "loanType", "code"),
        FIELD.price,
        FIELD.priceAvg,
        FIELD.size,
        FIELD.filled("baseSize"),
        FIELD.status,
        FIELD.orderId,
      ],
    },
    {
      id: "fills",
      label: "fills",
      path: () => paths.fills,
      limit: 100,
      filters: named,
      query: (f) => pair(f.symbol),
      rows: (d) => listAt(d, "fills"),
      next: lastOf("tradeId"),
      key: "tradeId",
      fields: [FIELD.time, FIELD.side, FIELD.fillPrice, FIELD.size, FIELD.value("amount"), FIELD.spotFee, FIELD.spotFeeCoin, FIELD.tradeId],
    },
    loans("borrow"),
    loans("repay"),
    loans("interest"),
    loans("liquidation"),
  ];
}
