import { useState } from "react";
import { useTranslation } from "react-i18next";
import { V2 } from "../../../protocol/bitget";
import { showToast } from "~/lib/toast";
import type { Async } from "~/lib/async-state";
import { browserHttp } from "~/lib/http/browser-client";
import { formatNumber } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import type { Fill, OpenOrder, PastOrder } from "~/lib/trade/account-data";
import type { Market } from "~/lib/trade/market";
import { DataTable, type Column } from "~/components/ui/data-table";
import { AsyncView } from "./async-view";
import { TimeText } from "./time-text";

/** The columns every order list shares, formatted for the pair and the reader's locale. */
function useColumns(market: Market) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const price = (v: string) =>
    v === "0" || v === "" ? "—" : formatNumber(v, intl, { minDigits: market.pricePrecision, maxDigits: market.pricePrecision });
  const amount = (v: string) => formatNumber(v, intl, { maxDigits: 8 });
  type Common = Pick<OpenOrder, "cTime" | "side" | "size" | "baseVolume" | "status" | "orderType">;
  const col = {
    time: { header: t("account.time"), cell: (r: { cTime: string }) => <TimeText ms={Number(r.cTime)} /> },
    side: {
      header: t("account.side"),
      cell: (r: { side: string }) => <span className={r.side === "buy" ? "up" : "down"}>{t(`side.${r.side}`)}</span>,
    },
    type: { header: t("account.type"), cell: (r: Common) => t(`form.${r.orderType}`) },
    amount: { header: t("account.amount"), num: true, cell: (r: { size: string }) => amount(r.size) },
    filled: { header: t("account.filled"), num: true, cell: (r: Common) => amount(r.baseVolume) },
    status: { header: t("account.status"), cell: (r: Common) => t(`account.statuses.${r.status}`) },
  };
  return { t, price, amount, col };
}

/** The user's open orders on this pair, each cancellable, and all of them at once. */
export function OpenOrdersTable({
  orders,
  market,
  onChanged,
}: {
  orders: Async<readonly OpenOrder[]>;
  market: Market;
  onChanged: () => void;
}) {
  const { t, price, amount, col } = useColumns(market);
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, path: string, body: Record<string, string>, done: string) => {
    setBusy(key);
    try {
      await browserHttp().post(path, body);
      showToast(done);
      onChanged();
    } catch (err) {
      showToast(t("account.cancelFailed", { msg: err instanceof Error ? err.message : String(err) }));
    } finally {
      setBusy(null);
    }
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
          aria-label={t("account.cancelOrder", { side: t(`side.${o.side}`), amount: amount(o.size), price: price(o.priceAvg) })}
          onClick={() => void run(o.orderId, V2.cancelOrder, { symbol: market.symbol, orderId: o.orderId }, t("account.cancelled"))}
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
          <div className="table-actions">
            <button
              type="button"
              className="button small"
              disabled={busy !== null}
              onClick={() => void run("all", V2.cancelSymbol, { symbol: market.symbol }, t("account.allCancelled"))}
            >
              {t("account.cancelAll")}
            </button>
          </div>
          <DataTable rows={list} columns={columns} rowKey={(o) => o.orderId} className="compact" testId="open-orders" />
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
  return (
    <AsyncView value={orders} empty={t("account.noHistory")}>
      {(list) => <DataTable rows={list} columns={columns} rowKey={(o) => o.orderId} className="compact" testId="order-history" />}
    </AsyncView>
  );
}

export function FillsTable({ fills, market }: { fills: Async<readonly Fill[]>; market: Market }) {
  const { t, price, amount, col } = useColumns(market);
  const columns: ReadonlyArray<Column<Fill>> = [
    col.time,
    col.side,
    { header: t("account.price"), num: true, cell: (f) => price(f.priceAvg) },
    col.amount,
    { header: t("account.value", { coin: market.quote }), num: true, cell: (f) => amount(f.amount) },
    { header: t("account.fee"), num: true, cell: (f) => `${amount(f.feeDetail.totalFee.replace(/^-/, ""))} ${f.feeDetail.feeCoin}` },
  ];
  return (
    <AsyncView value={fills} empty={t("account.noFills")}>
      {(list) => <DataTable rows={list} columns={columns} rowKey={(f) => f.tradeId} className="compact" testId="fills" />}
    </AsyncView>
  );
}
