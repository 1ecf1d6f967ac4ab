import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales";

describe("locale table", () => {
  it.each(LOCALES.map((l) => [l.key, l.intl]))("%s has an Intl tag (%s) that Intl accepts for numbers, money and dates", (_key, tag) => {
    expect(() => new Intl.NumberFormat(tag, { style: "currency", currency: "USD" }).format(1)).not.toThrow();
    expect(() => new Intl.DateTimeFormat(tag, { dateStyle: "medium" }).format(0)).not.toThrow();
    expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
  });

  it("has unique keys and language types, and one right-to-left locale", () => {
    expect(new Set(LOCALES.map((l) => l.key)).size).toBe(LOCALES.length);
    expect(new Set(LOCALES.map((l) => l.languageType)).size).toBe(LOCALES.length);
    expect(LOCALES.filter((l) => l.dir === "rtl").map((l) => l.key)).toEqual(["ar"]);
  });
});
