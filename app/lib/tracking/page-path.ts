import { findLocale } from "../../../protocol/locales";

export interface PagePath {
  /** The locale key when the first path segment is one (docs/product.md), else undefined. */
  locale: string | undefined;
  /** The path without that prefix and without a trailing slash; `/` at least. */
  path: string;
}

/** Splits an optional locale prefix off a pathname: `/ja/wiki/btc` → `ja` and `/wiki/btc`. */
export function splitLocale(pathname: string): PagePath {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname || "/";
  const match = /^\/([^/]+)(\/.*)?$/.exec(clean);
  const first = match?.[1];
  const locale = first ? findLocale(first) : undefined;
  if (!locale) return { locale: undefined, path: clean };
  return { locale: locale.key, path: match?.[2] ?? "/" };
}
