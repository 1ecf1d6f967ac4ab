/**
 * The price wiki's gateway calls (this project's; the pages are in docs/product.md §6).
 * Both are POST with a JSON body, like the other `/v1/mix/public/` content calls.
 */
export const WIKI_PATHS = {
  /** `{locale?}` → `{list: WikiEntry[]}`: every coin the exchange lists. */
  list: "/v1/mix/public/wiki/list",
  /** `{article, locale?}` → `WikiArticle`; an unknown article is a 404 envelope (40404). */
  article: "/v1/mix/public/wiki/article",
} as const;

/** An article id as it appears in `/wiki/{article}`: lowercase words joined by hyphens. */
export const WIKI_ARTICLE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const WIKI_ARTICLE_ID_MAX = 64;

export interface WikiEntry {
  /** The article id (`bitcoin`). */
  article: string;
  /** The coin's ticker (`BTC`). */
  coin: string;
  /** The coin's name (`Bitcoin`). */
  name: string;
  /** Its spot market against USDT (`BTCUSDT`), or null for a coin with none (USDT itself). */
  symbol: string | null;
  /** Its icon: on the first image host when image hosts are configured, else a site path. */
  icon: string;
  /** One sentence for lists and descriptions, plain text. */
  summary: string;
  /** The BCP 47 language the text is written in. */
  lang: string;
  /** Supply in whole coins (public network data as of `asOf`, a year-month); `max` null where uncapped. */
  supply: { circulating: string; max: string | null; asOf: string };
  /** Related article ids, closest first. */
  related: string[];
}

export interface WikiArticle extends WikiEntry {
  /** The article body: HTML the web client must sanitise before rendering. */
  html: string;
}
