import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { V2 } from "../../protocol/bitget";
import { PATHS } from "../../protocol/paths";
import { WIKI_PATHS, type WikiArticle, type WikiEntry } from "../../protocol/wiki";
import { imageHostOf } from "~/lib/http/image-domains";
import { localizePath, splitLocalePath } from "~/lib/i18n/locale-path";
import { readImgConfig } from "~/lib/images/image-hosts";
import { checkImageSource } from "~/lib/links/link-policy";
import type { TdkText } from "~/lib/wiki/page-head";
import { chartView, marketView, parseCandles, type ChartView, type CoinView, type Ticker } from "~/lib/wiki/market-view";
import { callGateway } from "./gateway.server";
import { prefsFromRequest } from "./prefs.server";
import { sanitizeRichText } from "./rich-text.server";

/** The chart: the last 7 days in hourly candles. */
export const CHART_GRANULARITY = "1h";
export const CHART_CANDLES = 168;

export type TdkPageCode = "wiki" | "wiki-page" | "wiki-article";
export type Tdk = TdkText;

type Ctx = Pick<AppLoadContext, "gatewayUrl" | "gatewayForward" | "linkPolicy">;

function unavailable(): Response {
  return new Response(null, { status: 503, statusText: "Service Unavailable" });
}

async function imageHosts(context: Ctx, request: Request, locale: string): Promise<string[]> {
  const res = await callGateway<unknown>(context, request, PATHS.domainConfigList, { method: "GET", locale });
  const config = readImgConfig(res.ok ? res.data : null);
  return [...config.foreignDomainList, ...config.internalDomainList].map(imageHostOf).filter(Boolean);
}

async function tdkFor(
  context: Ctx,
  request: Request,
  locale: string,
  page: TdkPageCode,
  params: Record<string, string> = {},
): Promise<Tdk | null> {
  const res = await callGateway<{ list: Tdk[] }>(context, request, PATHS.tdkQueryList, {
    body: { locale, pageCodes: [page], params },
    locale,
  });
  return res.ok ? (res.data.list[0] ?? null) : null;
}

function coinView(entry: WikiEntry, ticker: Ticker | undefined, context: Ctx, hosts: string[], lang: string): CoinView {
  const icon = checkImageSource(entry.icon, context.linkPolicy, hosts);
  return { ...entry, icon: icon.allowed ? icon.href : null, market: ticker ? marketView(ticker, lang) : null };
}

/** /wiki and /wiki/page: every coin with its market, and the page's SEO texts. */
export async function loadWikiList(context: Ctx, request: Request, page: TdkPageCode) {
  const prefs = prefsFromRequest(request);
  const locale = prefs.language;
  const [list, tickers, hosts, tdk] = await Promise.all([
    callGateway<{ list: WikiEntry[] }>(context, request, WIKI_PATHS.list, { body: { locale }, locale }),
    callGateway<Ticker[]>(context, request, V2.tickers, { method: "GET", locale }),
    imageHosts(context, request, locale),
    tdkFor(context, request, locale, page),
  ]);
  if (!list.ok) throw unavailable();
  const bySymbol = new Map((tickers.ok ? tickers.data : []).map((t) => [t.symbol, t]));
  return {
    coins: list.data.list.map((e) => coinView(e, e.symbol ? bySymbol.get(e.symbol) : undefined, context, hosts, prefs.locale.intl)),
    marketsUp: tickers.ok,
    tdk,
  };
}

/** The loader of a coin list page, which differs only in the page code its TDK texts are kept under. */
export function wikiListLoader(page: TdkPageCode) {
  return ({ request, context }: LoaderFunctionArgs) => loadWikiList(context, request, page);
}

/** /wiki/{article}: the coin, its sanitised article, its market and chart. An unknown article is a 404. */
export async function loadWikiArticle(context: Ctx, request: Request, id: string) {
  const prefs = prefsFromRequest(request);
  const locale = prefs.language;
  const lang = prefs.locale.intl;
  const [res, hosts] = await Promise.all([
    callGateway<WikiArticle>(context, request, WIKI_PATHS.article, { body: { article: id, locale }, locale }),
    imageHosts(context, request, locale),
  ]);
  if (!res.ok && res.status === 404) throw new Response(null, { status: 404, statusText: "Not Found" });
  if (!res.ok) throw unavailable();
  const { html, ...entry } = res.data;
  const symbol = entry.symbol ? encodeURIComponent(entry.symbol) : null;
  const [ticker, candles, tdk] = await Promise.all([
    symbol ? callGateway<Ticker[]>(context, request, `${V2.tickers}?symbol=${symbol}`, { method: "GET", locale }) : null,
    symbol
      ? callGateway<unknown>(context, request, `${V2.candles}?symbol=${symbol}&granularity=${CHART_GRANULARITY}&limit=${CHART_CANDLES}`, {
          method: "GET",
          locale,
        })
      : null,
    tdkFor(context, request, locale, "wiki-article", { name: entry.name, coin: entry.coin }),
  ]);
  const localize = (path: string) => (splitLocalePath(path).prefix ? path : localizePath(path, prefs.localePrefix));
  const chart: ChartView | null = candles?.ok ? chartView(parseCandles(candles.data), lang) : null;
  return {
    coin: coinView(entry, ticker?.ok ? ticker.data[0] : undefined, context, hosts, lang),
    html: sanitizeRichText(html, { policy: context.linkPolicy, imageHosts: hosts, localize }),
    chart,
    tdk,
  };
}
