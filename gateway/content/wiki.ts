import type { WikiArticle, WikiEntry } from "../../protocol/wiki.ts";
import { INSTRUMENTS, QUOTE_COIN } from "../exchange/instruments.ts";
import { PAYMENT_COINS } from "./wiki-payment-coins.ts";
import { PLATFORM_COINS } from "./wiki-platform-coins.ts";
import { TOKEN_COINS } from "./wiki-token-coins.ts";
import { WIKI_SOURCE_LANG, type WikiSource } from "./wiki-source.ts";

/** Every shipped article, in the order the exchange lists its coins (the quote coin last). */
const ORDER = [...INSTRUMENTS.map((i) => i.baseCoin), QUOTE_COIN];
export const WIKI_SOURCES: readonly WikiSource[] = [...PAYMENT_COINS, ...PLATFORM_COINS, ...TOKEN_COINS].sort(
  (a, b) => ORDER.indexOf(a.coin) - ORDER.indexOf(b.coin),
);

const BY_ARTICLE = new Map(WIKI_SOURCES.map((s) => [s.article, s]));
const SYMBOL_OF = new Map(INSTRUMENTS.map((i) => [i.baseCoin, i.symbol]));

/** The origin images are served from: the first configured image host (a bare host means https), else this site. */
export function iconBase(imageHosts: { foreign: readonly string[]; internal: readonly string[] }): string {
  const first = imageHosts.foreign[0] ?? imageHosts.internal[0];
  if (!first) return "";
  return first.includes("://") ? new URL(first).origin : `https://${first}`;
}

function entryOf(source: WikiSource, iconOrigin: string): WikiEntry {
  return {
    article: source.article,
    coin: source.coin,
    name: source.name,
    symbol: SYMBOL_OF.get(source.coin) ?? null,
    icon: `${iconOrigin}/coins/${source.coin.toLowerCase()}.svg`,
    summary: source.summary,
    lang: WIKI_SOURCE_LANG,
  };
}

export function wikiList(iconOrigin: string): WikiEntry[] {
  return WIKI_SOURCES.map((s) => entryOf(s, iconOrigin));
}

export function wikiArticle(article: string, iconOrigin: string): WikiArticle | undefined {
  const source = BY_ARTICLE.get(article);
  return source && { ...entryOf(source, iconOrigin), html: source.html };
}
