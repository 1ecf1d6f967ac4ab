import { existsSync, readFileSync } from "node:fs";
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

const english = load("en", "common");

describe("locale files", () => {
  it("English has keys to compare against", () => {
    expect(english.size).toBeGreaterThan(10);
  });

  for (const { key } of LOCALES.filter((l) => l.key !== "en")) {
    describe(key, () => {
      it("has a common.json", () => {
        expect(existsSync(join(LOCALES_DIR, key, "common.json"))).toBe(true);
      });

      it("translates every English key with a non-empty string and the same placeholders", () => {
        const own = load(key, "common");
        const missing = [...english.keys()].filter((k) => !own.has(k));
        expect(missing, `missing keys in ${key}`).toEqual([]);
        for (const [k, en] of english) {
          const v = own.get(k);
          expect(typeof v, `${key}:${k}`).toBe("string");
          expect((v as string).trim(), `${key}:${k} is empty`).not.toBe("");
          expect(placeholders(v as string), `${key}:${k} placeholders`).toEqual(placeholders(en as string));
        }
      });

      it("has no keys English lacks", () => {
        const extra = [...load(key, "common").keys()].filter((k) => !english.has(k));
        expect(extra, `extra keys in ${key}`).toEqual([]);
      });
    });
  }
});
