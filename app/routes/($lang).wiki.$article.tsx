import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { WIKI_ARTICLE_ID, WIKI_ARTICLE_ID_MAX } from "../../protocol/wiki";
import { LocaleLink } from "~/components/locale-link";
import { Change, CoinIcon, MarketStats, Usdt } from "~/components/wiki/market-values";
import { PriceChart } from "~/components/wiki/price-chart";
import { metaT } from "~/lib/i18n/meta";
import { useRevalidateEvery } from "~/lib/use-revalidate-every";
import { wikiLinks, wikiMeta } from "~/lib/wiki/page-head";
import { WIKI_REFRESH_MS } from "~/lib/wiki/market-view";
import { loadWikiArticle } from "~/utils/wiki.server";

export const links = wikiLinks;

/** Any /wiki/{article} (docs/product.md): an unknown one is a real 404; another casing goes to the canonical id. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = params.article ?? "";
  const lower = id.toLowerCase();
  if (lower.length > WIKI_ARTICLE_ID_MAX || !WIKI_ARTICLE_ID.test(lower))
    throw new Response(null, { status: 404, statusText: "Not Found" });
  if (lower !== id) {
    const url = new URL(request.url);
    throw redirect(url.pathname.replace(/[^/]+$/, lower) + url.search, 301);
  }
  return loadWikiArticle(context, request, id);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  wikiMeta(data?.tdk, data?.coin.name ?? metaT(matches, "index.title", "wiki"));

export default function WikiArticlePage() {
  const { coin, html, chart } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<{ lang?: string }>("root");
  const { t } = useTranslation("wiki");
  useRevalidateEvery(WIKI_REFRESH_MS);
  const sameLanguage = (root?.lang ?? "en").split("-")[0] === coin.lang;
  return (
    <div className="wiki">
      <nav aria-label={t("article.breadcrumb")} className="breadcrumb">
        <ol>
          <li>
            <LocaleLink to="/wiki">{t("index.title")}</LocaleLink>
          </li>
          <li aria-current="page">{coin.name}</li>
        </ol>
      </nav>
      <h1 className="coin-title">
        <CoinIcon coin={coin} size={32} /> {t("article.title", { name: coin.name, coin: coin.coin })}
      </h1>

      <section aria-labelledby="market-title" className="card">
        <h2 id="market-title">{t("article.marketTitle")}</h2>
        {coin.symbol === null ? (
          <p>{t("market.noMarket", { coin: coin.coin })}</p>
        ) : coin.market ? (
          <>
            <p className="coin-price big" data-testid="live-price">
              <span className="visually-hidden">{t("market.price")}: </span>
              <Usdt value={coin.market.price} /> <Change value={coin.market.change} trend={coin.market.trend} />
            </p>
            <MarketStats coin={coin.coin} market={coin.market} />
          </>
        ) : (
          <p role="status" className="notice error">
            {t("market.unavailable")}
          </p>
        )}
        {coin.symbol !== null && (chart ? <PriceChart name={coin.name} chart={chart} /> : <p role="status">{t("chart.unavailable")}</p>)}
      </section>

      <section aria-labelledby="about-title">
        <h2 id="about-title">{t("article.aboutTitle", { name: coin.name })}</h2>
        {!sameLanguage && <p className="muted">{t("article.englishOnly")}</p>}
        <article lang={coin.lang} className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />
      </section>
    </div>
  );
}
