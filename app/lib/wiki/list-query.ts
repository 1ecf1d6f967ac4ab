/**
 * The coin list's search, sorting and paging, all in the address so they work without scripts
 * (`/wiki/page/2?q=coin&sort=price&dir=asc`, docs/decisions/605). Unknown or malformed values read
 * as the defaults; nothing here can fail.
 */

/** Coins per page: a phone screen's worth of rows. */
export const WIKI_PAGE_SIZE = 10;
/** A search longer than any coin's name is cut, not refused. */
export const WIKI_QUERY_MAX = 40;

export const SORT_KEYS = ["cap", "name", "price", "change", "volume"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = "asc" | "desc";

export interface ListQuery {
  q: string;
  sort: SortKey;
  dir: SortDir;
}

/** Market cap, largest first: the order a visitor expects of a price list. */
export const DEFAULT_QUERY: ListQuery = { q: "", sort: "cap", dir: "desc" };

/** The natural direction of a column: names A→Z, figures largest first. */
export const defaultDir = (sort: SortKey): SortDir => (sort === "name" ? "asc" : "desc");

export function parseListQuery(params: URLSearchParams): ListQuery {
  const q = (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, WIKI_QUERY_MAX);
  const rawSort = params.get("sort");
  const sort = (SORT_KEYS as readonly string[]).includes(rawSort ?? "") ? (rawSort as SortKey) : DEFAULT_QUERY.sort;
  const rawDir = params.get("dir");
  const dir = rawDir === "asc" || rawDir === "desc" ? rawDir : defaultDir(sort);
  return { q, sort, dir };
}

/** Whether the list differs from the plain one (search results and re-sorted lists are not indexed). */
export const isDefaultQuery = (query: ListQuery): boolean =>
  query.q === "" && query.sort === DEFAULT_QUERY.sort && query.dir === DEFAULT_QUERY.dir;

/** The query string for a list state, without the defaults: `?sort=price&dir=asc`, or "". */
export function listSearch(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.sort !== DEFAULT_QUERY.sort || query.dir !== defaultDir(query.sort)) {
    params.set("sort", query.sort);
    if (query.dir !== defaultDir(query.sort)) params.set("dir", query.dir);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The path of page `n` (1 is `/wiki`). */
export const listPagePath = (n: number): string => (n <= 1 ? "/wiki" : `/wiki/page/${n}`);

/** What the list can be searched and sorted by. */
export interface Listable {
  name: string;
  coin: string;
  article: string;
  sortValues: Partial<Record<Exclude<SortKey, "name">, number>>;
}

/** Coins whose name, ticker or article id contains the search, case-insensitively. */
export function searchList<T extends Listable>(rows: readonly T[], q: string): T[] {
  const needle = q.toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((r) => [r.name, r.coin, r.article].some((s) => s.toLowerCase().includes(needle)));
}

/** Sorted by a column; rows without the figure go last either way, ties keep the listing order. */
export function sortList<T extends Listable>(rows: readonly T[], sort: SortKey, dir: SortDir): T[] {
  const sign = dir === "asc" ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      if (sort === "name") return sign * a.row.name.localeCompare(b.row.name, "en") || a.index - b.index;
      const x = a.row.sortValues[sort];
      const y = b.row.sortValues[sort];
      if (x === undefined || y === undefined) return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0) || a.index - b.index;
      return sign * (x - y) || a.index - b.index;
    })
    .map((e) => e.row);
}

export interface Paged<T> {
  rows: T[];
  page: number;
  pages: number;
  total: number;
  /** Rank of the first row shown (1-based). */
  first: number;
}

/** One page of rows; undefined for a page past the last (page 1 always exists, even empty). */
export function pageOf<T>(rows: readonly T[], page: number): Paged<T> | undefined {
  const pages = Math.max(1, Math.ceil(rows.length / WIKI_PAGE_SIZE));
  if (!Number.isSafeInteger(page) || page < 1 || page > pages) return undefined;
  const start = (page - 1) * WIKI_PAGE_SIZE;
  return { rows: rows.slice(start, start + WIKI_PAGE_SIZE), page, pages, total: rows.length, first: start + 1 };
}

/** `/wiki/page/{n}`'s segment: digits only, no leading zero, so one page has one address. */
export function parsePageSegment(segment: string | undefined): number | undefined {
  return segment && /^[1-9]\d{0,5}$/.test(segment) ? Number(segment) : undefined;
}
