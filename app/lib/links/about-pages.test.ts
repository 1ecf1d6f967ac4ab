import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ABOUT_PAGES } from "./about-pages";

const LOCALES = new URL("../../locales/", import.meta.url);
const texts = (locale: string, ns: string): unknown => JSON.parse(readFileSync(new URL(`${locale}/${ns}.json`, LOCALES), "utf8"));
const at = (tree: unknown, key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe("the footer's link names (docs/decisions/725)", () => {
  const locales = readdirSync(LOCALES);

  it("exist in every locale's footer namespace and are the linked pages' own titles", () => {
    expect(locales.length).toBe(24);
    for (const locale of locales) {
      const footer = texts(locale, "footer");
      for (const page of ABOUT_PAGES) {
        const name = at(footer, page.key);
        expect(typeof name, `${locale} ${page.key}`).toBe("string");
        expect(name, `${locale} ${page.key}`).toBe(at(texts(locale, page.title.ns), page.title.key));
      }
    }
  });
});
