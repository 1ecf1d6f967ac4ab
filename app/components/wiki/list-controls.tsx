import { useTranslation } from "react-i18next";
import { useLocalize } from "~/components/locale-link";
import { DEFAULT_QUERY, listPagePath, listSearch, type ListQuery } from "~/lib/wiki/list-query";

/** The coin search: a GET form to page 1 that keeps the chosen order, so it works without scripts. */
export function ListSearch({ query }: { query: ListQuery }) {
  const { t } = useTranslation("wiki");
  const localize = useLocalize();
  return (
    <form method="get" action={localize(listPagePath(1))} role="search" className="wiki-search">
      <label htmlFor="wiki-q">{t("list.searchLabel")}</label>
      <input id="wiki-q" type="search" name="q" defaultValue={query.q} maxLength={40} autoComplete="off" enterKeyHint="search" />
      {query.sort !== DEFAULT_QUERY.sort || query.dir !== DEFAULT_QUERY.dir ? (
        <>
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="dir" value={query.dir} />
        </>
      ) : null}
      <button type="submit" className="button">
        {t("list.searchButton")}
      </button>
      {query.q ? (
        <a className="button" href={localize(listPagePath(1)) + listSearch({ ...query, q: "" })}>
          {t("list.clear")}
        </a>
      ) : null}
    </form>
  );
}

/** Previous / numbered / next page links, each keeping the search and order. */
export function Pager({ page, pages, query }: { page: number; pages: number; query: ListQuery }) {
  const { t } = useTranslation("wiki");
  const localize = useLocalize();
  if (pages <= 1) return null;
  const href = (n: number) => localize(listPagePath(n)) + listSearch(query);
  return (
    <nav aria-label={t("pager.label")} className="pager">
      <ul>
        <li>
          {page > 1 ? (
            <a href={href(page - 1)} rel="prev">
              {t("pager.previous")}
            </a>
          ) : (
            <span aria-disabled="true">{t("pager.previous")}</span>
          )}
        </li>
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            {n === page ? (
              <a href={href(n)} aria-current="page">
                <span className="visually-hidden">{t("pager.page", { page: n })}</span>
                <span aria-hidden="true">{n}</span>
              </a>
            ) : (
              <a href={href(n)}>
                <span className="visually-hidden">{t("pager.page", { page: n })}</span>
                <span aria-hidden="true">{n}</span>
              </a>
            )}
          </li>
        ))}
        <li>
          {page < pages ? (
            <a href={href(page + 1)} rel="next">
              {t("pager.next")}
            </a>
          ) : (
            <span aria-disabled="true">{t("pager.next")}</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
