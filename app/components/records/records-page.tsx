import { useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import { Tabs } from "~/components/ui/tabs";
import { splitLocalePath } from "~/lib/i18n/locale-path";
import { filtersToParams, withFilter, type RecordFilters } from "~/lib/records/filters";
import { recordPageState } from "~/lib/records/page-state";
import { RECORD_PAGES, recordTitleKey, type RecordPageId } from "~/lib/records/paths";
import { recordKey, type RecordSource } from "~/lib/records/source";
import { RecordFiltersBar } from "./filters-bar";
import { RecordList } from "./record-list";
import type { RecordChoices } from "~/utils/record-pairs.server";

/** Links between the record pages; the one shown is marked as the current page. */
function RecordsNav() {
  const { t } = useTranslation("records");
  const here = splitLocalePath(useLocation().pathname).rest;
  return (
    <nav aria-label={t("nav")} className="page-nav">
      {RECORD_PAGES.map((p) => (
        <LocaleLink key={p.path} to={p.path} aria-current={here === p.path ? "page" : undefined}>
          {t(recordTitleKey(p.title))}
        </LocaleLink>
      ))}
    </nav>
  );
}

/**
 * A record page (docs/decisions/712): its title, the links to the other record pages, a tab per
 * list, and the tab's filters bar and paged list. Everything shown is in the address.
 */
export function RecordsPage({
  page,
  sources,
  modes,
}: {
  page: RecordPageId;
  sources: (mode: string) => readonly RecordSource[];
  modes?: readonly string[];
}) {
  const { t } = useTranslation("records");
  const [params, setParams] = useSearchParams();
  const state = recordPageState(params, { sources, ...(modes ? { modes } : {}) });
  const { filters, source, choices } = state;
  const go = (f: RecordFilters) => setParams(filtersToParams(f, params, choices), { preventScrollReset: true });
  const titleId = `records-${page}-title`;
  return (
    <section className="card records-page" aria-labelledby={titleId}>
      <h1 id={titleId}>{t(recordTitleKey(page))}</h1>
      <RecordsNav />
      <Tabs
        label={t(recordTitleKey(page))}
        active={filters.tab}
        onSelect={(tab) => go(withFilter(filters, { tab, type: "" }))}
        tabs={state.sources.map((s) => ({
          id: s.id,
          label: t(recordKey("tab", s.label)),
          panel: () => (
            <>
              <RecordFiltersBar
                key={`${s.id}:${filters.range}:${filters.from}:${filters.to}`}
                filters={filters}
                choices={choices}
                time={source.filters.time}
                {...(source.filters.coin ? { coin: true } : {})}
                onChange={go}
              />
              <RecordList
                key={s.id}
                source={source}
                filters={filters}
                name={[page, filters.mode, s.id, filters.symbol].filter(Boolean).join("-")}
                onChange={go}
              />
            </>
          ),
        }))}
      />
    </section>
  );
}

/** A record route's default export: the page with its lists made from the loader's pair and coin choices. */
export function recordRoute(
  page: RecordPageId,
  sources: (choices: RecordChoices, mode: string) => readonly RecordSource[],
  modes?: readonly string[],
): ComponentType {
  function RecordRoute() {
    const choices = useLoaderData<RecordChoices>();
    return <RecordsPage page={page} modes={modes} sources={(mode) => sources(choices, mode)} />;
  }
  RecordRoute.displayName = `RecordRoute(${page})`;
  return RecordRoute;
}
