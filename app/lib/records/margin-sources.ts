/**
 * The margin record lists of `/record/margin` (docs/decisions/707, 712): Bitget's v2 margin order,
 * fill, borrow, repay, interest and liquidation histories of one mode. Every one of them asks for a
 * start time; the isolated ones, and orders and fills in either mode, name the pair.
 */
import { marginPaths, type MarginMode } from "~/lib/margin/api";
import { idOf, lastOf, listAt, pair, type RecordField, type RecordSource } from "./source";
import { amountOf, FIELD, FILL_COLUMNS, field } from "./fields";

type Kind = "borrow" | "repay" | "interest" | "liquidation";

/** An amount of the row's coin. */
const num = (path: string, label: string): RecordField => amountOf(path, label, { field: "coin" });

/** A loan list's own columns; each list is `<kind>History` and ends with its record id, `key`. */
const loan = (key: string, ...fields: RecordField[]) => ({ key, fields: [...fields, FIELD.recordId(key)] });

const LOANS: Record<Kind, { key: string; fields: RecordField[] }> = {
  borrow: loan("loanId", FIELD.coin, FIELD.amount("borrowAmount"), field("borrowType", "loanType", "code")),
  repay: loan(
    "repayId",
    FIELD.coin,
    FIELD.amount("repayAmount"),
    num("repayPrincipal", "principal"),
    num("repayInterest", "interest"),
    field("repayType", "loanType", "code"),
  ),
  interest: loan(
    "interestId",
    field("interestCoin", "coin", "text"),
    amountOf("interestAmount", "interest", { field: "interestCoin" }),
    field("dailyInterestRate", "dailyRate", "number"),
  ),
  liquidation: loan(
    "liqId",
    field("liqRiskRatio", "riskRate", "percent"),
    num("totalAssets", "assets"),
    num("totalDebt", "debt"),
    field("liqEndTime", "closed", "time"),
  ),
};

export function marginSources(mode: MarginMode, symbols: readonly string[]): RecordSource[] {
  const paths = marginPaths(mode);
  const isolated = mode === "isolated";
  /** One margin list: a page of 100 from `minId` or a row's id, rows under `at`, by pair when `byPair`. */
  const list = (id: string, path: string, at: string, next: RecordSource["next"], key: string, fields: RecordField[], byPair = true) =>
    ({
      id,
      label: id,
      path: () => path,
      limit: 100,
      filters: byPair ? { time: true, symbols, symbolRequired: true } : { time: true },
      query: (f) => (byPair ? pair(f.symbol) : {}),
      rows: (d) => listAt(d, at),
      next,
      key,
      fields,
    }) satisfies RecordSource;
  const loans = (kind: Kind): RecordSource => {
    const l = LOANS[kind];
    const fields = [FIELD.time, ...(isolated ? [FIELD.pair] : []), ...l.fields];
    return list(kind, paths[`${kind}History`], "resultList", idOf("minId"), l.key, fields, isolated);
  };
  return [
    list("orders", paths.historyOrders, "orderList", idOf("minId"), "orderId", [
      FIELD.time,
      FIELD.pair,
      FIELD.side,
      FIELD.orderType,
      field("loanType", "loanType", "code"),
      FIELD.price,
      FIELD.priceAvg,
      { ...FIELD.size, path: "baseSize" },
      FIELD.filled("size"),
      FIELD.status,
      FIELD.orderId,
    ]),
    list("fills", paths.fills, "fills", lastOf("tradeId"), "tradeId", [FIELD.time, ...FILL_COLUMNS, FIELD.tradeId]),
    loans("borrow"),
    loans("repay"),
    loans("interest"),
    loans("liquidation"),
  ];
}
