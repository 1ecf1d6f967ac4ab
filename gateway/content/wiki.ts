import type { WikiArticle, WikiEntry } from "../../protocol/wiki.ts";
import { INSTRUMENTS, QUOTE_COIN } from "../exchange/instruments.ts";
import { PAYMENT_COINS } from "./wiki-payment-coins.ts";
import { PLATFORM_COINS } from "./wiki-platform-coins.ts";
import { TOKEN_COINS } from "./wiki-token-coins.ts";
import { WIKI_SOURCE_LANG, type WikiSource } from "./wiki-source.ts";
import { SUPPLY_AS_OF, WIKI_FACTS } from "./wiki-facts.ts";
import { WIKI_TRANSLATIONS, type WikiTranslation } from "./wiki-translations.ts";
import { findLocale } from "../../protocol/locales.ts";

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

/** The article's translation for a locale key (`de`, `ja`; other casings too), if one was written. */
function translationOf(article: string, locale: string | undefined): WikiTranslation | undefined {
  const key = findLocale(locale)?.key;
  return key ? WIKI_TRANSLATIONS[article]?.[key] : undefined;
}

function entryOf(source: WikiSource, iconOrigin: string, locale: string | undefined): WikiEntry & { html: string } {
  const facts = WIKI_FACTS[source.coin];
  const own = translationOf(source.article, locale);
  return {
    article: source.article,
    coin: source.coin,
    name: source.name,
    symbol: SYMBOL_OF.get(source.coin) ?? null,
    icon: `${iconOrigin}/coins/${source.coin.toLowerCase()}.svg`,
    summary: own?.summary ?? source.summary,
    lang: own?.lang ?? WIKI_SOURCE_LANG,
    supply: { circulating: facts?.circulating ?? "", max: facts?.max ?? null, asOf: SUPPLY_AS_OF },
    related: [...(facts?.related ?? [])],
    html: own?.html ?? source.html,
  };
}

/** Every coin's entry; summaries in `locale` where translated, else English (`lang` says which). */
export function wikiList(iconOrigin: string, locale?: string): WikiEntry[] {
  return WIKI_SOURCES.map((s) => {
    const { html: _html, ...entry } = entryOf(s, iconOrigin, locale);
    return entry;
  });
}

/** One article: its body in `locale` where translated (docs/decisions/603), else English. */
export function wikiArticle(article: string, iconOrigin: string, locale?: string): WikiArticle | undefined {
  const source = BY_ARTICLE.get(article);
  return source && entryOf(source, iconOrigin, locale);
}
