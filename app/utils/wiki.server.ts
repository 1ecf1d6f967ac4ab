import type { AppLoadContext } from "@remix-run/node";
import { V2 } from "../../protocol/bitget";
import { PATHS } from "../../protocol/paths";
import { WIKI_PATHS, type WikiArticle, type WikiEntry } from "../../protocol/wiki";
import { imageHostOf } from "~/lib/http/image-domains";
import { localizePath, splitLocalePath } from "~/lib/i18n/locale-path";
import { readImgConfig } from "~/lib/images/image-hosts";
import { checkImageSource } from "~/lib/links/link-policy";
import type { RatesState } from "~/lib/prefs/rates";
import { chartPaths } from "~/lib/wiki/chart-geometry";
import { numberFormat } from "~/lib/i18n/formatters";
import { convert, formatFiat, formatFiatCompact, plainAmount, usdtToFiat, type ConvertFrom } from "~/lib/wiki/fiat";
import { pageOf, parseListQuery, searchList, sortList, type ListQuery, type Paged } from "~/lib/wiki/list-query";
import {
  chartView,
  formatChange,
  formatPrice,
  parseCandles,
  trendOf,
  type ChartView,
  type Ticker,
  type Trend,
} from "~/lib/wiki/market-view";
import type { TdkText } from "~/lib/wiki/page-head";
import { CHART_RANGES, parseRange, SPARK, WIKI_CURRENCIES, type ChartRangeKey } from "~/lib/wiki/ranges";
import { createHash } from "node:crypto";
import { callGateway, type GatewayResult } from "./gateway.server";
import { prefsFromRequest, type RequestPrefs } from "./prefs.server";
import { ratesForPage } from "./rates.server";
import { sanitizeRichText } from "./rich-text.server";
import { cacheKey, TtlCache } from "./ttl-cache.server";
import { WIKI_CSS } from "./page-css.server";

export type TdkPageCode = "wiki" | "wiki-page" | "wiki-article";

type Ctx = Pick<AppLoadContext, "gatewayUrl" | "gatewayForward" | "linkPolicy" | "publicOrigin" | "standalone">;

function unavailable(): Response {
  return new Response(null, { status: 503, statusText: "Service Unavailable" });
}

export function notFound(): Response {
  return new Response(null, { status: 404, statusText: "Not Found" });
}

/*
 * Public answers the wiki renders from, kept a short while in this process (docs/decisions/606):
 * the same for every visitor, keyed by everything the gateway reads from the call, and never a
 * failure. Live prices stay live in the browser: wiki-live asks for the page again every 20 s.
 */
const SECOND = 1_000;
export const WIKI_CACHES = {
  /** The coin list and its facts (content): a minute, per locale. */
  list: new TtlCache<GatewayResult<{ list: WikiEntry[] }>>({ ttlMs: 60 * SECOND, maxEntries: 64 }),
  /** Every market's ticker: two seconds, one entry. */
  tickers: new TtlCache<GatewayResult<Ticker[]>>({ ttlMs: 2 * SECOND, maxEntries: 1 }),
  /** Image hosts of the domain configuration: a minute, per locale. */
  domains: new TtlCache<GatewayResult<unknown>>({ ttlMs: 60 * SECOND, maxEntries: 64 }),
  /** Title, description and keywords: a minute, per locale, page and parameters. */
  tdk: new TtlCache<GatewayResult<{ list: TdkText[] }>>({ ttlMs: 60 * SECOND, maxEntries: 256 }),
  /** An article's body as the gateway wrote it: a minute, per article and locale. */
  article: new TtlCache<GatewayResult<WikiArticle>>({ ttlMs: 60 * SECOND, maxEntries: 512 }),
  /** Candles of a chart range: ten seconds, per symbol, granularity and count. */
  candles: new TtlCache<GatewayResult<unknown>>({ ttlMs: 10 * SECOND, maxEntries: 256 }),
  /** The sparkline's week: a minute, per symbol. */
  sparks: new TtlCache<number[] | undefined>({ ttlMs: 60 * SECOND, maxEntries: 256 }),
  /** Sanitised article HTML, per exact input (its digest), locale prefix and image hosts: the same input gives the same output, so ten minutes. */
  richText: new TtlCache<string>({ ttlMs: 600 * SECOND, maxEntries: 512 }),
};

const isOk = (r: GatewayResult<unknown>) => r.ok;

async function imageHosts(context: Ctx, request: Request, locale: string): Promise<string[]> {
  const res = await WIKI_CACHES.domains.get(
    cacheKey(locale),
    () => callGateway<unknown>(context, request, PATHS.domainConfigList, { method: "GET", locale }),
    isOk,
  );
  const config = readImgConfig(res.ok ? res.data : null);
  return [...config.foreignDomainList, ...config.internalDomainList].map(imageHostOf).filter(Boolean);
}

async function tdkFor(
  context: Ctx,
  request: Request,
  locale: string,
  page: TdkPageCode,
  params: Record<string, string> = {},
): Promise<TdkText | null> {
  const res = await WIKI_CACHES.tdk.get(
    cacheKey(locale, page, JSON.stringify(Object.entries(params).sort())),
    () => callGateway<{ list: TdkText[] }>(context, request, PATHS.tdkQueryList, { body: { locale, pageCodes: [page], params }, locale }),
    isOk,
  );
  return res.ok ? (res.data.list[0] ?? null) : null;
}

/** The currency figures are shown in: the visitor's preference at the gateway's rate, else USDT itself. */
export interface Money {
  /** An ISO currency code, or "USDT" when no fiat rate is known. */
  currency: string;
  /** Fiat per USDT ("1" for USDT). */
  rate: string;
  /** A USDT amount as a price in the currency. */
  price(usdt: string): string;
  /** A USDT amount, compact. */
  compact(usdt: string): string;
  /** A USDT amount in the currency, as plain decimal text (for structured data). */
  raw(usdt: string): string | undefined;
}

function moneyOf(currency: string, rates: RatesState, lang: string): Money {
  const rate = rates.rates[currency];
  if (rate && /[1-9]/.test(rate) && /^[A-Z]{3}$/.test(currency)) {
    const raw = (usdt: string) => usdtToFiat(usdt, rate);
    return {
      currency,
      rate,
      raw,
      price: (usdt) => formatFiat(raw(usdt) ?? usdt, currency, lang),
      compact: (usdt) => formatFiatCompact(raw(usdt) ?? usdt, currency, lang),
    };
  }
  return {
    currency: "USDT",
    rate: "1",
    raw: (usdt) => usdt,
    price: (usdt) => `${formatPrice(usdt, lang)} USDT`,
    compact: (usdt) => `${numberFormat(lang, { notation: "compact", maximumFractionDigits: 2 }).format(Number(usdt))} USDT`,
  };
}

/** A figure of a coin's market in the visitor's currency; null where it is unknown (shown as "—"). */
export interface CoinFigures {
  price: string | null;
  change: string | null;
  trend: Trend;
  high: string | null;
  low: string | null;
  volume: string | null;
  cap: string | null;
  /** The price as plain decimal text in the currency, for structured data. */
  priceRaw: string | null;
  /** The USDT price, for the converter and live updates. */
  priceUsdt: string | null;
}

/** One coin as a page shows it. */
export interface CoinRow extends Omit<WikiEntry, "icon" | "supply" | "related"> {
  icon: string | null;
  figures: CoinFigures;
  circulating: string | null;
  maxSupply: string | null;
  supplyAsOf: string;
  related: string[];
  /** The list's 7-day line, drawn in a 120×32 box, and its direction. */
  spark: { line: string; trend: Trend; first: string; last: string } | null;
  sortValues: Partial<Record<"cap" | "price" | "change" | "volume", number>>;
}

const DECIMAL = /^\d+(\.\d+)?$/;

function figuresOf(entry: WikiEntry, ticker: Ticker | undefined, money: Money, lang: string): CoinFigures {
  // USDT is the unit every market is quoted in: its price is 1 USDT, and it has no market of its own.
  const priceUsdt = entry.symbol === null ? "1" : ticker && DECIMAL.test(ticker.lastPr) ? ticker.lastPr : null;
  const circulating = DECIMAL.test(entry.supply.circulating) ? entry.supply.circulating : null;
  const capUsdt = priceUsdt && circulating ? usdtToFiat(priceUsdt, circulating) : undefined;
  return {
    price: priceUsdt ? money.price(priceUsdt) : null,
    priceRaw: priceUsdt ? (money.raw(priceUsdt) ?? null) : null,
    priceUsdt,
    change: ticker ? formatChange(ticker.change24h, lang) : null,
    trend: ticker ? trendOf(ticker.change24h) : "flat",
    high: ticker ? money.price(ticker.high24h) : null,
    low: ticker ? money.price(ticker.low24h) : null,
    volume: ticker ? money.compact(ticker.quoteVolume) : null,
    cap: capUsdt ? money.compact(capUsdt) : null,
  };
}

function num(v: string | undefined | null): number | undefined {
  return v && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : undefined;
}

function rowOf(
  entry: WikiEntry,
  ticker: Ticker | undefined,
  money: Money,
  lang: string,
  icon: string | null,
  closes: number[] | undefined,
): CoinRow {
  const figures = figuresOf(entry, ticker, money, lang);
  const capUsdt = figures.priceUsdt ? usdtToFiat(figures.priceUsdt, entry.supply.circulating) : undefined;
  let spark: CoinRow["spark"] = null;
  if (closes && closes.length >= 2) {
    const low = Math.min(...closes);
    const high = Math.max(...closes);
    const first = closes[0] as number;
    const last = closes[closes.length - 1] as number;
    spark = {
      line: chartPaths(closes, low, high, { width: 120, height: 32, pad: 2 }).line,
      trend: last > first ? "up" : last < first ? "down" : "flat",
      first: money.price(String(first)),
      last: money.price(String(last)),
    };
  }
  const { icon: _icon, supply, related, ...rest } = entry;
  return {
    ...rest,
    icon,
    figures,
    circulating: DECIMAL.test(supply.circulating) ? numberFormat(lang).format(supply.circulating as `${number}`) : null,
    maxSupply: supply.max && DECIMAL.test(supply.max) ? numberFormat(lang).format(supply.max as `${number}`) : null,
    supplyAsOf: supply.asOf,
    related,
    spark,
    sortValues: {
      cap: num(capUsdt),
      price: num(figures.priceUsdt),
      change: ticker ? num(ticker.change24h) : undefined,
      volume: ticker ? num(ticker.quoteVolume) : undefined,
    },
  };
}

/** Sparkline closes per symbol: the list asks for every coin's week on each render. */
function sparkCloses(context: Ctx, request: Request, symbol: string): Promise<number[] | undefined> {
  return WIKI_CACHES.sparks.get(
    cacheKey(symbol),
    async () => {
      const res = await candles(context, request, symbol, SPARK.granularity, SPARK.limit);
      return res.ok ? parseCandles(res.data).map((c) => Number(c.close)) : undefined;
    },
    (closes) => closes !== undefined,
  );
}

function candles(context: Ctx, request: Request, symbol: string, granularity: string, limit: number) {
  return WIKI_CACHES.candles.get(
    cacheKey(symbol, granularity, limit),
    () =>
      callGateway<unknown>(
        context,
        request,
        `${V2.candles}?symbol=${encodeURIComponent(symbol)}&granularity=${granularity}&limit=${limit}`,
        { method: "GET" },
      ),
    isOk,
  );
}

/** Everything both wiki pages read first: the visitor's prefs, the coins, prices, rates and image hosts. */
async function basics(context: Ctx, request: Request, withSparks: boolean) {
  const prefs = prefsFromRequest(request);
  const locale = prefs.language;
  const lang = prefs.locale.intl;
  const [list, tickers, hosts, rates] = await Promise.all([
    WIKI_CACHES.list.get(
      cacheKey(locale),
      () => callGateway<{ list: WikiEntry[] }>(context, request, WIKI_PATHS.list, { body: { locale }, locale }),
      isOk,
    ),
    WIKI_CACHES.tickers.get(cacheKey(), () => callGateway<Ticker[]>(context, request, V2.tickers, { method: "GET", locale }), isOk),
    imageHosts(context, request, locale),
    ratesForPage(context, request),
  ]);
  if (!list.ok) throw unavailable();
  const bySymbol = new Map((tickers.ok ? tickers.data : []).map((t) => [t.symbol, t]));
  const sparks = withSparks
    ? new Map(
        await Promise.all(
          list.data.list.filter((e) => e.symbol).map(async (e) => [e.symbol, await sparkCloses(context, request, e.symbol!)] as const),
        ),
      )
    : new Map<string | null, number[] | undefined>();
  const money = moneyOf(prefs.currency, rates, lang);
  const iconOf = (e: WikiEntry) => {
    const checked = checkImageSource(e.icon, context.linkPolicy, hosts);
    return checked.allowed ? checked.href : null;
  };
  /** A coin's row, figures formatted for this visitor: the list makes every row, an article only the few it shows. */
  const rowFor = (e: WikiEntry) =>
    rowOf(e, e.symbol ? bySymbol.get(e.symbol) : undefined, money, lang, iconOf(e), e.symbol ? sparks.get(e.symbol) : undefined);
  return { prefs, locale, lang, entries: list.data.list, rowFor, money, rates, hosts, marketsUp: tickers.ok };
}

/** The standalone bundles of a wiki page (docs/decisions/019): tracking, the link guard, the header's preferences, image hosts and live prices. */
function bundles(context: Ctx, extra: readonly string[] = []) {
  return ["page-tracking", "wiki-links", "wiki-prefs", "wiki-images", "wiki-live", ...extra].map((name) => context.standalone(name));
}

export interface WikiListData {
  rows: CoinRow[];
  paged: Omit<Paged<CoinRow>, "rows">;
  query: ListQuery;
  currency: string;
  marketsUp: boolean;
  tdk: TdkText | null;
  origin: string;
  lang: string;
  bundles: ReturnType<typeof bundles>;
  /** The page's stylesheet, written in its head (docs/decisions/606). */
  css: string;
}

/** `/wiki` and `/wiki/page/{n}`: the coins matching the search, sorted, one page of them. A page past the last is a 404. */
export async function loadWikiList(context: Ctx, request: Request, page: number): Promise<WikiListData> {
  const query = parseListQuery(new URL(request.url).searchParams);
  const { entries, rowFor, money, locale, lang, marketsUp } = await basics(context, request, true);
  const rows = entries.map(rowFor);
  // Rank is by market cap whatever the shown order, as price lists number their rows.
  const ranked = sortList(rows, "cap", "desc");
  const found = sortList(searchList(ranked, query.q), query.sort, query.dir);
  const paged = pageOf(found, page);
  if (!paged) throw notFound();
  const tdk = await tdkFor(context, request, locale, page === 1 ? "wiki" : "wiki-page");
  const { rows: shown, ...info } = paged;
  return {
    rows: shown,
    paged: info,
    query,
    currency: money.currency,
    marketsUp,
    tdk,
    origin: context.publicOrigin,
    lang,
    bundles: bundles(context),
    css: WIKI_CSS,
  };
}

/** The article chart for a range, in the visitor's currency. */
async function chartFor(context: Ctx, request: Request, symbol: string, rangeKey: string | null, money: Money, lang: string) {
  const range = parseRange(rangeKey);
  const res = await candles(context, request, symbol, range.granularity, range.limit);
  const view: ChartView | null = res.ok
    ? chartView(parseCandles(res.data), lang, { price: money.price, time: range.time, scale: Number(money.rate) })
    : null;
  return { range: range.key as ChartRangeKey, view };
}

export interface ConverterState {
  coinAmount: string;
  fiatAmount: string;
  fiat: string;
  /** Fiat per USDT, for each offered currency. */
  rates: Record<string, string>;
  priceUsdt: string;
  /** The submitted amount could not be read. */
  invalid: boolean;
}

/** The converter's state: the visitor's currency first, the wiki's ten after it; a GET form's amounts computed here. */
function converterOf(url: URL, priceUsdt: string | null, rates: RatesState, money: Money): ConverterState | null {
  if (!priceUsdt) return null;
  const offered: Record<string, string> = {};
  for (const code of [money.currency, ...WIKI_CURRENCIES]) {
    const rate = rates.rates[code];
    if (rate && /[1-9]/.test(rate) && /^[A-Z]{3}$/.test(code)) offered[code] = rate;
  }
  if (Object.keys(offered).length === 0) return null;
  const askedFiat = url.searchParams.get("fiat") ?? "";
  const fiat = Object.hasOwn(offered, askedFiat) ? askedFiat : (Object.keys(offered)[0] as string);
  const rate = offered[fiat] as string;
  const coinIn = (url.searchParams.get("coinAmount") ?? "").trim().slice(0, 40);
  const fiatIn = (url.searchParams.get("fiatAmount") ?? "").trim().slice(0, 40);
  // The button pressed decides the direction, else the one field filled; an untouched form shows one coin.
  const asked = url.searchParams.get("from");
  const from: ConvertFrom = asked === "fiat" || asked === "coin" ? asked : coinIn === "" && fiatIn !== "" ? "fiat" : "coin";
  const amount = from === "coin" ? coinIn || "1" : fiatIn;
  const result = convert(amount, from, priceUsdt, rate);
  return {
    coinAmount: from === "coin" ? amount : (result ?? ""),
    fiatAmount: from === "fiat" ? amount : result ? plainAmount(result, 2) : "",
    fiat,
    rates: offered,
    priceUsdt,
    invalid: result === undefined,
  };
}

/** An article body's sanitised HTML, made once per exact body, locale prefix (its links) and image hosts. */
function sanitizedBody(raw: string, localePrefix: string | null, hosts: readonly string[], sanitize: () => string): Promise<string> {
  const digest = createHash("sha256").update(raw).digest("base64url");
  return WIKI_CACHES.richText.get(cacheKey(digest, localePrefix, hosts.join(" ")), async () => sanitize());
}

/** `/wiki/{article}`: the coin, its sanitised article, market, chart for the asked range, converter and related coins. */
export async function loadWikiArticle(context: Ctx, request: Request, id: string) {
  const url = new URL(request.url);
  const { prefs, locale, lang, entries, rowFor, money, rates, hosts, marketsUp } = await basics(context, request, false);
  const [res, tdk] = await Promise.all([
    WIKI_CACHES.article.get(
      cacheKey(id, locale),
      () => callGateway<WikiArticle>(context, request, WIKI_PATHS.article, { body: { article: id, locale }, locale }),
      isOk,
    ),
    tdkFor(context, request, locale, "wiki-article", {}),
  ]);
  if (!res.ok && res.status === 404) throw notFound();
  if (!res.ok) throw unavailable();
  const entry = entries.find((e) => e.article === id);
  if (!entry) throw notFound();
  const coin = rowFor(entry);
  const chart = coin.symbol ? await chartFor(context, request, coin.symbol, url.searchParams.get("range"), money, lang) : null;
  const localize = (path: string) => (splitLocalePath(path).prefix ? path : localizePath(path, prefs.localePrefix));
  const related = coin.related.flatMap((r) => {
    const other = entries.find((e) => e.article === r);
    return other ? [rowFor(other)] : [];
  });
  const fill = (text: string) => text.replaceAll("{name}", coin.name).replaceAll("{coin}", coin.coin);
  return {
    coin: { ...coin, lang: res.data.lang, summary: res.data.summary },
    html: await sanitizedBody(res.data.html, prefs.localePrefix, hosts, () =>
      sanitizeRichText(res.data.html, { policy: context.linkPolicy, imageHosts: hosts, localize }),
    ),
    chart,
    ranges: CHART_RANGES.map((r) => r.key),
    converter: converterOf(url, coin.figures.priceUsdt, rates, money),
    related,
    currency: money.currency,
    marketsUp,
    tdk: tdk && { title: fill(tdk.title), description: fill(tdk.description), keywords: fill(tdk.keywords) },
    origin: context.publicOrigin,
    lang,
    bundles: bundles(context, ["wiki-chart", "wiki-converter"]),
    css: WIKI_CSS,
  };
}

export type { RequestPrefs };
