import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales";
import { TRACKING_LANGUAGES, isValidLogEnv, isValidTrackingId, trackingLanguage } from "./tracking";

describe("tracking id (docs/product.md)", () => {
  it("is / or b followed by digits", () => {
    for (const ok of ["/", "b1", "b6719", "b0000123"]) expect(isValidTrackingId(ok)).toBe(true);
    for (const bad of ["", "b", "B12", "b12a", "/wiki", "//", " b1", "b1 ", "12", "b-1", undefined, 12, null]) {
      expect(isValidTrackingId(bad)).toBe(false);
    }
  });
});

describe("log environment (docs/product.md)", () => {
  it("accepts pre, online and names ending in test plus one or two digits", () => {
    for (const ok of ["pre", "online", "test1", "test12", "apitest3", "qa-test07"]) expect(isValidLogEnv(ok)).toBe(true);
    for (const bad of ["", "prod", "test", "test123", "testa", "online1", "pre-test", "x".repeat(40) + "test1", undefined]) {
      expect(isValidLogEnv(bad)).toBe(false);
    }
  });
});

describe("the tracking client's own locale numbering", () => {
  it("lists 26 locales with distinct numbers, those the spec names as it names them", () => {
    expect(Object.keys(TRACKING_LANGUAGES)).toHaveLength(26);
    expect(new Set(Object.values(TRACKING_LANGUAGES)).size).toBe(26);
    expect(TRACKING_LANGUAGES).toMatchObject({ en: 0, "zh-CN": 1, ja: 2, "en-GB": 3, vi: 4, "zh-TW": 5, ru: 6, es: 7, ar: 99 });
  });

  it("numbers every app locale, differently from the language header for some", () => {
    for (const l of LOCALES) expect(Object.values(TRACKING_LANGUAGES)).toContain(trackingLanguage(l.key));
    expect(trackingLanguage("zh-TC")).toBe(5);
    expect(trackingLanguage("en-GB")).toBe(3);
    expect(LOCALES.find((l) => l.key === "en-GB")?.languageType).toBe(41);
    expect(trackingLanguage("ar")).toBe(99);
    expect(trackingLanguage("zh-cn")).toBe(1);
  });

  it("counts an unknown or missing locale as English", () => {
    expect(trackingLanguage("xx")).toBe(0);
    // Names of Object.prototype are no locales (the gateway reads client-sent locale keys).
    for (const key of ["toString", "constructor", "__proto__", "hasOwnProperty", "TOSTRING"]) expect(trackingLanguage(key)).toBe(0);
    expect(trackingLanguage(undefined)).toBe(0);
  });
});
