/**
 * The margin record lists of `/record/margin` (docs/decisions/707, 712): Bitget's v2 margin order,
 * fill, borrow, repay, interest and liquidation histories of one mode. Every one of them asks for a
 * start time; the isolated ones, and orders and fills in either mode, name the pair.
 */
import { marginPaths, type MarginMode } from "~/lib/margin/api";
import { idOf, lastOf, listAt, pair, type RecordField, type RecordSource } from "./source";

type Kind = "borrow" | "repay" | "interest" | "liquidation";

const LOANS: Record<
  Kind,
  { list: "borrowHistory" | "repayHistory" | "interestHistory" | "liquidationHistory"; key: string; fields: RecordField[] }
> = {
  borrow: {
    list: "borrowHistory",
    key: "loanId",
    fields: [
      { path: "coin", label: "coin", kind: "text" },
      { path: "borrowAmount", label: "amount", kind: "number" },
      { path: "borrowType", label: "loanType", kind: "code" },
      { path: "loanId", label: "recordId", kind: "text" },
    ],
  },
  repay: {
    list: "repayHistory",
    key: "repayId",
    fields: [
      { path: "coin", label: "coin", kind: "text" },
      { path: "repayAmount", label: "amount", kind: "number" },
      { path: "repayPrincipal", label: "principal", kind: "number" },
      { path: "repayInterest", label: "interest", kind: "number" },
      { path: "repayType", label: "loanType", kind: "code" },
      { path: "repayId", label: "recordId", kind: "text" },
    ],
  },
  interest: {
    list: "interestHistory",
    key: "interestId",
    fields: [
      { path: "interestCoin", label: "coin", kind: "text" },
      { path: "interestAmount", label: "interest", kind: "number" },
      { path: "dailyInterestRate", label: "dailyRate", kind: "number" },
      { path: "interestId", label: "recordId", kind: "text" },
    ],
  },
  liquidation: {
    list: "liquidationHistory",
    key: "liqId",
    fields: [
      { path: "liqRiskRatio", label: "riskRate", kind: "percent" },
      { path: "totalAssets", label: "assets", kind: "number" },
      { path: "totalDebt", label: "debt", kind: "number" },
      { path: "liqEndTime", label: "closed", kind: "time" },
      { path: "liqId", label: "recordId", kind: "text" },
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
      fields: [
        { path: "cTime", label: "time", kind: "time" },
        ...(isolated ? [{ path: "symbol", label: "pair", kind: "text" } as const] : []),
        ...l.fields,
      ],
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
        { path: "cTime", label: "time", kind: "time" },
        { path: "symbol", label: "pair", kind: "text" },
        { path: "side", label: "side", kind: "side" },
        { path: "orderType", label: "orderType", kind: "code" },
        { path: "loanType", label: "loanType", kind: "code" },
        { path: "price", label: "price", kind: "number" },
        { path: "priceAvg", label: "priceAvg", kind: "number" },
        { path: "size", label: "size", kind: "number" },
        { path: "baseSize", label: "filled", kind: "number" },
        { path: "status", label: "status", kind: "code" },
        { path: "orderId", label: "orderId", kind: "text" },
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
      fields: [
        { path: "cTime", label: "time", kind: "time" },
        { path: "side", label: "side", kind: "side" },
        { path: "priceAvg", label: "price", kind: "number" },
        { path: "size", label: "size", kind: "number" },
        { path: "amount", label: "value", kind: "number" },
        { path: "feeDetail.totalFee", label: "fee", kind: "number", abs: true },
        { path: "feeDetail.feeCoin", label: "feeCoin", kind: "text" },
        { path: "tradeId", label: "tradeId", kind: "text" },
      ],
    },
    loans("borrow"),
    loans("repay"),
    loans("interest"),
    loans("liquidation"),
  ];
}
