import { useLocation } from "@remix-run/react";
import { LOCALES } from "../../protocol/locales";
import { splitLocalePath, switchLocalePath } from "~/lib/i18n/locale-path";

/**
 * `hreflang` alternates of the current page in every public locale, the unprefixed address as
 * `x-default`, and the canonical address. Always absolute, from the public origin (PUBLIC_ORIGIN, else
 * the address the server listens on; never the Host header, docs/decisions/605).
 */
export function AlternateLinks({ origin }: { origin: string }) {
  const { pathname } = useLocation();
  const { prefix } = splitLocalePath(pathname);
  return (
    <>
      <link rel="canonical" href={origin + switchLocalePath(pathname, prefix)} />
      {LOCALES.filter((l) => !l.hidden).map((l) => (
        <link key={l.key} rel="alternate" hrefLang={l.intl} href={origin + switchLocalePath(pathname, l.key)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={origin + switchLocalePath(pathname, null)} />
    </>
  );
}
