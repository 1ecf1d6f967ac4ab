import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CoinCards } from "~/components/wiki/coin-cards";
import { LocaleLink } from "~/components/locale-link";
import { metaT } from "~/lib/i18n/meta";
import { useRevalidateEvery } from "~/lib/use-revalidate-every";
import { wikiMeta } from "~/lib/wiki/page-meta";
import { WIKI_REFRESH_MS } from "~/lib/wiki/market-view";
import { loadWikiList } from "~/utils/wiki.server";
import wikiCss from "~/styles/wiki.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: wikiCss }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadWikiList(context, request, "wiki");
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => wikiMeta(data?.tdk, metaT(matches, "index.title", "wiki"));

/** /wiki: a guide per coin the exchange lists, with its live price (SPEC.md §2). */
export default function WikiIndex() {
  const { coins, marketsUp } = useLoaderData<typeof loader>();
  const { t } = useTranslation("wiki");
  useRevalidateEvery(WIKI_REFRESH_MS);
  return (
    <div className="wiki">
      <h1>{t("index.title")}</h1>
      <p className="lead">{t("index.lead")}</p>
      {!marketsUp && <p role="status" className="notice error">{t("market.unavailable")}</p>}
      <CoinCards coins={coins} />
      <p>
        <LocaleLink to="/wiki/page">{t("index.pricesLink")}</LocaleLink>
      </p>
    </div>
  );
}
