import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapIndexXml, sitemapParts, sitemapXml } from "./sitemap.server";

describe("sitemap", () => {
  const xml = sitemapXml("https://www.example.com", ["/", "/wiki/bitcoin"]);
  it("lists every public locale and x-default of each page, each with all alternates", () => {
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(2 * 24);
    expect(locs).toContain("https://www.example.com/ja/wiki/bitcoin");
    expect(locs).toContain("https://www.example.com/wiki/bitcoin");
    expect(locs).toContain("https://www.example.com/ar");
    expect(locs.some((l) => l?.includes("/bg"))).toBe(false);
    const firstUrl = xml.split("<url>")[1] ?? "";
    expect(firstUrl.match(/xhtml:link/g)).toHaveLength(24);
    expect(firstUrl).toContain('hreflang="x-default" href="https://www.example.com/"');
  });
  it("escapes what XML needs escaped", () => {
    expect(sitemapXml("https://x.example", ["/a&b"])).toContain("https://x.example/a&#38;b");
  });
});

describe("robots.txt", () => {
  it("keeps crawlers off the gateway paths and names the sitemap only with an origin", () => {
    expect(robotsTxt("https://www.example.com")).toContain("Disallow: /api/\n");
    expect(robotsTxt("https://www.example.com")).toContain("Sitemap: https://www.example.com/sitemap.xml");
    expect(robotsTxt("")).not.toContain("Sitemap");
  });
});

describe("split sitemaps", () => {
  it("counts parts and indexes them with absolute addresses", () => {
    expect([sitemapParts(0, 10), sitemapParts(10, 10), sitemapParts(11, 10), sitemapParts(5, 0)]).toEqual([1, 1, 2, 5]);
    const index = sitemapIndexXml("https://x.example", 2);
    expect(index).toContain("<sitemapindex");
    expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      "https://x.example/sitemap/1.xml",
      "https://x.example/sitemap/2.xml",
    ]);
  });
});
