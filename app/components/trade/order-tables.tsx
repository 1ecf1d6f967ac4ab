import { useState } from "react";
import { useTranslation } from "react-i18next";
import { V2 } from "../../../protocol/bitget";
import type { Async } from "~/lib/async-state";
import { postWithToast } from "~/lib/http/post-with-toast";
import { formatCoin, formatNumber } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import type { Fill, OpenOrder, PastOrder } from "~/lib/trade/account-data";
import { downloadCsv, isoTime, toCsv } from "~/lib/trade/csv";
import type { PlanOrder } from "~/lib/trade/order-events";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { CopyMark, isCopyOrder } from "~/components/futures/copy-mark";
import type { Market } from "~/lib/trade/market";
import { DataTable, type Column } from "~/components/ui/data-table";
import { AsyncTable } from "./async-table";
import { AsyncView } from "./async-view";
import { TimeText } from "./time-text";

/** The columns every order list shares, formatted for the pair and the reader's locale. */
function useColumns(market: Market) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const price = (v: string) =>
    v === "0" || v === "" ? "—" : formatNumber(v, intl, { minDigits: market.pricePrecision, maxDigits: market.pricePrecision });
  /** An amount of the pair's base coin, or of `coin`, at that coin's display precision (docs/decisions/715). */
  const amount = (v: string, coin = market.base) => formatCoin(v, coin, intl);
  type Common = Pick<OpenOrder, "cTime" | "side" | "size" | "baseVolume" | "status" | "orderType">;
  /** An order's size: a market buy is sized in the quote coin (Bitget's `size`), every other order in the base coin. */
  const sizeText = (r: Pick<Common, "side" | "size" | "orderType">) =>
    isQuoteSized(r) ? `${amount(r.size, market.quote)} ${market.quote}` : amount(r.size);
  const col = {
    time: { header: t("account.time"), cell: (r: { cTime: string }) => <TimeText ms={Number(r.cTime)} /> },
    side: {
      header: t("account.side"),
      cell: (r: { side: string; enterPointSource?: string }) => (
        <>
          <span className={r.side === "buy" ? "up" : "down"}>{t(`side.${r.side}`)}</span>
          {isCopyOrder(r) && <CopyMark />}
        </>
      ),
    },
    type: { header: t("account.type"), cell: (r: Common) => t(`form.${r.orderType}`) },
    amount: { header: t("account.amount"), num: true, cell: (r: Common) => sizeText(r) },
    filled: { header: t("account.filled"), num: true, cell: (r: Common) => amount(r.baseVolume) },
    status: { header: t("account.status"), cell: (r: Common) => t(`account.statuses.${r.status}`) },
  };
  return { t, price, amount, sizeText, col };
}

/** A market buy's size is what it spends, in the quote coin. */
const isQuoteSized = (r: { side: string; orderType: string }) => r.orderType === "market" && r.side === "buy";

/** What a table of cancellable orders gets beside its rows: their pair, and what to call after a change. */
interface CancellableProps {
  market: Market;
  onChanged: () => void;
}

/** The user's open orders on this pair, each cancellable, and all of them at once. */
export function OpenOrdersTable({
  orders,
  market,
  onChanged,
  onCancelling,
}: CancellableProps & {
  orders: Async<readonly OpenOrder[]>;
  /** These orders are being cancelled here: the page says so itself, not again from the stream. */
  onCancelling: (orderIds: readonly string[]) => void;
}) {
  const { t, price, sizeText, col } = useColumns(market);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const run = async (key: string, path: string, body: Record<string, string>, done: string, ids: readonly string[]) => {
    setBusy(key);
    onCancelling(ids);
    if (await postWithToast(path, body, { done, failed: (msg) => t("account.cancelFailed", { msg }) })) onChanged();
    setBusy(null);
  };
  const columns: ReadonlyArray<Column<OpenOrder>> = [
    col.time,
    col.side,
    col.type,
    { header: t("account.price"), num: true, cell: (o) => price(o.priceAvg) },
    col.amount,
    col.filled,
    col.status,
    {
      header: <span className="visually-hidden">{t("account.actions")}</span>,
      cell: (o) => (
        <button
          type="button"
          className="button small"
          disabled={busy !== null}
          aria-label={t("account.cancelOrder", { side: t(`side.${o.side}`), amount: sizeText(o), price: price(o.priceAvg) })}
          onClick={() =>
            void run(o.orderId, V2.cancelOrder, { symbol: market.symbol, orderId: o.orderId }, t("account.cancelled"), [o.orderId])
          }
        >
          {t("account.cancel")}
        </button>
      ),
    },
  ];
  return (
    <AsyncView value={orders} empty={t("account.noOpen")}>
      {(list) => (
        <>
          {list.length > 0 && (
            <div className="table-actions">
              <button type="button" className="button small" disabled={busy !== null} onClick={() => setConfirmAll(true)}>
                {t("account.cancelAll")}
              </button>
            </div>
          )}
          <DataTable rows={list} columns={columns} rowKey={(o) => o.orderId} className="compact" testId="open-orders" />
          {confirmAll && (
            <ConfirmDialog
              title={t("spot.cancelAll.title", { symbol: market.symbol })}
              confirm={t("spot.cancelAll.yes")}
              cancel={t("spot.cancelAll.no")}
              busy={busy !== null}
              onCancel={() => setConfirmAll(false)}
              onConfirm={() =>
                void run(
                  "all",
                  V2.cancelSymbol,
                  { symbol: market.symbol },
                  t("account.allCancelled"),
                  list.map((o) => o.orderId),
                ).finally(() => setConfirmAll(false))
              }
            >
              <p>{t("spot.cancelAll.body", { count: list.length, symbol: market.symbol })}</p>
            </ConfirmDialog>
          )}
        </>
      )}
    </AsyncView>
  );
}

export function HistoryTable({ orders, market }: { orders: Async<readonly PastOrder[]>; market: Market }) {
  const { t, price, col } = useColumns(market);
  const columns: ReadonlyArray<Column<PastOrder>> = [
    col.time,
    col.side,
    col.type,
    { header: t("account.price"), num: true, cell: (o) => (o.orderType === "market" ? t("form.market") : price(o.price)) },
    { header: t("account.average"), num: true, cell: (o) => price(o.priceAvg) },
    col.amount,
    col.filled,
    col.status,
  ];
  const csv: CsvFile<PastOrder> = {
    name: `${market.symbol}-orders`,
    label: t("spot.csv.orders"),
    // A market buy's size is an amount of the quote coin: its own column, never mixed with base sizes.
    header: ["orderId", "time", "symbol", "side", "type", "price", "averagePrice", "size", "quoteSize", "filled", "status"],
    row: (o) => [
      o.orderId,
      isoTime(o.cTime),
      o.symbol,
      o.side,
      o.orderType,
      o.price,
      o.priceAvg,
      isQuoteSized(o) ? "" : o.size,
      isQuoteSized(o) ? o.size : "",
      o.baseVolume,
      o.status,
    ],
  };
  return (
    <CsvTable value={orders} empty={t("account.noHistory")} csv={csv} columns={columns} rowKey={(o) => o.orderId} testId="order-history" />
  );
}

export function FillsTable({ fills, market }: { fills: Async<readonly Fill[]>; market: Market }) {
  const { t, price, amount, col } = useColumns(market);
  const columns: ReadonlyArray<Column<Fill>> = [
    col.time,
    col.side,
    { header: t("account.price"), num: true, cell: (f) => price(f.priceAvg) },
    // A fill's size is always in the base coin, a market buy's included.
    { header: t("account.amount"), num: true, cell: (f) => amount(f.size) },
    { header: t("account.value", { coin: market.quote }), num: true, cell: (f) => amount(f.amount, market.quote) },
    {
      header: t("account.fee"),
      num: true,
      cell: (f) => `${amount(f.feeDetail.totalFee.replace(/^-/, ""), f.feeDetail.feeCoin)} ${f.feeDetail.feeCoin}`,
    },
  ];
  const csv: CsvFile<Fill> = {
    name: `${market.symbol}-trades`,
    label: t("spot.csv.fills"),
    header: ["tradeId", "orderId", "time", "symbol", "side", "price", "size", "value", "fee", "feeCoin"],
    row: (f) => [
      f.tradeId,
      f.orderId,
      isoTime(f.cTime),
      market.symbol,
      f.side,
      f.priceAvg,
      f.size,
      f.amount,
      f.feeDetail.totalFee.replace(/^-/, ""),
      f.feeDetail.feeCoin,
    ],
  };
  return <CsvTable value={fills} empty={t("account.noFills")} csv={csv} columns={columns} rowKey={(f) => f.tradeId} testId="fills" />;
}

/** A time for a spreadsheet: ISO 8601 in UTC, whatever the reader's zone. */
/** The CSV file a `CsvTable` saves: the file's name and button label, the header, one row per item. */
export interface CsvFile<T> {
  name: string;
  label: string;
  header: readonly string[];
  row: (item: T) => readonly string[];
}

/** A compact table of a list with a button above it that saves the same list as a CSV file. */
export function CsvTable<T>({
  value,
  empty,
  csv,
  columns,
  rowKey,
  testId,
}: {
  value: Async<readonly T[]>;
  empty: string;
  csv: CsvFile<T>;
  columns: ReadonlyArray<Column<T>>;
  rowKey: (row: T) => string;
  testId: string;
}) {
  return (
    <AsyncTable
      value={value}
      empty={empty}
      above={(list) => <CsvButton name={csv.name} label={csv.label} make={() => toCsv(csv.header, list.map(csv.row))} />}
      columns={columns}
      rowKey={rowKey}
      testId={testId}
    />
  );
}

/** Saves a CSV the page made (no request: the list is already on screen). */
function CsvButton({ name, label, make }: { name: string; label: string; make: () => string }) {
  const save = () => downloadCsv(name, make());
  return (
    <div className="table-actions">
      <button type="button" className="button small" onClick={save}>
        {label}
      </button>
    </div>
  );
}

/** The user's waiting plan (trigger) orders on this pair, each cancellable. */
export function PlanOrdersTable({ plans, market, onChanged }: CancellableProps & { plans: Async<readonly PlanOrder[]> }) {
  const { t, price, amount, col } = useColumns(market);
  const [busy, setBusy] = useState(false);
  const cancel = async (p: PlanOrder) => {
    setBusy(true);
    const toasts = { done: t("spot.plans.cancelled"), failed: (msg: string) => t("account.cancelFailed", { msg }) };
    if (await postWithToast(V2.cancelPlan, { orderId: p.orderId }, toasts)) onChanged();
    setBusy(false);
  };
  const sizeText = (p: PlanOrder) =>
    p.planType === "total" ? `${amount(p.size, market.quote)} ${market.quote}` : `${amount(p.size)} ${market.base}`;
  const columns: ReadonlyArray<Column<PlanOrder>> = [
    col.time,
    col.side,
    { header: t("account.type"), cell: (p) => t(`form.${p.orderType}`) },
    { header: t("spot.form.triggerPrice"), num: true, cell: (p) => price(p.triggerPrice) },
    { header: t("account.price"), num: true, cell: (p) => (p.orderType === "market" ? t("form.market") : price(p.executePrice)) },
    { header: t("account.amount"), num: true, cell: sizeText },
    {
      header: <span className="visually-hidden">{t("account.actions")}</span>,
      cell: (p) => (
        <button
          type="button"
          className="button small"
          disabled={busy}
          aria-label={t("spot.plans.cancel", { side: t(`side.${p.side}`), amount: sizeText(p), price: price(p.triggerPrice) })}
          onClick={() => void cancel(p)}
        >
          {t("account.cancel")}
        </button>
      ),
    },
  ];
  return <AsyncTable value={plans} empty={t("spot.plans.none")} columns={columns} rowKey={(p) => p.orderId} testId="plan-orders" />;
}
