import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, LOCALES } from "../../protocol/locales.ts";
import { TDK_EN, TDK_PAGES, type Tdk } from "./tdk-seed.ts";
import { TDK_TRANSLATIONS } from "./tdk-locales.ts";

const FIELDS = ["title", "description", "keywords"] as const satisfies readonly (keyof Tdk)[];
/** Typical request params: what the texts read like on a real page. */
const PARAMS: Record<string, string> = {
  name: "Bitcoin",
  coin: "BTC",
  symbol: "BTCUSDT",
  base: "BTC",
  quote: "USDT",
  article: "bitcoin",
};
/** Search results show about 60–70 characters of a title and 155–170 of a description. */
const MAX_TITLE = 70;
const MAX_DESCRIPTION = 170;
/** Locales that read English like `en` and may reuse its text word for word. */
const ENGLISH = new Set(["asia", "en-GB", "en-CA"]);

const NON_EN = LOCALES.map((l) => l.key).filter((k) => k !== DEFAULT_LOCALE);
const placeholders = (text: string) => [...new Set(text.match(/\{[^{}]*\}/g) ?? [])].sort();
const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, name: string) => PARAMS[name] ?? whole);
/** Length as a reader counts it: code points, not UTF-16 units. */
const length = (text: string) => [...text].length;
const texts = (locale: string) => TDK_PAGES.map((page) => ({ page, t: TDK_TRANSLATIONS[locale]?.[page] as Tdk }));

describe("TDK translations", () => {
  it("cover exactly the non-English locales", () => {
    expect(Object.keys(TDK_TRANSLATIONS).sort()).toEqual([...NON_EN].sort());
  });

  it.each(NON_EN)("%s has every page, and no other", (locale) => {
    expect(Object.keys(TDK_TRANSLATIONS[locale] ?? {}).sort()).toEqual([...TDK_PAGES].sort());
  });

  it.each(NON_EN)("%s writes every field, with exactly the English placeholders", (locale) => {
    for (const { page, t } of texts(locale)) {
      for (const field of FIELDS) {
        const text = t[field];
        expect(text.trim(), `${page}.${field}`).not.toBe("");
        expect(text, `${page}.${field}`).toBe(text.trim());
        expect(placeholders(text), `${page}.${field}`).toEqual(placeholders(TDK_EN[page][field]));
      }
      expect(t.title, `${page}.title`).toContain("Mix Exchange");
    }
  });

  it.each(NON_EN)(`%s fits search results once filled: titles ≤ ${MAX_TITLE}, descriptions ≤ ${MAX_DESCRIPTION}`, (locale) => {
    for (const { page, t } of texts(locale)) {
      expect(length(fill(t.title)), `${page}: ${fill(t.title)}`).toBeLessThanOrEqual(MAX_TITLE);
      expect(length(fill(t.description)), `${page}: ${fill(t.description)}`).toBeLessThanOrEqual(MAX_DESCRIPTION);
    }
  });

  it.each(NON_EN.filter((l) => !ENGLISH.has(l)))("%s is translated, not English left in place", (locale) => {
    for (const { page, t } of texts(locale)) {
      for (const field of FIELDS) expect(t[field], `${page}.${field}`).not.toBe(TDK_EN[page][field]);
    }
  });

  it("writes the Spanish and Portuguese variants for their own readers", () => {
    const differing = (a: string, b: string) =>
      TDK_PAGES.filter((p) => JSON.stringify(TDK_TRANSLATIONS[a]?.[p]) !== JSON.stringify(TDK_TRANSLATIONS[b]?.[p]));
    expect(differing("es", "es-ES").length).toBeGreaterThan(0);
    expect(differing("es", "es-AR").length).toBeGreaterThan(0);
    expect(differing("pt", "pt-PT").length).toBeGreaterThan(0);
  });
});
