import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { recordsCsv } from "~/lib/records/csv";
import type { RecordFilters } from "~/lib/records/filters";
import { readAll, type GetPage, type RecordSource } from "~/lib/records/source";
import { downloadCsv } from "~/lib/trade/csv";
import { showToast } from "~/lib/toast";

/**
 * Saves every record the filters select (not only the page shown) as a CSV file: page by page
 * from the newest, with a count while it reads, a stop button and the export cap (docs/decisions/712).
 */
export function CsvExport({ get, source, filters, name }: { get: GetPage; source: RecordSource; filters: RecordFilters; name: string }) {
  const { t } = useTranslation("records");
  const [count, setCount] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  // leaving the list (another tab, another page) stops an export under way: no more reads, no file
  useEffect(() => () => abort.current?.abort(), []);
  const run = async () => {
    const ctl = new AbortController();
    abort.current = ctl;
    setCount(0);
    try {
      const out = await readAll(get, source, filters, { now: Date.now(), signal: ctl.signal, progress: setCount });
      downloadCsv(name, recordsCsv(source.fields, out.rows));
      showToast(t(out.complete ? "csv.done" : "csv.capped", { count: out.rows.length }));
    } catch (err) {
      showToast(ctl.signal.aborted ? t("csv.stopped") : t("csv.failed", { msg: err instanceof Error ? err.message : String(err) }));
    } finally {
      abort.current = null;
      setCount(null);
    }
  };
  return (
    <div className="records-export">
      {count === null ? (
        <button type="button" className="button small" onClick={() => void run()} data-testid="records-csv">
          {t("csv.button")}
        </button>
      ) : (
        <>
          <progress aria-label={t("csv.button")} />
          <span role="status">{t("csv.progress", { count })}</span>
          <button type="button" className="button small" onClick={() => abort.current?.abort()}>
            {t("csv.stop")}
          </button>
        </>
      )}
    </div>
  );
}
