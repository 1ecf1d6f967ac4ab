import { memo } from "react";
import { useLocation, useMatches } from "@remix-run/react";
import { LOCALES } from "../../protocol/locales";
import { splitLocalePath } from "~/lib/i18n/locale-path";
import { canonicalSearch } from "~/lib/page-handle";

const PUBLIC_LOCALES = LOCALES.filter((l) => !l.hidden);

export interface Alternate {
  hrefLang: string;
  href: string;
}

/** Pages whose alternates are kept (the page itself and a few it was navigated from). */
const KEPT = 32;
const kept = new Map<string, { canonical: string; alternates: readonly Alternate[] }>();

/**
 * The canonical address and the `hreflang` alternates of a path (the unprefixed one as `x-default`),
 * computed once per origin and path: the path is split once, and a locale's address is its prefix in
 * front of the rest (`localizePath`'s rule), not a split per locale (docs/decisions/725).
 */
export function alternatesOf(origin: string, pathname: string): { canonical: string; alternates: readonly Alternate[] } {
  const cacheKey = `${origin}\n${pathname}`;
  const hit = kept.get(cacheKey);
  if (hit) return hit;
  const { prefix, rest } = splitLocalePath(pathname);
  const home = /^\/([?#]|$)/.test(rest);
  const under = (key: string) => (home ? `/${key}${rest.slice(1)}` : `/${key}${rest}`);
  const result = {
    canonical: origin + (prefix ? under(prefix) : rest),
    alternates: [
      ...PUBLIC_LOCALES.map((l) => ({ hrefLang: l.intl, href: origin + under(l.key) })),
      { hrefLang: "x-default", href: origin + rest },
    ],
  };
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(cacheKey, result);
  return result;
}

/**
 * `hreflang` alternates of the current page in every public locale, the unprefixed address as
 * `x-default`, and the canonical address. Always absolute, from the public origin (PUBLIC_ORIGIN, else
 * the address the server listens on; never the Host header, docs/decisions/605), with the query a
 * route names as its own (`canonicalSearch`, e.g. the spot copy pages'; any other is dropped).
 * Memoised: the root's re-renders (texts loaded, preferences) do not redo them; only a new address does.
 */
function AlternateLinksFor({ origin, pathname, own }: { origin: string; pathname: string; own: string }) {
  const { canonical, alternates } = alternatesOf(origin, pathname);
  return (
    <>
      <link rel="canonical" href={canonical + own} />
      {alternates.map((a) => (
        <link key={a.hrefLang} rel="alternate" hrefLang={a.hrefLang} href={a.href + own} />
      ))}
    </>
  );
}

const Memo = memo(AlternateLinksFor);

export function AlternateLinks({ origin }: { origin: string }) {
  const { pathname, search } = useLocation();
  return <Memo origin={origin} pathname={pathname} own={canonicalSearch(useMatches(), search)} />;
}
