import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { AsyncView } from "~/components/trade/async-view";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable, type Column } from "~/components/ui/data-table";
import { useAsync, type Async } from "~/lib/async-state";
import { browserHttp } from "~/lib/http/browser-client";
import { cursorOf, filtersToParams, newer, older, withFilter, type RecordFilters } from "~/lib/records/filters";
import { fieldOf, PAGE_SIZE, readPage, type GetPage, type RecordRow, type RecordSource } from "~/lib/records/source";
import { showToast } from "~/lib/toast";
import { CsvExport } from "./csv-export";
import { useRecordColumns } from "./record-columns";

const get: GetPage = (path, query) => browserHttp().get<unknown>(path, query);

/** Bitget's batch-style cancels answer 00000 with the orders they could not cancel listed. */
const failureOf = (data: unknown): string | undefined => {
  const list = data && typeof data === "object" ? (data as { failureList?: unknown }).failureList : undefined;
  const first = Array.isArray(list) ? (list[0] as { errorMsg?: unknown } | undefined) : undefined;
  return first ? String(first.errorMsg ?? "") || "—" : undefined;
};

/** The cancel button of a row, asking first: a cancelled order cannot be restored. */
function useCancelColumn(source: RecordSource, onDone: () => void) {
  const { t } = useTranslation("records");
  const [asking, setAsking] = useState<RecordRow | null>(null);
  const [busy, setBusy] = useState(false);
  const cancel = source.cancel;
  const column: Column<RecordRow> | undefined = cancel && {
    header: <span className="visually-hidden">{t("field.actions")}</span>,
    cellClass: "actions",
    cell: (r) => (
      <button
        type="button"
        className="button small"
        aria-label={t("cancel.label", { id: fieldOf(r, source.key) })}
        onClick={() => setAsking(r)}
      >
        {t("cancel.button")}
      </button>
    ),
  };
  const confirm = async (row: RecordRow) => {
    if (!cancel) return;
    setBusy(true);
    const { path, body } = cancel(row);
    try {
      const failed = failureOf(await browserHttp().post<unknown>(path, body));
      showToast(failed === undefined ? t("cancel.done") : t("cancel.failed", { msg: failed }));
    } catch (err) {
      showToast(t("cancel.failed", { msg: err instanceof Error ? err.message : String(err) }));
    }
    setBusy(false);
    setAsking(null);
    onDone();
  };
  const dialog = asking && (
    <ConfirmDialog
      title={t("cancel.title")}
      confirm={t("cancel.yes")}
      cancel={t("cancel.no")}
      busy={busy}
      onCancel={() => setAsking(null)}
      onConfirm={() => void confirm(asking)}
    >
      <p>
        {t("cancel.body", {
          side: t(`side.${fieldOf(asking, "side")}`, { defaultValue: fieldOf(asking, "side") }),
          size: fieldOf(asking, "size"),
          symbol: fieldOf(asking, "symbol"),
        })}
      </p>
    </ConfirmDialog>
  );
  return { column, dialog };
}

/**
 * One record list: its page of the filters (Bitget's cursor, kept in the address), the pager,
 * the CSV export of every page and, for orders that can still be cancelled, a cancel per row.
 */
export function RecordList({
  source,
  filters,
  name,
  onChange,
}: {
  source: RecordSource;
  filters: RecordFilters;
  /** The CSV file's name. */
  name: string;
  onChange: (f: RecordFilters) => void;
}) {
  const { t } = useTranslation("records");
  const [version, setVersion] = useState(0);
  // the filters are a new object on every render: their address names them; `version` reads
  // the page again after a cancel
  const key = filtersToParams(filters).toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const load = useCallback(() => readPage(get, source, filters, Date.now(), PAGE_SIZE), [source, key, version]);
  const [page] = useAsync(load);
  const rows: Async<readonly RecordRow[]> = page.state === "ready" ? { state: "ready", data: page.data.rows } : page;
  const next = page.state === "ready" ? page.data.next : undefined;
  const cancel = useCancelColumn(source, () => setVersion((v) => v + 1));
  const columns = useRecordColumns(source.fields);
  const first = cursorOf(filters) === undefined;
  return (
    <div className="records-list" aria-busy={page.state === "loading"}>
      <div className="table-actions">
        <CsvExport get={get} source={source} filters={filters} name={name} />
      </div>
      <AsyncView value={rows} empty={t("empty")}>
        {(list) => (
          <div className="records-scroll">
            <DataTable
              rows={list}
              columns={cancel.column ? [...columns, cancel.column] : columns}
              rowKey={(r, i) => fieldOf(r, source.key) || String(i)}
              className="compact"
              testId={`records-${source.id}`}
              rowTestId={() => "record-row"}
            />
          </div>
        )}
      </AsyncView>
      {(!first || next) && (
        <nav className="records-pager" aria-label={t("pager.label")}>
          <button type="button" className="button small" disabled={first} onClick={() => onChange(withFilter(filters, {}))}>
            {t("pager.newest")}
          </button>
          <button type="button" className="button small" disabled={first} onClick={() => onChange(newer(filters))}>
            {t("pager.newer")}
          </button>
          <span aria-live="polite">{t("pager.page", { page: filters.cursors.length + 1 })}</span>
          <button type="button" className="button small" disabled={!next} onClick={() => next && onChange(older(filters, next))}>
            {t("pager.older")}
          </button>
        </nav>
      )}
      {cancel.dialog}
    </div>
  );
}
