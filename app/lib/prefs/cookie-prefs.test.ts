import { describe, expect, it } from "vitest";
import { COOKIE_DEFAULTS, parseCookieHeader, prefCookieFromText, readCookiePrefs, serializePrefCookie } from "./cookie-prefs";

const read = (header: string | null) => readCookiePrefs(parseCookieHeader(header));

describe("cookie prefs", () => {
  it("defaults: language en, unit CNY, show-asset false, theme white, valuation unit 1, layout right", () => {
    expect(read(null)).toEqual({ language: "en", unit: "CNY", showAsset: false, theme: "white", valuationUnit: "1", layout: "right" });
  });

  it("reads valid values", () => {
    expect(read("language=ar; unit=USD; show_asset=true; theme=black; valuation_unit=2; layout=left")).toEqual({
      language: "ar", unit: "USD", showAsset: true, theme: "black", valuationUnit: "2", layout: "left",
    });
  });

  it("normalises locale case", () => {
    expect(read("language=ZH-cn").language).toBe("zh-CN");
  });

  it.each([
    ["language=xx", "language"],
    ["unit=<script>", "unit"],
    ["show_asset=1", "showAsset"],
    ["theme=dark", "theme"],
    ["valuation_unit=0", "valuationUnit"],
    ["valuation_unit=1.5", "valuationUnit"],
    ["valuation_unit=4", "valuationUnit"],
    ["layout=middle", "layout"],
    ["theme=%E0%A4%A", "theme"],
  ] as const)("falls back silently on %s", (header, key) => {
    expect(read(header)[key]).toEqual(COOKIE_DEFAULTS[key]);
  });

  it("survives garbage headers", () => {
    expect(read(";;=;theme;===;")).toEqual(COOKIE_DEFAULTS);
  });

  it("serialises for 365 days at the root path", () => {
    expect(serializePrefCookie("theme", "black")).toBe("theme=black; Path=/; Max-Age=31536000; SameSite=Lax");
  });
});

describe("pref cookies from form text", () => {
  it("accepts valid values only", () => {
    expect(prefCookieFromText("layout", "left")).toBe("layout=left; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(prefCookieFromText("language", "zh-cn", true)).toBe("language=zh-CN; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
    expect(prefCookieFromText("showAsset", "true")).toBe("show_asset=true; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(prefCookieFromText("theme", "neon")).toBeUndefined();
    expect(prefCookieFromText("session", "x")).toBeUndefined();
    expect(prefCookieFromText("unit", "EUR; Domain=evil")).toBeUndefined();
  });
});
