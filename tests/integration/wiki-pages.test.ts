import { describe, expect, it } from "vitest";
import { LOCALES } from "../../protocol/locales";
import { convert, plainAmount } from "../../app/lib/wiki/fiat";
import { registerByEmail } from "../setup/accounts";
import { expectServed } from "../setup/pages";
import { startWeb } from "../setup/processes";
import { serverForSuite } from "../setup/suite";

/**
 * The price wiki as a crawler and a visitor without JavaScript get it: raw HTML of the list, its
 * pages and articles in several locales, their meta tags, JSON-LD, alternates and absolute URLs
 * from the public origin, which defaults to the server's own address (docs/decisions/605).
 */

const PUBLIC = LOCALES.filter((l) => !l.hidden);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON-LD is read as arbitrary JSON
type Json = any;

async function page(base: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${path}`, { redirect: "manual", ...init });
  return { res, html: await res.text() };
}

const attr = (html: string, re: RegExp): string | undefined => re.exec(html)?.[1]?.replace(/&amp;/g, "&");
const meta = (html: string, key: string) => attr(html, new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`));
const canonical = (html: string) => attr(html, /<link rel="canonical" href="([^"]*)"/);
const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1] as string, m[2] as string] as const);

function jsonLd(html: string): Json[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] as string) as Json,
  );
  return blocks.flatMap((b) => (b["@graph"] as Json[]).map((n) => ({ "@context": b["@context"], ...n })));
}
const types = (html: string) => jsonLd(html).map((n) => n["@type"] as string);
const rowsOf = (html: string) => [...html.matchAll(/data-testid="coin-row-([A-Z]+)"/g)].map((m) => m[1]);

function expectHead(html: string, origin: string, path: string) {
  expect(canonical(html)).toBe(origin + path);
  const alts = alternates(html);
  expect(alts.map(([lang]) => lang).sort()).toEqual([...PUBLIC.map((l) => l.intl), "x-default"].sort());
  for (const [, href] of alts) expect(href.startsWith(`${origin}/`), href).toBe(true);
  expect(meta(html, "og:url")).toBe(origin + path);
  expect(meta(html, "og:image")).toMatch(new RegExp(`^${origin}/wiki/`));
  expect(meta(html, "twitter:card")).toBe("summary_large_image");
  expect(meta(html, "twitter:image")).toBe(meta(html, "og:image"));
  for (const key of ["description", "keywords", "og:title", "og:description"]) expect(meta(html, key), key).toBeTruthy();
  expect(html).toMatch(/<title>[^<]+<\/title>/);
}

describe("wiki pages without PUBLIC_ORIGIN (as `npm start` runs)", () => {
  const web = serverForSuite((dir) => startWeb({ DATA_DIR: dir, REQUEST_LOG: "off" }));
  const origin = () => `http://localhost:${web.port}`;

  it("makes canonical, hreflang and Open Graph URLs absolute from the listening address, whatever Host the request claims", async () => {
    const spoofs: Array<Record<string, string>> = [
      {},
      { host: "evil.example" },
      { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    ];
    for (const headers of spoofs) {
      const { res, html } = await page(web.url, "/ja/wiki", { headers });
      expect(res.status).toBe(200);
      expectHead(html, origin(), "/ja/wiki");
      expect(html).not.toContain("evil.example");
    }
    const robots = await (await fetch(`${web.url}/robots.txt`, { headers: { host: "evil.example" } })).text();
    expect(robots).toContain(`Sitemap: ${origin()}/sitemap.xml`);
  });

  it("lists the coins in the visitor's currency with change, volume, market cap and a week's sparkline, and no React", async () => {
    const { html } = await page(web.url, "/wiki");
    expectHead(html, origin(), "/wiki");
    expect(rowsOf(html)).toHaveLength(10);
    expect(rowsOf(html)[0]).toBe("BTC");
    const btc = html.slice(html.indexOf('data-testid="coin-row-BTC"'), html.indexOf("</tr>", html.indexOf('data-testid="coin-row-BTC"')));
    expect(btc).toMatch(/\$[\d,]+\.\d{2}/);
    expect(btc).toMatch(/[+-]?\d+\.\d{2}%/);
    expect(btc).toMatch(/\$[\d.]+[KMBT]/);
    expect(btc).toMatch(/<svg class="sparkline (up|down|flat)"[^>]*role="img"[^>]*aria-label="Bitcoin over the last 7 days: from \$/);
    // Tether has no market of its own: unknown figures are "—", never invented.
    const usdt = html.slice(
      html.indexOf('data-testid="coin-row-USDT"'),
      html.indexOf("</tr>", html.indexOf('data-testid="coin-row-USDT"')),
    );
    // One USDT at the gateway's USD rate, which drifts a few basis points around the peg.
    expect(usdt).toMatch(/\$(1\.00|0\.99\d\d)</);
    expect(usdt).toContain('<span aria-hidden="true">—</span>');
    // Hydration is off: no Remix runtime or route data; only the standalone bundles.
    expect(html).not.toContain("__remixContext");
    const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.every((s) => s?.startsWith("/standalone/"))).toBe(true);
    expect(scripts.join(" ")).toMatch(/page-tracking-.*wiki-links-.*wiki-prefs-.*wiki-images-.*wiki-live-/);

    const ld = jsonLd(html);
    expect(types(html)).toEqual(expect.arrayContaining(["ItemList", "BreadcrumbList"]));
    const list = ld.find((n) => n["@type"] === "ItemList");
    expect(list["@context"]).toBe("https://schema.org");
    expect(list.itemListElement).toHaveLength(10);
    expect(list.itemListElement[0]).toMatchObject({
      position: 1,
      url: `${origin()}/wiki/bitcoin`,
      item: {
        "@type": "FinancialProduct",
        offers: { "@type": "Offer", priceCurrency: "USD", price: expect.stringMatching(/^\d+(\.\d+)?$/) },
      },
    });
  });

  it("shows the currency preference's prices, EUR, BRL or JPY, and USD for the default locale", async () => {
    for (const [unit, sign] of Object.entries({ EUR: "€", BRL: "R$", JPY: "¥", GBP: "£", INR: "₹" })) {
      const { html } = await page(web.url, "/wiki", { headers: { cookie: `unit=${unit}` } });
      expect(html, unit).toContain(`Coin prices in ${unit}`);
      expect(html, unit).toContain(sign);
      const offer = jsonLd(html).find((n) => n["@type"] === "ItemList").itemListElement[0].item.offers;
      expect(offer.priceCurrency).toBe(unit);
    }
    // A currency the gateway has no rate for shows USDT rather than a wrong figure.
    const { html } = await page(web.url, "/wiki", { headers: { cookie: "unit=XYZ" } });
    expect(html).toMatch(/[\d,]+\.\d{2} USDT/);
  });

  it("pages at /wiki/page/{n}, /wiki/page and /wiki/page/1 being /wiki, and 404s every other page", async () => {
    const two = await page(web.url, "/wiki/page/2");
    expect(two.res.status).toBe(200);
    expectHead(two.html, origin(), "/wiki/page/2");
    expect(rowsOf(two.html)).toHaveLength(2);
    expect(two.html).toMatch(/<title>Page 2 · [^<]+<\/title>/);
    expect(jsonLd(two.html).find((n) => n["@type"] === "ItemList").itemListElement[0].position).toBe(11);
    expect(new Set([...rowsOf((await page(web.url, "/wiki")).html), ...rowsOf(two.html)]).size).toBe(12);
    for (const [from, to] of [
      ["/wiki/page", "/wiki"],
      ["/ar/wiki/page", "/ar/wiki"],
      ["/wiki/page/1?q=bit", "/wiki?q=bit"],
    ]) {
      const { res } = await page(web.url, from as string);
      expect(res.status, from).toBe(301);
      expect(res.headers.get("location"), from).toBe(to);
    }
    for (const bad of [
      "/wiki/page/3",
      "/wiki/page/0",
      "/wiki/page/02",
      "/wiki/page/-1",
      "/wiki/page/2.0",
      "/wiki/page/x",
      `/wiki/page/${"9".repeat(40)}`,
    ]) {
      expect((await page(web.url, bad)).res.status, bad).toBe(404);
    }
  });

  it("searches and sorts from the query, without scripts, and keeps such lists out of the index", async () => {
    const found = await page(web.url, "/wiki?q=COIN&sort=price&dir=asc");
    expect(found.res.status).toBe(200);
    expect(rowsOf(found.html)).toEqual(["DOGE", "LTC", "BTC"]);
    expect(meta(found.html, "robots")).toBe("noindex, follow");
    expect(canonical(found.html)).toBe(`${origin()}/wiki`);
    const byName = await page(web.url, "/wiki?sort=name");
    expect(rowsOf(byName.html).slice(0, 3)).toEqual(["BTC", "BGB", "BNB"]);
    expect(byName.html).toContain('aria-sort="ascending"');
    const none = await page(web.url, `/wiki?q=${encodeURIComponent("<script>alert(1)</script>")}`);
    expect(none.res.status).toBe(200);
    expect(none.html).not.toContain("<script>alert(1)");
    expect(rowsOf(none.html)).toEqual([]);
    // Junk parameters read as the defaults; a huge search is cut, not a 500.
    const junk = await page(web.url, `/wiki?sort=%00&dir=up&q=${"a".repeat(5000)}&q=b`);
    expect(junk.res.status).toBe(200);
    expect(meta((await page(web.url, "/wiki")).html, "robots")).toBeUndefined();
  });

  it("renders an article in English, German (translated body) and Arabic (right to left) with its structured data", async () => {
    const en = await page(web.url, "/wiki/bitcoin");
    expect(en.res.status).toBe(200);
    expectHead(en.html, origin(), "/wiki/bitcoin");
    expect(en.html).toContain('<article lang="en" class="rich-text">');
    expect(en.html).toMatch(/data-testid="live-price"[\s\S]*?\$[\d,]+\.\d{2}/);
    expect(en.html).toContain(`href="/spot/BTCUSDT"`);
    expect(types(en.html)).toEqual(expect.arrayContaining(["FinancialProduct", "BreadcrumbList", "FAQPage"]));
    const ld = jsonLd(en.html);
    const faq = ld.find((n) => n["@type"] === "FAQPage");
    expect(faq.mainEntity.length).toBeGreaterThanOrEqual(3);
    for (const q of faq.mainEntity)
      expect(q).toMatchObject({ "@type": "Question", acceptedAnswer: { "@type": "Answer", text: expect.any(String) } });
    expect(faq.mainEntity.map((q: Json) => q.name)).toContain("How many BTC are there?");
    expect(ld.find((n) => n["@type"] === "BreadcrumbList").itemListElement.map((i: Json) => i.item)).toEqual([
      `${origin()}/`,
      `${origin()}/wiki`,
      `${origin()}/wiki/bitcoin`,
    ]);
    expect(ld.find((n) => n["@type"] === "FinancialProduct")).toMatchObject({
      url: `${origin()}/wiki/bitcoin`,
      offers: { priceCurrency: "USD" },
    });
    expect(en.html).toMatch(/<details><summary>What is Bitcoin\?<\/summary>/);
    expect(en.html).toContain("21,000,000 BTC");

    const de = await page(web.url, "/de/wiki/bitcoin");
    expectHead(de.html, origin(), "/de/wiki/bitcoin");
    expect(de.html).toContain('<html lang="de-DE" dir="ltr"');
    expect(de.html).toContain('<article lang="de" class="rich-text">');
    expect(de.html).toContain("Angebot");
    expect(de.html).not.toContain("nicht in Ihre Sprache übersetzt");
    // German currency by locale default: EUR.
    expect(jsonLd(de.html).find((n) => n["@type"] === "FinancialProduct").offers.priceCurrency).toBe("EUR");
    expect(jsonLd(de.html).find((n) => n["@type"] === "FAQPage").mainEntity[0].name).toBe("Was ist Bitcoin?");

    const ar = await page(web.url, "/ar/wiki/ethereum");
    expectHead(ar.html, origin(), "/ar/wiki/ethereum");
    expect(ar.html).toContain('<html lang="ar-AE" dir="rtl"');
    // No Arabic translation: the English body says so with its lang, the chrome is Arabic.
    expect(ar.html).toContain('<article lang="en" class="rich-text">');
    expect(ar.html).toContain("لم يُترجم هذا الدليل إلى لغتك بعد");
    expect(ar.html).toContain("الأسئلة الشائعة");
    expect(meta(ar.html, "og:locale")).toBe("ar_AE");
  });

  it("draws the chart for each range with JS off, the default for anything else", async () => {
    for (const [range, words] of [
      ["1D", "last 24 hours"],
      ["7D", "last 7 days"],
      ["1m", "last month"],
      ["1Y", "last year"],
      ["all", "all time"],
      ["5Y", "last 7 days"],
      ["", "last 7 days"],
    ]) {
      const { res, html } = await page(web.url, `/wiki/solana?range=${range}`);
      expect(res.status, range).toBe(200);
      expect(html, range).toMatch(new RegExp(`<title id="[^"]+">Solana price in USD, ${words}</title>`));
      expect(html, range).toMatch(/<path d="M[\d.,L]+" class="line"/);
    }
    // A range is the same page: only the plain address is indexed.
    expect(meta((await page(web.url, "/wiki/solana?range=1Y")).html, "robots")).toBe("noindex, follow");
  });

  it("converts with a GET form, exactly, both ways, and refuses what is not an amount", async () => {
    const { html } = await page(web.url, "/wiki/ethereum?coinAmount=2.5&fiat=EUR&from=coin");
    const price = attr(html, /data-price="([^"]+)"/) as string;
    const rates = JSON.parse(attr(html, /data-rates="([^"]+)"/)?.replace(/&quot;/g, '"') ?? "{}") as Record<string, string>;
    expect(Object.keys(rates)).toEqual(expect.arrayContaining(["USD", "EUR", "GBP", "JPY", "CNY", "KRW", "RUB", "TRY", "BRL", "INR"]));
    expect(attr(html, /name="fiatAmount"[^>]*value="([^"]*)"/)).toBe(
      plainAmount(convert("2.5", "coin", price, rates.EUR as string) as string, 2),
    );
    // Its own page's price and rates: the market may have moved between the two requests.
    const back = await page(web.url, "/wiki/ethereum?fiatAmount=1000&fiat=JPY&from=fiat");
    const backPrice = attr(back.html, /data-price="([^"]+)"/) as string;
    const backRates = JSON.parse(attr(back.html, /data-rates="([^"]+)"/)?.replace(/&quot;/g, '"') ?? "{}") as Record<string, string>;
    expect(attr(back.html, /name="coinAmount"[^>]*value="([^"]*)"/)).toBe(convert("1000", "fiat", backPrice, backRates.JPY as string));
    for (const bad of ["abc", "-1", "1e9", "", "0x10", "9".repeat(100)]) {
      const r = await page(web.url, `/wiki/ethereum?coinAmount=${encodeURIComponent(bad)}&fiat=USD&from=coin`);
      expect(r.res.status, bad).toBe(200);
      if (bad !== "" && bad !== "9".repeat(100)) expect(r.html, bad).toMatch(/data-converter-error="true">/);
    }
    // A currency that is not offered falls back to the first offered, never a 500.
    expect((await page(web.url, "/wiki/ethereum?fiat=__proto__&coinAmount=1")).res.status).toBe(200);
  });

  it("never serves one visitor's locale, currency or link prefix to another from the web host's caches", async () => {
    // Asked in turn within every cache's lifetime (docs/decisions/606): each answer must still be its own.
    const offerOf = (html: string) => jsonLd(html).find((n) => n["@type"] === "FinancialProduct").offers.priceCurrency;
    const bodyOf = (html: string) => html.slice(html.indexOf('class="rich-text"'), html.indexOf("</article>"));
    for (let round = 0; round < 2; round++) {
      const en = await page(web.url, "/wiki/bitcoin");
      const de = await page(web.url, "/de/wiki/bitcoin");
      const jpy = await page(web.url, "/wiki/bitcoin", { headers: { cookie: "unit=JPY" } });
      const deCookie = await page(web.url, "/wiki/bitcoin", { headers: { cookie: "language=de" } });
      const ar = await page(web.url, "/ar/wiki/bitcoin");
      const es = await page(web.url, "/es/wiki/bitcoin");
      expect([en, de, jpy, deCookie, ar, es].map((p) => p.res.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(offerOf(en.html)).toBe("USD");
      expect(offerOf(de.html)).toBe("EUR");
      expect(offerOf(jpy.html)).toBe("JPY");
      expect(jpy.html).toMatch(/data-testid="live-price"[\s\S]*?¥[\d,]+/);
      expect(en.html).toContain('<article lang="en" class="rich-text">');
      expect(de.html).toContain('<article lang="de" class="rich-text">');
      expect(deCookie.html).toContain('<article lang="de" class="rich-text">');
      expect(ar.html).toContain('<article lang="en" class="rich-text">');
      // The same English body, its site links under each page's own prefix.
      expect(bodyOf(en.html)).toContain('href="/wiki/litecoin"');
      expect(bodyOf(ar.html)).toContain('href="/ar/wiki/litecoin"');
      expect(bodyOf(es.html)).toContain('href="/es/wiki/litecoin"');
      expect(bodyOf(de.html)).toContain('href="/de/wiki/litecoin"');
      expect(bodyOf(deCookie.html)).toContain('href="/wiki/litecoin"');
      expect(meta(de.html, "og:title")).not.toBe(meta(ar.html, "og:title"));
      // The list too: currency and language per visitor.
      const list = await page(web.url, "/wiki", { headers: { cookie: "unit=GBP" } });
      const listJa = await page(web.url, "/ja/wiki");
      expect(list.html).toContain("Coin prices in GBP");
      expect(listJa.html).toContain('<html lang="ja-JP"');
      expect(jsonLd(listJa.html).find((n) => n["@type"] === "ItemList").itemListElement[0].item.offers.priceCurrency).toBe("JPY");
    }
  });

  it("writes its whole stylesheet in the head under the document's own nonce, with no blocking stylesheet request", async () => {
    const nonces = new Set<string>();
    for (const path of ["/wiki", "/wiki/page/2", "/wiki/bitcoin", "/ar/wiki/ethereum"]) {
      const { res, html } = await page(web.url, path);
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head, path).not.toMatch(/rel="stylesheet"/);
      const nonce = attr(head, /<style nonce="([^"]+)">/);
      expect(nonce, path).toBeTruthy();
      expect(res.headers.get("content-security-policy"), path).toContain(`style-src 'self' 'nonce-${nonce}'`);
      // The rules themselves: the theme's variables, the page layout and the wiki's own.
      expect(head, path).toContain(".coin-title");
      expect(head, path).toMatch(/--[a-z-]+:/);
      nonces.add(nonce as string);
    }
    expect(nonces.size).toBe(4);
    // Pages that hydrate keep their linked, cached stylesheets.
    const home = await page(web.url, "/");
    expect(home.html).toMatch(/<link rel="stylesheet" href="\/assets\/global-[^"]+\.css"/);
  });

  it("sends the browser's texts only to pages that hydrate, and translates a wiki page's head from the server's", async () => {
    // A hydrating page carries its locale's texts and English for the browser's i18n: the home page
    // the namespaces it declares (an empty list's text is in the data only through them), not the
    // wiki's, which the browser loads when it goes there (docs/decisions/725).
    const home = await page(web.url, "/de");
    expect(home.html).toContain("window.__remixContext");
    expect(home.html).toContain("Keine Trades in den letzten 24 Stunden.");
    expect(home.html).toContain("No trades in the last 24 hours.");
    expect(home.html).not.toContain("Kryptowährungskurse");
    // A wiki page sends no Remix data at all, yet its title and card text are German.
    const de = await page(web.url, "/de/wiki/bitcoin");
    expect(de.html).not.toContain("window.__remixContext");
    expect(meta(de.html, "og:image:alt")).toBe("Bitcoin (BTC): Kurs und 7-Tage-Chart");
  });

  it("gives a guest's repeated page under each response's own nonce, and a logged-in visitor always their own render", async () => {
    const nonceOf = (r: { res: Response }) => /'nonce-([^']+)'/.exec(r.res.headers.get("content-security-policy") ?? "")?.[1] as string;
    const a = await page(web.url, "/wiki/cardano");
    const b = await page(web.url, "/wiki/cardano");
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    expect(b.html).toContain(`<style nonce="${nonceOf(b)}">`);
    // Every nonce of the page (style, JSON-LD, the bundles) is the new one.
    expect(b.html.split(`nonce="${nonceOf(b)}"`).length - 1).toBe(a.html.split(`nonce="${nonceOf(a)}"`).length - 1);
    expect(b.html).toMatch(new RegExp(`<script type="module" src="/standalone/[^"]+" nonce="${nonceOf(b).replace(/[+/=]/g, "\\$&")}">`));
    expect(b.html).not.toContain(nonceOf(a));
    const { c } = await registerByEmail({ url: web.url, dataDir: web.dir }, "wiki-cache@example.com");
    const guest = await page(web.url, "/wiki/cardano");
    const user = await page(web.url, "/wiki/cardano", { headers: { cookie: c.cookieHeader() } });
    const again = await page(web.url, "/wiki/cardano");
    expect(user.html).toContain('class="user-name"');
    expect(guest.html).not.toContain('class="user-name"');
    expect(again.html).not.toContain('class="user-name"');
  });

  it("serves a share card per coin and for the list, and 404s unknown ones", async () => {
    const { headers, body: svg } = await expectServed(`${web.url}/wiki/bitcoin/card.svg`, "image/svg+xml");
    expect(headers.get("cache-control")).toContain("max-age=");
    expect(svg).toContain(">Bitcoin<");
    expect(svg).not.toMatch(/<script/i);
    expect((await fetch(`${web.url}/wiki/card.svg`)).status).toBe(200);
    for (const bad of ["/wiki/no-coin/card.svg", "/wiki/Bitcoin/card.svg", "/wiki/..%2F..%2Fetc/card.svg"]) {
      expect((await fetch(`${web.url}${bad}`)).status, bad).toBe(404);
    }
  });

  it("lists every wiki page in every locale in one sitemap while it is small", async () => {
    const xml = await (await fetch(`${web.url}/sitemap.xml`, { headers: { host: "evil.example" } })).text();
    expect(xml).toContain("<urlset");
    expect(xml).not.toContain("evil.example");
    const locs = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
    const articles = ["bitcoin", "ethereum", "solana", "xrp", "dogecoin", "cardano", "litecoin", "bnb", "tron", "chainlink", "tether"];
    for (const path of ["/wiki", "/wiki/page/2", ...articles.map((a) => `/wiki/${a}`)]) {
      expect(locs.has(origin() + path), path).toBe(true);
      for (const l of PUBLIC) expect(locs.has(`${origin()}/${l.key}${path}`), `${l.key}${path}`).toBe(true);
    }
    expect(locs.has(`${origin()}/wiki/page`)).toBe(false);
    expect((await fetch(`${web.url}/sitemap/1.xml`)).status).toBe(404);
  });
});

describe("a large sitemap becomes an index of parts (SITEMAP_URL_LIMIT)", () => {
  const origin = "https://www.mix.example";
  const web = serverForSuite((dir) => startWeb({ DATA_DIR: dir, REQUEST_LOG: "off", PUBLIC_ORIGIN: origin, SITEMAP_URL_LIMIT: "100" }));

  it("splits at the limit, and the parts together list every page exactly once", async () => {
    const index = await (await fetch(`${web.url}/sitemap.xml`)).text();
    expect(index).toContain("<sitemapindex");
    const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
    // 24 pages (home, the five about the exchange, 2 list pages, 12 articles, the events list, the
    // cup, the futures and spot copy-trading lists; no lead yet) × 24 addresses = 576 entries: 6 parts of ≤ 100.
    expect(parts).toEqual([1, 2, 3, 4, 5, 6].map((n) => `${origin}/sitemap/${n}.xml`));
    const all: string[] = [];
    for (const part of parts) {
      const xml = await (await fetch(`${web.url}${new URL(part).pathname}`)).text();
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
      expect(locs.length).toBeLessThanOrEqual(100);
      all.push(...locs);
    }
    expect(all).toHaveLength(576);
    expect(new Set(all).size).toBe(576);
    expect(all).toContain(`${origin}/ar/wiki/page/2`);
    expect(all).toContain(`${origin}/ar/proof-of-reserves`);
    expect(all).toContain(`${origin}/ar/copy-trading`);
    expect(all).toContain(`${origin}/ar/copy-trading?product=spot`);
    for (const bad of ["/sitemap/7.xml", "/sitemap/0.xml", "/sitemap/1.txt", "/sitemap/01.xml"]) {
      expect((await fetch(`${web.url}${bad}`)).status, bad).toBe(404);
    }
    const page = await (await fetch(`${web.url}/wiki/bitcoin`)).text();
    expect(page).toContain(`<link rel="canonical" href="${origin}/wiki/bitcoin"/>`);
  });
});
