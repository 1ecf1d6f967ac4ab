import { useLocation, useMatches } from "@remix-run/react";
import { LOCALES } from "../../protocol/locales";
import { splitLocalePath, switchLocalePath } from "~/lib/i18n/locale-path";
import { canonicalSearch } from "~/lib/page-handle";

/**
 * `hreflang` alternates of the current page in every public locale, the unprefixed address as
 * `x-default`, and the canonical address, with the query a route names as its own (`canonicalSearch`). Always absolute, from the public origin (PUBLIC_ORIGIN, else
 * the address the server listens on; never the Host header, docs/decisions/605).
 */
export function AlternateLinks({ origin }: { origin: string }) {
  const { pathname, search } = useLocation();
  const { prefix } = splitLocalePath(pathname);
  // a page's own query (a route's `canonicalSearch`, e.g. the spot copy pages') stays; any other is dropped
  const own = canonicalSearch(useMatches(), search);
  return (
    <>
      <link rel="canonical" href={origin + switchLocalePath(pathname, prefix) + own} />
      {LOCALES.filter((l) => !l.hidden).map((l) => (
        <link key={l.key} rel="alternate" hrefLang={l.intl} href={origin + switchLocalePath(pathname, l.key) + own} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={origin + switchLocalePath(pathname, null) + own} />
    </>
  );
}
