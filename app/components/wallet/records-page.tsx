/**
 * `/transac` (docs/decisions/710): deposits, withdrawals and transfers, filtered by coin and period,
 * paged with Bitget's `idLessThan` cursor (the last row's id), each page saved as CSV.
 */
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { CsvTable, type CsvFile } from "~/components/trade/order-tables";
import { formatTime } from "~/components/trade/time-text";
import type { Column } from "~/components/ui/data-table";
import { Tabs } from "~/components/ui/tabs";
import { useAsync } from "~/lib/async-state";
import { formatCoin } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { RECORDS_PAGE, wallet, type DepositRecord, type RecordQuery, type TransferRecord, type WithdrawalRecord } from "~/lib/wallet/api";
import { CoinSelect, useRecordColumns } from "./wallet-parts";
import { WalletNav } from "./wallet-nav";
import { isoTime } from "~/lib/trade/csv";

const DAYS = [7, 30, 90] as const;
const KINDS = ["deposits", "withdrawals", "transfers"] as const;

interface Filter {
  coin: string;
  days: number;
}

function useTransferColumns(): Array<Column<TransferRecord>> {
  const { t } = useTranslation("wallet");
  const { intl } = usePagePrefs();
  const account = (type: string, symbol: string) => `${t(`account.${type}`, { defaultValue: type })}${symbol ? ` ${symbol}` : ""}`;
  return [
    { header: t("col.time"), rowHeader: true, cell: (r) => formatTime(Number(r.ts), intl) },
    { header: t("coin"), cell: (r) => r.coin },
    { header: t("col.amount"), num: true, cell: (r) => formatCoin(r.size, r.coin, intl) },
    { header: t("col.from"), cell: (r) => account(r.fromType, r.fromSymbol) },
    { header: t("col.to"), cell: (r) => account(r.toType, r.toSymbol) },
  ];
}

/** Pages of one kind of record: the cursor stack of Bitget's `idLessThan`, and the buttons that move it. */
function usePages<T>(fetch: (q: RecordQuery) => Promise<T[]>, idOf: (row: T) => string, filter: Filter) {
  const { t } = useTranslation("wallet");
  const [cursors, setCursors] = useState<string[]>([]);
  const before = cursors.at(-1);
  const load = useCallback(
    () => fetch({ coin: filter.coin, startTime: String(Date.now() - filter.days * 86_400_000), idLessThan: before }),
    [fetch, filter.coin, filter.days, before],
  );
  const [rows] = useAsync(load);
  const list = rows.state === "ready" ? rows.data : [];
  const last = list.at(-1);
  const pager = (
    <div className="wallet-pager">
      <button type="button" className="button small" disabled={cursors.length === 0} onClick={() => setCursors([])}>
        {t("newest")}
      </button>
      <button
        type="button"
        className="button small"
        disabled={list.length < RECORDS_PAGE || !last}
        onClick={() => last && setCursors([...cursors, idOf(last)])}
        data-testid="records-older"
      >
        {t("older")}
      </button>
    </div>
  );
  return { rows, pager, t };
}

function TransferList({ filter }: { filter: Filter }) {
  const { rows, pager, t } = usePages(wallet.transfers, (r) => r.billId, filter);
  const csv: CsvFile<TransferRecord> = {
    name: "transfers",
    label: t("csv"),
    header: ["time", "transferId", "coin", "size", "fromType", "fromSymbol", "toType", "toSymbol"],
    row: (r) => [isoTime(r.ts), r.transferId, r.coin, r.size, r.fromType, r.fromSymbol, r.toType, r.toSymbol],
  };
  return (
    <>
      <CsvTable
        value={rows}
        empty={t("none")}
        csv={csv}
        columns={useTransferColumns()}
        rowKey={(r) => r.billId}
        testId="transfer-records"
      />
      {pager}
    </>
  );
}

function ChainList({ kind, filter }: { kind: "deposits" | "withdrawals"; filter: Filter }) {
  const fetch = kind === "deposits" ? wallet.deposits : wallet.withdrawals;
  const { rows, pager, t } = usePages<DepositRecord | WithdrawalRecord>(fetch, (r) => r.orderId, filter);
  const csv: CsvFile<DepositRecord | WithdrawalRecord> = {
    name: kind,
    label: t("csv"),
    header: ["time", "orderId", "coin", "chain", "size", "fee", "status", "toAddress", "tag", "txId", "confirm"],
    row: (r) => [
      isoTime(r.cTime),
      r.orderId,
      r.coin,
      r.chain,
      r.size,
      "fee" in r ? r.fee : "",
      r.status,
      r.toAddress,
      r.tag,
      r.tradeId,
      r.confirm,
    ],
  };
  return (
    <>
      <CsvTable
        value={rows}
        empty={t("none")}
        csv={csv}
        columns={useRecordColumns(kind === "withdrawals")}
        rowKey={(r) => r.orderId}
        testId={`${kind}-records`}
      />
      {pager}
    </>
  );
}

export function RecordsPage() {
  const { t } = useTranslation("wallet");
  const [filter, setFilter] = useState<Filter>({ coin: "", days: 30 });
  return (
    <section className="card wallet-page" aria-labelledby="transac-title">
      <h1 id="transac-title">{t("title.transac")}</h1>
      <WalletNav />
      <div className="field-row wallet-filters">
        <CoinSelect id="records-coin" value={filter.coin} all={t("allCoins")} onChange={(coin) => setFilter({ ...filter, coin })} />
        <div className="field">
          <label htmlFor="records-days">{t("period")}</label>
          <select id="records-days" value={filter.days} onChange={(e) => setFilter({ ...filter, days: Number(e.target.value) })}>
            {DAYS.map((d) => (
              <option key={d} value={d}>
                {t("lastDays", { n: d })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Tabs
        label={t("title.transac")}
        tabs={KINDS.map((kind) => ({
          id: kind,
          label: t(`tabs.${kind}`),
          panel: () =>
            kind === "transfers" ? (
              <TransferList key={`${filter.coin}:${filter.days}`} filter={filter} />
            ) : (
              <ChainList key={`${kind}:${filter.coin}:${filter.days}`} kind={kind} filter={filter} />
            ),
        }))}
      />
    </section>
  );
}
