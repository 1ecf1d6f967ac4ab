import { LOCALES } from "../../protocol/locales";
import { switchLocalePath } from "~/lib/i18n/locale-path";

/** The public pages search engines should find, with their hreflang alternates (Google's sitemap form). */
const PUBLIC_LOCALES = LOCALES.filter((l) => !l.hidden);

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Most `<url>` entries one sitemap file holds before /sitemap.xml becomes an index of parts
 * (docs/decisions/605). Google allows 50,000 URLs and 50 MB; each of ours carries 24 alternates
 * (about 2.5 KB), so 10,000 keeps a file near 25 MB.
 */
export const SITEMAP_URL_LIMIT = 10_000;

/** Every `<url>` entry: one per page and locale (the unprefixed address is `x-default`), each listing every alternate including itself. */
export function sitemapEntries(origin: string, paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const path of paths) {
    const alternates = [
      ...PUBLIC_LOCALES.map((l) => ({ lang: l.intl, href: origin + switchLocalePath(path, l.key) })),
      { lang: "x-default", href: origin + switchLocalePath(path, null) },
    ];
    const links = alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${a.lang}" href="${escapeXml(a.href)}"/>`).join("");
    for (const own of alternates) out.push(`<url><loc>${escapeXml(own.href)}</loc>${links}</url>`);
  }
  return out;
}

/** A `<urlset>` of entries. */
export function urlsetXml(entries: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
  ].join("\n");
}

/** One sitemap of `paths` (unprefixed app paths such as `/wiki/bitcoin`) in every public locale. */
export function sitemapXml(origin: string, paths: readonly string[]): string {
  return urlsetXml(sitemapEntries(origin, paths));
}

/** How many part files `count` entries need at `limit` per file (at least one). */
export const sitemapParts = (count: number, limit: number): number => Math.max(1, Math.ceil(count / Math.max(1, limit)));

/** The address of part `n` of a split sitemap. */
export const sitemapPartPath = (n: number): string => `/sitemap/${n}.xml`;

/** The sitemap index naming each part. */
export function sitemapIndexXml(origin: string, parts: number): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (let n = 1; n <= parts; n++) out.push(`<sitemap><loc>${escapeXml(origin + sitemapPartPath(n))}</loc></sitemap>`);
  out.push("</sitemapindex>");
  return out.join("\n");
}

/** robots.txt: the gateway's paths are not pages; the sitemap is named (the origin always is, docs/decisions/605). */
export function robotsTxt(origin: string): string {
  const lines = ["User-agent: *", "Disallow: /v1/", "Disallow: /btapi/", "Disallow: /api/", "Disallow: /prefs", "Allow: /"];
  if (origin) lines.push("", `Sitemap: ${origin}/sitemap.xml`);
  return `${lines.join("\n")}\n`;
}
