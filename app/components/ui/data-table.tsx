import type { ReactNode } from "react";

/** One column: its header, and how a row fills its cell. */
export interface Column<T> {
  header: ReactNode;
  /** A figure: header and cells aligned to the right. */
  num?: boolean;
  /** Not a figure, but set at the cell's end (a row's actions): the header is aligned with it. */
  end?: boolean;
  /** The cell's class when it is not just `num` (a trend colour, an actions cell); the header keeps `num`. */
  cellClass?: string | ((row: T) => string);
  /** The cell names its row (`<th scope="row">`), as the first column of most lists does. */
  rowHeader?: boolean;
  /** A test id for the cell, where a test reads one figure of a row. */
  testId?: (row: T) => string;
  cell: (row: T) => ReactNode;
}

interface Props<T> {
  rows: readonly T[];
  columns: ReadonlyArray<Column<T>>;
  rowKey: (row: T, index: number) => string;
  /** Extra classes besides `data-table` (`compact`, `price-table`). */
  className?: string;
  caption?: ReactNode;
  testId?: string;
  rowTestId?: (row: T) => string;
  /** When it gives something for a row, that text spans every cell after the row header. */
  missing?: (row: T) => ReactNode | undefined;
}

function cellClassOf<T>(c: Column<T>, row: T): string | undefined {
  if (typeof c.cellClass === "function") return c.cellClass(row);
  return c.cellClass ?? (c.num ? "num" : undefined);
}

/**
 * Every list of the app: a header row and a row per item, column by column, so they read (and align)
 * alike. A cell carries its column's name (`data-label`) for the phone's card layout (docs/decisions/723).
 */
export function DataTable<T>({ rows, columns, rowKey, className, caption, testId, rowTestId, missing }: Props<T>) {
  return (
    <table className={className ? `data-table ${className}` : "data-table"} data-testid={testId}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} scope="col" className={c.num || c.end ? "num" : undefined}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, index) => {
          const gap = missing?.(r);
          const shown = gap === undefined ? columns : columns.filter((c) => c.rowHeader);
          return (
            <tr key={rowKey(r, index)} data-testid={rowTestId?.(r)}>
              {shown.map((c, i) =>
                c.rowHeader ? (
                  <th key={i} scope="row" className={cellClassOf(c, r)}>
                    {c.cell(r)}
                  </th>
                ) : (
                  <td
                    key={i}
                    className={cellClassOf(c, r)}
                    data-testid={c.testId?.(r)}
                    data-label={typeof c.header === "string" ? c.header : undefined}
                  >
                    {c.cell(r)}
                  </td>
                ),
              )}
              {gap !== undefined && <td colSpan={columns.length - shown.length}>{gap}</td>}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
