import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PriceTable } from "~/components/wiki/price-table";
import { LocaleLink } from "~/components/locale-link";
import { metaT } from "~/lib/i18n/meta";
import { useRevalidateEvery } from "~/lib/use-revalidate-every";
import { wikiMeta } from "~/lib/wiki/page-meta";
import { WIKI_REFRESH_MS } from "~/lib/wiki/market-view";
import { loadWikiList } from "~/utils/wiki.server";
import wikiCss from "~/styles/wiki.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: wikiCss }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadWikiList(context, request, "wiki-page");
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => wikiMeta(data?.tdk, metaT(matches, "prices.title", "wiki"));

/** /wiki/page: the price list of every coin the exchange lists (SPEC.md §2). */
export default function WikiPrices() {
  const { coins, marketsUp } = useLoaderData<typeof loader>();
  const { t } = useTranslation("wiki");
  useRevalidateEvery(WIKI_REFRESH_MS);
  return (
    <div className="wiki">
      <h1>{t("prices.title")}</h1>
      <p className="lead">{t("prices.lead")}</p>
      {!marketsUp && <p role="status" className="notice error">{t("market.unavailable")}</p>}
      <div className="card table-scroll">
        <PriceTable coins={coins} />
      </div>
      <p>
        <LocaleLink to="/wiki">{t("prices.guidesLink")}</LocaleLink>
      </p>
    </div>
  );
}
