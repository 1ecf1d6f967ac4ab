import type { MetaFunction } from "@remix-run/node";
import { metaT } from "~/lib/i18n/meta";
import { isDefaultQuery, type ListQuery } from "./list-query";
import { wikiMeta, type TdkText } from "./page-head";

interface ListMetaData {
  tdk: TdkText | null;
  origin: string;
  lang: string;
  query: ListQuery;
  paged: { page: number };
}

/** The list pages' head: TDK texts, the page number in later pages' titles, a share card, noindex for searches. */
export const wikiListMeta: MetaFunction<() => Promise<ListMetaData>> = ({ data, matches, location }) => {
  if (!data) return [{ title: metaT(matches, "index.title", "wiki") }];
  const page = data.paged.page;
  return wikiMeta({
    tdk: data.tdk,
    fallbackTitle: metaT(matches, "index.title", "wiki"),
    titleSuffix: page > 1 ? metaT(matches, "pager.page", "wiki").replace("{{page}}", String(page)) : undefined,
    origin: data.origin,
    path: location.pathname,
    image: "/wiki/card.svg",
    imageAlt: metaT(matches, "index.title", "wiki"),
    lang: data.lang,
    type: "website",
    noindex: !isDefaultQuery(data.query),
  });
};
