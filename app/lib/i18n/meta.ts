import type { MetaDescriptor, MetaFunction } from "@remix-run/node";
import { DEFAULT_LOCALE } from "../../../protocol/locales";

type Resources = Record<string, Record<string, unknown>>;
interface RootMatch {
  id: string;
  data?: unknown;
}

export const BRAND = "Mix Exchange";

function lookup(tree: unknown, path: string[]): string | undefined {
  let node = tree;
  for (const part of path) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** The server's own texts by locale (resources.server.ts), for pages the root sends none to. */
let serverTexts: ((locale: string) => Record<string, Resources>) | undefined;

/**
 * Called once by the server's resources module: a page that does not hydrate gets no texts from the
 * root loader (no browser i18n reads them, docs/decisions/607), so its `meta` reads the server's.
 */
export function provideServerTexts(texts: (locale: string) => Record<string, Resources>): void {
  serverTexts = texts;
}

/**
 * Translates a key for a route's `meta` (which runs outside React) from the resources the root
 * loader sent, or the server's when it sent none: the page's locale first, English as the fallback,
 * the key itself last.
 */
export function metaT(matches: readonly RootMatch[], key: string, ns = "common"): string {
  const root = matches.find((m) => m.id === "root")?.data as { locale?: string; resources?: Record<string, Resources> } | undefined;
  const path = key.split(".");
  const locale = root?.locale ?? DEFAULT_LOCALE;
  const sent = root?.resources;
  const resources = sent && Object.keys(sent).length > 0 ? sent : (serverTexts?.(locale) ?? {});
  return lookup(resources[locale]?.[ns], path) ?? lookup(resources[DEFAULT_LOCALE]?.[ns], path) ?? key;
}

/** The title and robots rule of a private page (account, settings): translated, never indexed. */
export function privatePageMeta(matches: readonly RootMatch[], key: string, ns = "common"): MetaDescriptor[] {
  return [{ title: `${metaT(matches, key, ns)} | ${BRAND}` }, { name: "robots", content: "noindex" }];
}

/** A private page's `meta` export: `export const meta = privateMeta("api.title")`. */
export function privateMeta(key: string, ns = "common"): MetaFunction {
  return ({ matches }) => privatePageMeta(matches, key, ns);
}

/**
 * A market page's title (its last price first, when known) and description: the trade texts
 * `<prefix>meta.title` and `<prefix>meta.description` with the symbol filled in (spot, futures, margin).
 */
export function marketPageMeta(
  matches: readonly RootMatch[],
  prefix: "" | "futures." | "margin.",
  symbol: string,
  last: string | undefined,
): MetaDescriptor[] {
  const text = (key: "title" | "description") => metaT(matches, `${prefix}meta.${key}`, "trade").replace("{{symbol}}", symbol);
  return [{ title: `${last ? `${last} | ` : ""}${text("title")} | ${BRAND}` }, { name: "description", content: text("description") }];
}

/** The meta of a spot or margin pair's page from its loader's data: the last price is the pair's own ticker's. */
export function pairPageMeta(
  matches: readonly RootMatch[],
  prefix: "" | "margin.",
  data: { symbol: { symbol: string }; tickers: ReadonlyArray<{ symbol: string; lastPr: string }> } | undefined,
): MetaDescriptor[] {
  if (!data) return [{ title: BRAND }];
  const symbol = data.symbol.symbol;
  return marketPageMeta(matches, prefix, symbol, data.tickers.find((t) => t.symbol === symbol)?.lastPr);
}
