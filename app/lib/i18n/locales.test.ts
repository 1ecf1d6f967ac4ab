import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../protocol/locales";

const LOCALES_DIR = join(__dirname, "..", "..", "locales");

/** Flattens nested keys to "a.b.c" -> value so locales compare key by key. */
function flatten(obj: unknown, prefix = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (obj && typeof obj === "object" && !Array.isArray(obj)) {
    for (const [k, v] of Object.entries(obj)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, obj);
  }
  return out;
}

function load(locale: string, ns: string): Map<string, unknown> {
  return flatten(JSON.parse(readFileSync(join(LOCALES_DIR, locale, `${ns}.json`), "utf8")));
}

const placeholders = (s: string): string[] => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, "")).sort();

/** Words of a string with its placeholders taken out: the measure of "a sentence", not a label. */
const words = (s: string): string[] =>
  s
    .replace(/\{\{\s*\w+\s*\}\}/g, " ")
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w));

/**
 * A label such as "Status" or "Margin" may rightly read the same in another language; a phrase of
 * four or more words that does is English copied in. These few are kept in English on purpose.
 */
const KEPT_IN_ENGLISH = new Set([
  // Japanese sites print the copyright line in English.
  "ja/common:footer.rights",
  "ja/events:chrome.rights",
]);

/** Locales that are English themselves (asia, en-GB, en-CA) rightly share most of en's strings. */
const isEnglish = (key: string): boolean => (LOCALES.find((l) => l.key === key)?.intl ?? "").startsWith("en-");

/** Every namespace is a JSON file in the English folder; each locale must have the same files. */
const NAMESPACES = readdirSync(join(LOCALES_DIR, "en"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -5))
  .sort();

describe("locale files", () => {
  it("English has keys to compare against", () => {
    expect(NAMESPACES).toContain("common");
    expect(load("en", "common").size).toBeGreaterThan(10);
  });

  for (const ns of NAMESPACES) {
    const english = load("en", ns);
    for (const { key } of LOCALES.filter((l) => l.key !== "en")) {
      describe(`${key}/${ns}`, () => {
        it("exists", () => {
          expect(existsSync(join(LOCALES_DIR, key, `${ns}.json`))).toBe(true);
        });

        it("translates every English key with a non-empty string and the same placeholders", () => {
          const own = load(key, ns);
          const missing = [...english.keys()].filter((k) => !own.has(k));
          expect(missing, `missing keys in ${key}/${ns}`).toEqual([]);
          for (const [k, en] of english) {
            const v = own.get(k);
            expect(typeof v, `${key}/${ns}:${k}`).toBe("string");
            expect((v as string).trim(), `${key}/${ns}:${k} is empty`).not.toBe("");
            expect(placeholders(v as string), `${key}/${ns}:${k} placeholders`).toEqual(placeholders(en as string));
          }
        });

        it.skipIf(isEnglish(key))("does not copy an English phrase in place of a translation", () => {
          const own = load(key, ns);
          const copied = [...english]
            .filter(([k, en]) => typeof en === "string" && words(en).length >= 4 && own.get(k) === en)
            .map(([k]) => `${key}/${ns}:${k}`)
            .filter((id) => !KEPT_IN_ENGLISH.has(id));
          expect(copied, `English phrases in ${key}/${ns}`).toEqual([]);
        });

        it("has no keys English lacks", () => {
          const extra = [...load(key, ns).keys()].filter((k) => !english.has(k));
          expect(extra, `extra keys in ${key}/${ns}`).toEqual([]);
        });
      });
    }
  }

  it("no locale has a namespace English lacks", () => {
    for (const { key } of LOCALES) {
      const files = readdirSync(join(LOCALES_DIR, key))
        .filter((f) => f.endsWith(".json"))
        .map((f) => f.slice(0, -5));
      expect(
        files.filter((f) => !NAMESPACES.includes(f)),
        key,
      ).toEqual([]);
    }
  });
});
