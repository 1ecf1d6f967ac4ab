import { describe, expect, it } from "vitest";
import { WIKI_ARTICLE_ID } from "../../protocol/wiki.ts";
import { COINS, INSTRUMENTS } from "../exchange/instruments.ts";
import { iconBase, WIKI_SOURCES, wikiArticle, wikiList } from "./wiki.ts";
import { WIKI_TRANSLATIONS } from "./wiki-translations.ts";

const links = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1] as string);

describe("wiki content", () => {
  it("has exactly one article for every coin the exchange lists, in its order", () => {
    expect(WIKI_SOURCES.map((s) => s.coin)).toEqual([...INSTRUMENTS.map((i) => i.baseCoin), "USDT"]);
    expect(new Set(WIKI_SOURCES.map((s) => s.coin))).toEqual(new Set(COINS));
    expect(new Set(WIKI_SOURCES.map((s) => s.article)).size).toBe(WIKI_SOURCES.length);
  });

  it("names each traded coin as the exchange does", () => {
    for (const inst of INSTRUMENTS) expect(WIKI_SOURCES.find((s) => s.coin === inst.baseCoin)?.name).toBe(inst.coinName);
  });

  it("writes a few paragraphs per coin, with links that lead somewhere real", () => {
    const ids = new Set(WIKI_SOURCES.map((s) => s.article));
    for (const s of WIKI_SOURCES) {
      expect(s.article).toMatch(WIKI_ARTICLE_ID);
      expect(s.summary.length).toBeGreaterThan(40);
      expect(s.html.match(/<p>/g)?.length ?? 0, s.article).toBeGreaterThanOrEqual(3);
      const hrefs = links(s.html);
      expect(hrefs.length, s.article).toBeGreaterThanOrEqual(1);
      for (const href of hrefs) {
        if (href.startsWith("/")) expect(ids.has(href.replace("/wiki/", "")), `${s.article} → ${href}`).toBe(true);
        else expect(href, s.article).toMatch(/^https:\/\/[a-z0-9.-]+\//);
      }
    }
  });

  it("gives the spot market, the icon and the language with each entry", () => {
    const btc = wikiList("")[0];
    expect(btc).toMatchObject({ article: "bitcoin", coin: "BTC", symbol: "BTCUSDT", icon: "/coins/btc.svg", lang: "en" });
    expect(wikiArticle("tether", "https://img.example")).toMatchObject({ symbol: null, icon: "https://img.example/coins/usdt.svg" });
    expect(wikiArticle("tether", "")?.html).toContain("<p>");
    expect(wikiArticle("dogecoin-classic", "")).toBeUndefined();
  });

  it("serves icons from the first image host, or from this site", () => {
    expect(iconBase({ foreign: [], internal: [] })).toBe("");
    expect(iconBase({ foreign: ["img.example"], internal: ["in.example"] })).toBe("https://img.example");
    expect(iconBase({ foreign: [], internal: ["http://127.0.0.1:3517/"] })).toBe("http://127.0.0.1:3517");
  });

  it("gives every coin its circulating supply, a hard cap only where the protocol has one, and real related articles", () => {
    const ids = new Set(WIKI_SOURCES.map((s) => s.article));
    for (const e of wikiList("")) {
      expect(e.supply.circulating, e.coin).toMatch(/^[1-9]\d*$/);
      expect(e.supply.asOf).toMatch(/^\d{4}-\d{2}$/);
      if (e.supply.max !== null) expect(BigInt(e.supply.max) >= BigInt(e.supply.circulating), e.coin).toBe(true);
      expect(e.related.length, e.coin).toBeGreaterThanOrEqual(2);
      for (const r of e.related) expect(ids.has(r) && r !== e.article, `${e.article} → ${r}`).toBe(true);
    }
    const byCoin = new Map(wikiList("").map((e) => [e.coin, e]));
    expect(byCoin.get("BTC")?.supply.max).toBe("21000000");
    expect(byCoin.get("ETH")?.supply.max).toBeNull();
    expect(byCoin.get("DOGE")?.supply.max).toBeNull();
  });

  it("serves a translated body and summary where one exists, else English saying so", () => {
    const de = wikiArticle("bitcoin", "", "de");
    expect(de).toMatchObject({ lang: "de", name: "Bitcoin" });
    expect(de?.html).toContain("Angebot");
    expect(wikiArticle("bitcoin", "", "JA")?.lang).toBe("ja");
    expect(wikiArticle("bitcoin", "", "fr")).toMatchObject({ lang: "en" });
    expect(wikiArticle("bitcoin", "", "nope")?.lang).toBe("en");
    expect(wikiList("", "ja")[0]).toMatchObject({ article: "bitcoin", lang: "ja" });
    expect(wikiList("", "ja").find((e) => e.article === "solana")?.lang).toBe("en");
  });

  it("translates articles with the same links and structure as their source", () => {
    for (const [article, byLocale] of Object.entries(WIKI_TRANSLATIONS)) {
      const source = WIKI_SOURCES.find((s) => s.article === article);
      expect(source, article).toBeDefined();
      for (const [locale, t] of Object.entries(byLocale)) {
        expect(links(t.html), `${article}/${locale}`).toEqual(links(source!.html));
        expect(t.html.match(/<h2>/g)?.length, `${article}/${locale}`).toBe(source!.html.match(/<h2>/g)?.length);
      }
    }
  });
});
