import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { AsyncView } from "~/components/trade/async-view";
import { CsvTable, type CsvFile } from "~/components/trade/order-tables";
import { formatTime } from "~/components/trade/time-text";
import { DataTable, type Column } from "~/components/ui/data-table";
import { useAsync, type Async } from "~/lib/async-state";
import { browserHttp } from "~/lib/http/browser-client";
import { postWithToast } from "~/lib/http/post-with-toast";
import { formatCoin, formatNumber } from "~/lib/i18n/format";
import { pairCoins } from "~/lib/numbers/coin-digits";
import { numberFormat } from "~/lib/i18n/formatters";
import {
  marginOrdersOf,
  marginPaths,
  marginRecordsOf,
  RECORD_WINDOW_MS,
  type MarginMode,
  type MarginOrder,
  type MarginRecord,
  type RecordKind,
} from "~/lib/margin/api";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { isoTime } from "~/lib/trade/csv";

/** The columns every margin order list shows: time, pair, side, type, loan, price, amount, filled, status. */
function useOrderColumns(): Array<Column<MarginOrder>> {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const n = (v: string) => (v === "" ? "—" : formatNumber(v, intl));
  // Sizes at their coin's display precision (docs/decisions/715); a market buy spends the quote coin.
  const coinText = (v: string, coin: string) => (v === "" ? "—" : formatCoin(v, coin, intl));
  return [
    { header: t("account.time"), rowHeader: true, cell: (o) => formatTime(Number(o.cTime), intl) },
    { header: t("margin.table.pair"), cell: (o) => o.symbol },
    { header: t("account.side"), cell: (o) => <span className={o.side === "buy" ? "up" : "down"}>{t(`side.${o.side}`)}</span> },
    { header: t("account.type"), cell: (o) => t(`form.${o.orderType}`) },
    {
      header: t("margin.form.loanType"),
      cell: (o) => ((LOANS as readonly string[]).includes(o.loanType) ? t(`margin.loan.${o.loanType}`) : o.loanType),
    },
    { header: t("account.price"), num: true, cell: (o) => (o.orderType === "market" ? t("form.market") : n(o.price)) },
    { header: t("account.average"), num: true, cell: (o) => n(o.priceAvg) },
    {
      header: t("account.amount"),
      num: true,
      cell: (o) => {
        const { base, quote } = pairCoins(o.symbol);
        return o.orderType === "market" && o.side === "buy" ? `${coinText(o.size, quote)} ${quote}` : coinText(o.size, base);
      },
    },
    {
      header: t("account.filled"),
      num: true,
      cell: (o) => coinText(o.filled, pairCoins(o.symbol).base),
      testId: () => "margin-order-filled",
    },
    { header: t("account.status"), cell: (o) => o.status },
  ];
}
const LOANS = ["normal", "autoLoan", "autoRepay", "autoLoanAndRepay"] as const;

/** The open margin orders of the pair, each with its cancel. */
export function MarginOpenOrders({ orders, mode, onChanged }: { orders: Async<MarginOrder[]>; mode: MarginMode; onChanged: () => void }) {
  const { t } = useTranslation("trade");
  const [busy, setBusy] = useState<string>();
  const columns = [
    ...useOrderColumns(),
    {
      header: t("account.actions"),
      cellClass: "actions",
      cell: (o: MarginOrder) => (
        <button
          type="button"
          className="button small"
          disabled={busy === o.orderId}
          aria-busy={busy === o.orderId}
          onClick={async () => {
            setBusy(o.orderId);
            await postWithToast(
              marginPaths(mode).cancelOrder,
              { symbol: o.symbol, orderId: o.orderId },
              { done: t("account.cancelled"), failed: (msg) => t("account.cancelFailed", { msg }) },
            );
            setBusy(undefined);
            onChanged();
          }}
        >
          {t("account.cancel")}
        </button>
      ),
    },
  ];
  return (
    <AsyncView value={orders} empty={t("account.noOpen")}>
      {(list) => <DataTable rows={list} columns={columns} rowKey={(o) => o.orderId} className="compact" testId="margin-open-orders" />}
    </AsyncView>
  );
}

/** Past margin orders of a pair (90 days, as far as Bitget's query reaches), with CSV. */
export function MarginOrderHistory({ mode, symbol, version = 0 }: { mode: MarginMode; symbol: string; version?: number }) {
  const { t } = useTranslation("trade");
  const load = useCallback(
    () =>
      browserHttp()
        .get<unknown>(marginPaths(mode).historyOrders, { symbol, startTime: String(Date.now() - RECORD_WINDOW_MS), limit: "100" })
        .then(marginOrdersOf),
    // `version` reads the list again after the trader's own action.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [mode, symbol, version],
  );
  const [orders] = useAsync(load);
  const csv: CsvFile<MarginOrder> = {
    name: `${symbol}-margin-${mode}-orders`,
    label: t("spot.csv.orders"),
    header: ["time", "orderId", "symbol", "side", "type", "loanType", "price", "priceAvg", "size", "filled", "filledQuote", "status"],
    row: (o) => [
      isoTime(o.cTime),
      o.orderId,
      o.symbol,
      o.side,
      o.orderType,
      o.loanType,
      o.price,
      o.priceAvg,
      o.size,
      o.filled,
      o.filledQuote,
      o.status,
    ],
  };
  return (
    <CsvTable
      value={orders}
      empty={t("account.noHistory")}
      csv={csv}
      columns={useOrderColumns()}
      rowKey={(o) => o.orderId}
      testId="margin-history"
    />
  );
}

/** Borrowings, repayments, interest or liquidations of the margin account (90 days), with CSV. */
export function MarginRecords({ mode, kind, coin, version = 0 }: { mode: MarginMode; kind: RecordKind; coin?: string; version?: number }) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const paths = marginPaths(mode);
  const path = {
    borrow: paths.borrowHistory,
    repay: paths.repayHistory,
    interest: paths.interestHistory,
    liquidation: paths.liquidationHistory,
  }[kind];
  const load = useCallback(
    () =>
      browserHttp()
        .get<unknown>(path, {
          startTime: String(Date.now() - RECORD_WINDOW_MS),
          limit: "100",
          ...(coin && kind !== "liquidation" ? { coin } : {}),
        })
        .then((page) => marginRecordsOf(page, kind)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [path, kind, coin, version],
  );
  const [records] = useAsync(load);
  const extra = {
    borrow: undefined,
    repay: t("margin.table.interestPart"),
    interest: t("margin.table.dailyRate"),
    liquidation: t("margin.table.debt"),
  }[kind];
  const liquidation = kind === "liquidation";
  const percent = (v: string) => numberFormat(intl, { style: "percent", maximumFractionDigits: 2 }).format(Number(v));
  const columns: Array<Column<MarginRecord>> = [
    { header: t("account.time"), rowHeader: true, cell: (r) => formatTime(Number(r.cTime), intl) },
    { header: liquidation ? t("margin.table.pair") : t("account.coin"), cell: (r) => r.coin || t("margin.mode.crossed") },
    {
      header: t(`margin.table.${kind}Amount`),
      num: true,
      cell: (r) => (liquidation ? percent(r.amount) : formatCoin(r.amount, r.coin, intl)),
      testId: () => `margin-${kind}-amount`,
    },
    // The extra column is an amount (the interest part of a repayment, a liquidation's debt in
    // USDT) at its coin's precision, or the interest's daily rate, which is no amount.
    ...(extra
      ? [
          {
            header: extra,
            num: true,
            cell: (r: MarginRecord) =>
              !r.extra ? "—" : kind === "interest" ? formatNumber(r.extra, intl) : formatCoin(r.extra, liquidation ? "USDT" : r.coin, intl),
          },
        ]
      : []),
    {
      header: liquidation ? t("margin.assets.total") : t("account.type"),
      num: liquidation,
      // the gateway's code (manual, auto_repay…) in the reader's words; an unknown one as it came
      cell: (r) =>
        liquidation ? formatCoin(r.type, "USDT", intl) : r.type ? t(`margin.recordType.${r.type}`, { defaultValue: r.type }) : "—",
    },
  ];
  const csv: CsvFile<MarginRecord> = {
    name: `margin-${mode}-${kind}`,
    label: t("margin.table.csv"),
    header: ["time", "id", "coin", "amount", "extra", "type"],
    row: (r) => [isoTime(r.cTime), r.id, r.coin, r.amount, r.extra, r.type],
  };
  return (
    <CsvTable
      value={records}
      empty={t(`margin.table.no.${kind}`)}
      csv={csv}
      columns={columns}
      rowKey={(r) => r.id}
      testId={`margin-${kind}-records`}
    />
  );
}
