/**
 * What a record page's address selects (docs/decisions/712): the margin mode when the page has
 * one, the tab among the sources of that mode, and the filters the tab's source takes.
 */
import { parseFilters, type FilterChoices, type RecordFilters } from "./filters";
import type { RecordSource } from "./source";

export interface RecordPageState {
  filters: RecordFilters;
  sources: readonly RecordSource[];
  source: RecordSource;
  choices: FilterChoices;
}

export function recordPageState(
  params: URLSearchParams,
  opts: { modes?: readonly string[]; sources: (mode: string) => readonly RecordSource[] },
): RecordPageState {
  const { mode } = parseFilters(params, { tabs: [], ...(opts.modes ? { modes: opts.modes } : {}) });
  const sources = opts.sources(mode);
  const tabs = sources.map((s) => s.id);
  const { tab } = parseFilters(params, { tabs });
  const source = sources.find((s) => s.id === tab) ?? sources[0];
  if (!source) throw new Error("a record page without lists");
  const { time: _time, coin: _coin, ...own } = source.filters;
  const choices: FilterChoices = { tabs, ...(opts.modes ? { modes: opts.modes } : {}), ...own };
  return { filters: parseFilters(params, choices), sources, source, choices };
}
