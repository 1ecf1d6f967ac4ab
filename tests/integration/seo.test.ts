import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWeb, tempDataDir, type Started } from "../setup/processes";

describe("search engines: sitemap, robots and alternates (PUBLIC_ORIGIN set)", () => {
  let web: Started;
  const data = tempDataDir();
  const origin = "https://www.mix.example";

  beforeAll(async () => {
    web = await startWeb({ DATA_DIR: data.dir, PUBLIC_ORIGIN: origin });
  });
  afterAll(async () => {
    await web.stop();
    data.remove();
  });

  it("lists the public pages of every locale with absolute hreflang alternates", async () => {
    const res = await fetch(`${web.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    expect(xml).toContain(`<loc>${origin}/ja/wiki/bitcoin</loc>`);
    expect(xml).toContain(`<loc>${origin}/wiki/page/2</loc>`);
    expect(xml).not.toContain(`<loc>${origin}/wiki/page</loc>`);
    expect(xml).toContain(`hreflang="ar-AE" href="${origin}/ar/wiki"`);
    // The events site too: its list and every event.
    expect(xml).toContain(`<loc>${origin}/events</loc>`);
    expect(xml).toContain(`<loc>${origin}/de/events/paper-trading-cup</loc>`);
    // Copy trading's futures and spot rankings (each live lead's profile follows them; none has applied here).
    expect(xml).toContain(`<loc>${origin}/fr/copy-trading</loc>`);
    expect(xml).toContain(`<loc>${origin}/fr/copy-trading?product=spot</loc>`);
    expect(xml).not.toContain(`${origin}/bg`);
  });

  it("names the sitemap in robots.txt and keeps crawlers off gateway paths", async () => {
    const text = await (await fetch(`${web.url}/robots.txt`)).text();
    expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(text).toContain("Disallow: /v1/");
  });

  it("puts absolute canonical and alternate links in pages, whatever Host the request claims", async () => {
    const html = await (await fetch(`${web.url}/ja/wiki`, { headers: { "x-forwarded-host": "evil.example" } })).text();
    expect(html).toContain(`<link rel="canonical" href="${origin}/ja/wiki"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${origin}/wiki"/>`);
    expect(html).not.toContain("evil.example");
  });
});
