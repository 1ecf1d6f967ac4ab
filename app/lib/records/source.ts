/**
 * One list of a record page (docs/decisions/712): the Bitget endpoint it reads, the query its
 * filters make, where the answer keeps its rows and its cursor, and the fields it shows. Sources
 * are data; the record kit draws, pages and exports any of them alike.
 */
import { cursorOf, timeWindow, type FilterChoices, type RecordFilters } from "./filters";

/** A row as Bitget answers it: text fields, some nested (`feeDetail.totalFee`). */
export type RecordRow = Readonly<Record<string, unknown>>;

/**
 * How a field reads: `time` (ms since 1970), `number` (a decimal string), `percent` (a ratio,
 * shown as a percentage and written to a file as the ratio), `side`/`code` (a value of a known
 * list, said in words), `text` as it is.
 */
export type FieldKind = "time" | "number" | "percent" | "side" | "code" | "text";

/** A label's key: `group.label` in the `records` namespace, or a key of another namespace as given (`copyrec:field.trader`). */
export const recordKey = (group: string, label: string): string => (label.includes(":") ? label : `${group}.${label}`);

export interface RecordField {
  /** Where the value is in a row, a dotted path for nested fields. */
  path: string;
  /** The column's name: a key of the `records` namespace's `field` group. */
  label: string;
  kind: FieldKind;
  /** A number that says how much, shown without a sign (Bitget sends fees as negative numbers). */
  abs?: boolean;
  /** An amount's coin, for its display precision (docs/decisions/715); a price or a rate has none. */
  coin?: CoinRule;
}

/**
 * Where a row's amount takes its coin from: the pair's base or quote coin, a field of the row
 * (`coin`, `feeDetail.feeCoin`; the quote coin when the row has none), or, for a spot order's size,
 * its own kind: a market buy is sized in the quote coin.
 */
export type CoinRule = "base" | "quote" | "orderSize" | { field: string };

/** The quote coin of every listed pair and the margin coin of the futures. */
const QUOTE = "USDT";

/** A spot order Bitget sizes in the quote coin: a market buy. */
export const quoteSized = (row: RecordRow): boolean => fieldOf(row, "orderType") === "market" && fieldOf(row, "side") === "buy";

/** The coin of a field's amount in a row, or undefined for a number that is no amount. */
export function coinOf(row: RecordRow, field: RecordField): string | undefined {
  const rule = field.coin;
  if (!rule) return undefined;
  const symbol = fieldOf(row, "symbol");
  const base = symbol.endsWith(QUOTE) ? symbol.slice(0, -QUOTE.length) : symbol;
  if (rule === "base") return base || undefined;
  if (rule === "quote") return QUOTE;
  if (rule === "orderSize") return quoteSized(row) ? QUOTE : base || undefined;
  return fieldOf(row, rule.field) || QUOTE;
}

/** What the page offers to filter a source by, in the address (`FilterChoices` without the tabs). */
export type SourceFilters = Omit<FilterChoices, "tabs"> & {
  /** The endpoint takes `startTime`/`endTime`. */
  time: boolean;
  /** The `symbol` choice lists coins (a ledger), not pairs. */
  coin?: boolean;
};

export interface RecordSource {
  /** The tab's id, and part of the CSV file's name. */
  id: string;
  /** Its label: a key of the `records` namespace's `tab` group. */
  label: string;
  /** The endpoint, which may depend on the filters (margin: crossed or isolated). */
  path: (f: RecordFilters) => string;
  /** The most rows the endpoint answers at once (Bitget's `limit` bound): the page size. */
  limit: number;
  filters: SourceFilters;
  /** The query besides time, cursor and limit: fixed parameters and those the filters make. */
  query: (f: RecordFilters) => Record<string, string>;
  /** The rows of an answer (`data` itself or a list inside it). */
  rows: (data: unknown) => RecordRow[];
  /** The next page's `idLessThan`: the answer's `endId`/`minId`, or a field of the last row. */
  next: (data: unknown, rows: readonly RecordRow[]) => string | undefined;
  /** The field that names a row. */
  key: string;
  fields: readonly RecordField[];
  /** Rows that can still be cancelled (open and plan orders): the request that cancels one. */
  cancel?: (row: RecordRow) => { path: string; body: Record<string, unknown> };
}

/** The text at `path` of a row ("" when missing or not text/number). */
export function fieldOf(row: RecordRow, path: string): string {
  let v: unknown = row;
  for (const part of path.split(".")) v = v && typeof v === "object" ? (v as Record<string, unknown>)[part] : undefined;
  return typeof v === "string" ? v : typeof v === "number" && Number.isFinite(v) ? String(v) : "";
}

const isRow = (v: unknown): v is RecordRow => typeof v === "object" && v !== null && !Array.isArray(v);

/** The rows of `data` (a list, or the list at `key` of an object; Bitget sends `null` for none). */
export function listAt(data: unknown, key?: string): RecordRow[] {
  const list = key === undefined ? data : isRow(data) ? data[key] : undefined;
  return Array.isArray(list) ? list.filter(isRow) : [];
}

/** The cursor an answer names (`endId`, `minId`...), when it is an id. */
export function idAt(data: unknown, key: string): string | undefined {
  const v = isRow(data) ? data[key] : undefined;
  return typeof v === "string" && /^\d{1,20}$/.test(v) ? v : undefined;
}

/** The next page of a list whose rows carry their own cursor: the last row's `field`. */
export const lastOf =
  (field: string) =>
  (_data: unknown, rows: readonly RecordRow[]): string | undefined => {
    const last = rows[rows.length - 1];
    return (last && fieldOf(last, field)) || undefined;
  };

/** The cursor an answer names beside its list (`endId`, `minId`). */
export const idOf = (key: string) => (data: unknown) => idAt(data, key);

/** A `symbol` parameter when a pair is chosen. */
export const pair = (symbol: string): Record<string, string> => (symbol ? { symbol } : {});

/** Rows a page shows; an export asks for the endpoint's most at a time (`RecordSource.limit`) instead. */
export const PAGE_SIZE = 20;

/** The page query of `f` for a source: its own parameters, the window, the cursor and `size` (at most the endpoint's limit). */
export function pageQuery(source: RecordSource, f: RecordFilters, now: number, size = source.limit): Record<string, string> {
  const w = timeWindow(f, now);
  const cursor = cursorOf(f);
  return {
    ...source.query(f),
    ...(source.filters.time ? { startTime: String(w.startTime), endTime: String(w.endTime) } : {}),
    ...(cursor ? { idLessThan: cursor } : {}),
    limit: String(Math.min(size, source.limit)),
  };
}

/** One page: its rows, and the cursor of the next older page when there may be one. */
export interface RecordPage {
  rows: RecordRow[];
  next?: string;
}

/** How the kit asks for a page: the browser's client in the page, a fake in a test. */
export type GetPage = (path: string, query: Record<string, string>) => Promise<unknown>;

/** Reads one page of `size` rows; a page shorter than that is the last. */
export async function readPage(
  get: GetPage,
  source: RecordSource,
  f: RecordFilters,
  now: number,
  size = source.limit,
): Promise<RecordPage> {
  const cursor = cursorOf(f);
  const query = pageQuery(source, f, now, size);
  const data = await get(source.path(f), query);
  const rows = source.rows(data);
  const next = rows.length >= Number(query.limit) ? source.next(data, rows) : undefined;
  return next && next !== cursor ? { rows, next } : { rows };
}

/** The most rows one export reads (a spreadsheet of more is better asked of the API). */
export const EXPORT_CAP = 5000;

/**
 * Every row the filters select, newest first, page by page from the newest whatever page is
 * shown, until the last page, `cap` rows or `signal` aborts; `progress` hears the count after
 * each page. `complete` is false when it stopped at the cap.
 */
export async function readAll(
  get: GetPage,
  source: RecordSource,
  f: RecordFilters,
  opts: { now: number; cap?: number; signal?: AbortSignal; progress?: (rows: number) => void },
): Promise<{ rows: RecordRow[]; complete: boolean }> {
  const cap = opts.cap ?? EXPORT_CAP;
  const rows: RecordRow[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    opts.signal?.throwIfAborted();
    const page = await readPage(get, source, { ...f, cursors: cursor ? [cursor] : [] }, opts.now);
    for (const r of page.rows) {
      // a row is written once even if a page boundary moved while reading
      const id = fieldOf(r, source.key);
      if (id && seen.has(id)) continue;
      seen.add(id);
      rows.push(r);
    }
    opts.progress?.(Math.min(rows.length, cap));
    if (rows.length >= cap) return { rows: rows.slice(0, cap), complete: rows.length === cap && !page.next };
    if (!page.next) return { rows, complete: true };
    cursor = page.next;
  }
}
