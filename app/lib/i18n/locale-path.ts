import { findLocale } from "../../../protocol/locales";

/**
 * A locale key may be the first path segment (docs/product.md); it is kept on every generated path.
 * These helpers are pure so the server, the router and links agree on what a prefix is.
 */
export interface SplitPath {
  /** The canonical locale key of the prefix (`zh-CN` for `/zh-cn/...`), or null. */
  prefix: string | null;
  /** The path without the prefix, always starting with `/`. */
  rest: string;
}

export function splitLocalePath(pathname: string): SplitPath {
  const m = /^\/([^/?#]+)(.*)$/.exec(pathname);
  const locale = m ? findLocale(m[1]) : undefined;
  if (!m || !locale) return { prefix: null, rest: pathname || "/" };
  const rest = m[2] ?? "";
  return { prefix: locale.key, rest: rest.startsWith("/") ? rest : `/${rest}` };
}

/** Puts `prefix` in front of an app-absolute path; other targets (relative, external, #) pass through. */
export function localizePath(to: string, prefix: string | null): string {
  if (!prefix || !to.startsWith("/") || to.startsWith("//")) return to;
  const { rest } = splitLocalePath(to);
  // The locale's home is `/ja`, not `/ja/`; a query or hash on the home follows it directly.
  return /^\/([?#]|$)/.test(rest) ? `/${prefix}${rest.slice(1)}` : `/${prefix}${rest}`;
}

/** The same page under another locale prefix (or none), for language switches and hreflang. */
export function switchLocalePath(pathname: string, nextPrefix: string | null): string {
  const { rest } = splitLocalePath(pathname);
  return nextPrefix ? localizePath(rest, nextPrefix) : rest;
}
