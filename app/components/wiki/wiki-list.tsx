import { useTranslation } from "react-i18next";
import { StandaloneScripts } from "~/components/standalone-scripts";
import { useLocalize } from "~/components/locale-link";
import { listPagePath } from "~/lib/wiki/list-query";
import { breadcrumbList, itemList, jsonLd } from "~/lib/wiki/structured-data";
import type { WikiListData } from "~/utils/wiki.server";
import { CoinTable } from "./coin-table";
import { IssuerCertForLogout } from "./issuer-cert";
import { JsonLd } from "./json-ld";
import { ListSearch, Pager } from "./list-controls";

/** `/wiki` and `/wiki/page/{n}`: heading, search, the price table, paging, and the list's JSON-LD. */
export function WikiList({ data }: { data: WikiListData }) {
  const { t } = useTranslation("wiki");
  const localize = useLocalize();
  const { rows, paged, query, currency, origin } = data;
  const title = t("index.title");
  const abs = (path: string) => origin + localize(path);
  const structured = jsonLd([
    itemList(
      title,
      paged.first,
      rows.map((c) => ({ name: c.name, coin: c.coin, url: abs(`/wiki/${c.article}`), price: c.figures.priceRaw, currency })),
    ),
    breadcrumbList([
      { name: t("article.home"), url: abs("/") },
      { name: title, url: abs(listPagePath(1)) },
      ...(paged.page > 1 ? [{ name: t("pager.page", { page: paged.page }), url: abs(listPagePath(paged.page)) }] : []),
    ]),
  ]);
  return (
    <div className="wiki" data-live-root>
      <h1>
        {title}
        {paged.page > 1 ? <span className="muted"> · {t("pager.page", { page: paged.page })}</span> : null}
      </h1>
      <p className="lead">{t("index.lead", { currency })}</p>
      <ListSearch query={query} />
      {!data.marketsUp && (
        <p role="status" className="notice error">
          {t("market.unavailable")}
        </p>
      )}
      <p className="muted" role="status" data-testid="list-status">
        {query.q ? t("list.found", { count: paged.total, q: query.q }) : t("pager.status", { page: paged.page, pages: paged.pages })}
      </p>
      {rows.length > 0 ? (
        <div className="card table-scroll">
          <CoinTable rows={rows} query={query} first={paged.first} currency={currency} />
        </div>
      ) : (
        <p className="notice">{t("list.noResults", { q: query.q })}</p>
      )}
      <Pager page={paged.page} pages={paged.pages} query={query} />
      <p className="muted small">{t("list.capNote")}</p>
      <JsonLd text={structured} />
      <IssuerCertForLogout />
      <StandaloneScripts bundles={data.bundles} />
    </div>
  );
}
