import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { WIKI_ARTICLE_ID, WIKI_ARTICLE_ID_MAX } from "../../protocol/wiki";
import { LocaleLink, useLocalize } from "~/components/locale-link";
import { StandaloneScripts } from "~/components/standalone-scripts";
import { CoinDetailsHeader } from "~/components/wiki/coin-header";
import { KeyStats, RelatedCoins } from "~/components/wiki/coin-details";
import { CoinFaq, faqEntries } from "~/components/wiki/coin-faq";
import { Converter } from "~/components/wiki/converter";
import { IssuerCertForLogout } from "~/components/wiki/issuer-cert";
import { JsonLd } from "~/components/wiki/json-ld";
import { PriceChart } from "~/components/wiki/price-chart";
import { metaT } from "~/lib/i18n/meta";
import type { PageHandle } from "~/lib/page-handle";
import { spotPath } from "~/lib/trade/paths";
import { documentVisit } from "~/lib/wiki/document-visit";
import { dateTimeFormat } from "~/lib/i18n/formatters";
import { wikiMeta } from "~/lib/wiki/page-head";
import { breadcrumbList, faqPage, financialProduct, jsonLd } from "~/lib/wiki/structured-data";
import { loadWikiArticle, notFound } from "~/utils/wiki.server";

/** Reading, not an app: server HTML and a few small bundles (docs/decisions/019). */
export const handle: PageHandle = { hydrate: false, inlineCss: true };
export const clientLoader = documentVisit;

/** Any /wiki/{article} (docs/product.md): an unknown one is a real 404; another casing goes to the canonical id. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = params.article ?? "";
  const lower = id.toLowerCase();
  if (lower.length > WIKI_ARTICLE_ID_MAX || !WIKI_ARTICLE_ID.test(lower)) throw notFound();
  if (lower !== id) {
    const url = new URL(request.url);
    throw redirect(url.pathname.replace(/[^/]+$/, lower) + url.search, 301);
  }
  return loadWikiArticle(context, request, id);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  if (!data) return [{ title: metaT(matches, "index.title", "wiki") }];
  const name = `${data.coin.name} (${data.coin.coin})`;
  return wikiMeta({
    tdk: data.tdk,
    fallbackTitle: name,
    origin: data.origin,
    path: location.pathname,
    image: `/wiki/${data.coin.article}/card.svg`,
    imageAlt: metaT(matches, "article.cardAlt", "wiki").replace("{{name}}", name),
    lang: data.lang,
    type: "article",
    // Another chart range or a converter result is the same page: index only the plain address.
    noindex: location.search !== "",
  });
};

function monthOf(asOf: string, lang: string): string {
  const [y, m] = asOf.split("-").map(Number);
  if (!y || !m) return asOf;
  return dateTimeFormat(lang, { month: "long", year: "numeric", timeZone: "UTC" }).format(Date.UTC(y, m - 1));
}

export default function WikiArticlePage() {
  const data = useLoaderData<typeof loader>();
  const { coin, html, chart, converter, related, currency, origin, lang } = data;
  const { t } = useTranslation("wiki");
  const localize = useLocalize();
  const asOf = monthOf(coin.supplyAsOf, lang);
  const faq = faqEntries(t, coin, asOf);
  const abs = (path: string) => origin + localize(path);
  const sameLanguage = lang.split("-")[0] === coin.lang.split("-")[0];
  const structured = jsonLd([
    financialProduct({
      name: coin.name,
      coin: coin.coin,
      url: abs(`/wiki/${coin.article}`),
      description: coin.summary,
      image: `${origin}/wiki/${coin.article}/card.svg`,
      price: coin.figures.priceRaw,
      currency,
    }),
    breadcrumbList([
      { name: t("article.home"), url: abs("/") },
      { name: t("index.title"), url: abs("/wiki") },
      { name: coin.name, url: abs(`/wiki/${coin.article}`) },
    ]),
    faqPage(faq),
  ]);
  return (
    <div className="wiki article" data-live-root>
      <nav aria-label={t("article.breadcrumb")} className="breadcrumb">
        <ol>
          <li>
            <LocaleLink to="/">{t("article.home")}</LocaleLink>
          </li>
          <li>
            <LocaleLink to="/wiki">{t("index.title")}</LocaleLink>
          </li>
          <li aria-current="page">{coin.name}</li>
        </ol>
      </nav>
      <CoinDetailsHeader coin={coin} currency={currency} marketsUp={data.marketsUp} />
      {coin.symbol ? (
        <p>
          <LocaleLink to={spotPath(coin.symbol)} className="button primary" data-testid="trade-link">
            {t("article.trade", { coin: coin.coin })}
          </LocaleLink>
        </p>
      ) : (
        <p className="muted">{t("market.noMarket", { coin: coin.coin })}</p>
      )}

      <section aria-labelledby="stats-title" className="card">
        <h2 id="stats-title">{t("article.statsTitle")}</h2>
        <KeyStats coin={coin} asOf={asOf} />
        <p className="muted small">{t("list.capNote")}</p>
      </section>

      {chart ? (
        <PriceChart
          path={localize(`/wiki/${coin.article}`)}
          name={coin.name}
          chart={chart.view}
          range={chart.range}
          ranges={data.ranges}
          currency={currency}
        />
      ) : null}

      {converter ? <Converter coin={coin.coin} state={converter} /> : null}

      <section aria-labelledby="about-title">
        <h2 id="about-title">{t("article.aboutTitle", { name: coin.name })}</h2>
        {!sameLanguage && <p className="muted">{t("article.englishOnly")}</p>}
        <article lang={coin.lang} className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />
      </section>

      <CoinFaq entries={faq} />
      <RelatedCoins coins={related} />
      <JsonLd text={structured} />
      <IssuerCertForLogout />
      <StandaloneScripts bundles={data.bundles} />
    </div>
  );
}
