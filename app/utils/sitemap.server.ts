import { LOCALES } from "../../protocol/locales";
import { switchLocalePath } from "~/lib/i18n/locale-path";

/** The public pages search engines should find, with their hreflang alternates (Google's sitemap form). */
const PUBLIC_LOCALES = LOCALES.filter((l) => !l.hidden);

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One `<url>` per page and locale (the unprefixed address is `x-default`), each listing every
 * alternate including itself. `paths` are unprefixed app paths (`/wiki/bitcoin`).
 */
export function sitemapXml(origin: string, paths: readonly string[]): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const path of paths) {
    const alternates = [
      ...PUBLIC_LOCALES.map((l) => ({ lang: l.intl, href: origin + switchLocalePath(path, l.key) })),
      { lang: "x-default", href: origin + switchLocalePath(path, null) },
    ];
    const links = alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${a.lang}" href="${escapeXml(a.href)}"/>`).join("");
    for (const own of alternates) out.push(`<url><loc>${escapeXml(own.href)}</loc>${links}</url>`);
  }
  out.push("</urlset>");
  return out.join("\n");
}

/** robots.txt: the gateway's paths are not pages; the sitemap is named when the origin is known. */
export function robotsTxt(origin: string): string {
  const lines = ["User-agent: *", "Disallow: /v1/", "Disallow: /btapi/", "Disallow: /api/", "Disallow: /prefs", "Allow: /"];
  if (origin) lines.push("", `Sitemap: ${origin}/sitemap.xml`);
  return `${lines.join("\n")}\n`;
}
