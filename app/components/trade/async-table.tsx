import type { ReactNode } from "react";
import type { Async } from "~/lib/async-state";
import { DataTable, type Column } from "~/components/ui/data-table";
import { AsyncView } from "./async-view";

/**
 * A compact list of the trading screen's account panels that the browser loads: loading, refusal or
 * "none" as `AsyncView` says, then the table, with `above` (a CSV button) over it when given.
 */
export function AsyncTable<T>({
  value,
  empty,
  above,
  columns,
  rowKey,
  testId,
  rowTestId,
}: {
  value: Async<readonly T[]>;
  empty: string;
  above?: (list: readonly T[]) => ReactNode;
  columns: ReadonlyArray<Column<T>>;
  rowKey: (row: T) => string;
  testId: string;
  rowTestId?: (row: T) => string;
}) {
  return (
    <AsyncView value={value} empty={empty}>
      {(list) => (
        <>
          {above?.(list)}
          <DataTable rows={list} columns={columns} rowKey={rowKey} className="compact" testId={testId} rowTestId={rowTestId} />
        </>
      )}
    </AsyncView>
  );
}
