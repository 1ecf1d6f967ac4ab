/**
 * What a record page shows, as it is kept in the address (docs/decisions/712): the tab, the time
 * range, the pair (or coin), type and margin mode, and the cursors of the pages read so far, so a page
 * can be shared, reloaded and stepped back. Pure: the URL's parameters in, the same out.
 */

/** A preset range ends now and reaches back this many days; `custom` is the `from`–`to` dates. */
export const RANGES = { "1d": 1, "7d": 7, "30d": 30, "90d": 90 } as const;
export type RangeId = keyof typeof RANGES | "custom";
export const RANGE_IDS: readonly RangeId[] = [...(Object.keys(RANGES) as Array<keyof typeof RANGES>), "custom"];
export const DEFAULT_RANGE: RangeId = "30d";
/** Bitget answers history queries for at most 90 days at a time: a custom range is cut to its last 90. */
export const MAX_WINDOW_DAYS = 90;
const DAY_MS = 86_400_000;

export interface RecordFilters {
  tab: string;
  range: RangeId;
  /** `YYYY-MM-DD` in the reader's zone, for a custom range. */
  from: string;
  to: string;
  /** "" for every pair, where the endpoint allows it. */
  symbol: string;
  type: string;
  mode: string;
  /** `idLessThan` of each page after the first, oldest last: the last is the page shown. */
  cursors: readonly string[];
}

/** The choices a page offers; a value outside them reads as the default (the address is typed by anyone). */
export interface FilterChoices {
  tabs: readonly string[];
  symbols?: readonly string[];
  /** The pair every query must name (an endpoint that requires one): the first symbol when the address has none. */
  symbolRequired?: boolean;
  types?: readonly string[];
  modes?: readonly string[];
}

/** The parameter names in the address. */
export const PARAM = {
  tab: "tab",
  range: "range",
  from: "from",
  to: "to",
  symbol: "symbol",
  type: "type",
  mode: "mode",
  cursors: "page",
} as const;

/** Cursors are ids (digits); more than this many pages back is not kept in an address. */
const MAX_CURSORS = 100;
const CURSOR = /^\d{1,20}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = (value: string | null, list: readonly string[] | undefined, fallback = ""): string =>
  value !== null && list?.includes(value) ? value : fallback;

export function parseFilters(params: URLSearchParams, choices: FilterChoices): RecordFilters {
  const range = oneOf(params.get(PARAM.range), RANGE_IDS, DEFAULT_RANGE) as RangeId;
  const from = params.get(PARAM.from) ?? "";
  const to = params.get(PARAM.to) ?? "";
  const custom = range === "custom" && DATE.test(from) && DATE.test(to);
  const symbol = params.get(PARAM.symbol)?.toUpperCase() ?? null;
  const cursors = (params.get(PARAM.cursors) ?? "").split(".").filter((c) => CURSOR.test(c));
  return {
    tab: oneOf(params.get(PARAM.tab), choices.tabs, choices.tabs[0] ?? ""),
    range: custom || range !== "custom" ? range : DEFAULT_RANGE,
    from: custom ? from : "",
    to: custom ? to : "",
    symbol: oneOf(symbol, choices.symbols, choices.symbolRequired ? (choices.symbols?.[0] ?? "") : ""),
    type: oneOf(params.get(PARAM.type), choices.types),
    mode: oneOf(params.get(PARAM.mode), choices.modes, choices.modes?.[0] ?? ""),
    cursors: cursors.slice(0, MAX_CURSORS),
  };
}

/**
 * The address of `f` on top of `params` (other parameters of the page are kept): defaults and
 * empty values are left out, so the first page of the default view has a short address.
 */
export function filtersToParams(f: RecordFilters, params = new URLSearchParams(), choices?: FilterChoices): URLSearchParams {
  const out = new URLSearchParams(params);
  const put = (name: string, value: string, fallback = "") => {
    if (value && value !== fallback) out.set(name, value);
    else out.delete(name);
  };
  put(PARAM.tab, f.tab, choices?.tabs[0]);
  put(PARAM.range, f.range, DEFAULT_RANGE);
  put(PARAM.from, f.range === "custom" ? f.from : "");
  put(PARAM.to, f.range === "custom" ? f.to : "");
  put(PARAM.symbol, f.symbol);
  put(PARAM.type, f.type);
  put(PARAM.mode, f.mode, choices?.modes?.[0]);
  put(PARAM.cursors, f.cursors.join("."));
  return out;
}

/** A change of what is selected starts again at the newest page; the tab keeps its own filters' meaning. */
export function withFilter(f: RecordFilters, change: Partial<Omit<RecordFilters, "cursors">>): RecordFilters {
  return { ...f, ...change, cursors: [] };
}

/** The next older page: the cursor the shown page ended with. */
export const older = (f: RecordFilters, next: string): RecordFilters => ({ ...f, cursors: [...f.cursors, next].slice(0, MAX_CURSORS) });
/** The page before (newer than) the one shown. */
export const newer = (f: RecordFilters): RecordFilters => ({ ...f, cursors: f.cursors.slice(0, -1) });
/** The page shown: its `idLessThan`, none for the newest. */
export const cursorOf = (f: RecordFilters): string | undefined => f.cursors[f.cursors.length - 1];

/** A local calendar date's first millisecond (`YYYY-MM-DD` in the reader's zone). */
function localDay(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d).getTime();
}

/**
 * The time window of `f` in ms, as Bitget's `startTime`/`endTime`: a preset reaches back from
 * `now`; a custom range runs from the start of `from` to the end of `to` (either way round), at
 * most 90 days ending at `to`.
 */
export function timeWindow(f: Pick<RecordFilters, "range" | "from" | "to">, now: number): { startTime: number; endTime: number } {
  if (f.range !== "custom" || !f.from || !f.to) {
    const days = f.range === "custom" ? RANGES[DEFAULT_RANGE as keyof typeof RANGES] : RANGES[f.range];
    return { startTime: now - days * DAY_MS, endTime: now };
  }
  const [a, b] = [localDay(f.from), localDay(f.to)].sort((x, y) => x - y) as [number, number];
  const endTime = b + DAY_MS - 1;
  return { startTime: Math.max(a, endTime + 1 - MAX_WINDOW_DAYS * DAY_MS), endTime };
}
