import { describe, expect, it } from "vitest";
import { COOKIE_DEFAULTS, parseCookieHeader, prefCookieFromText, readCookiePrefs, serializePrefCookie } from "./cookie-prefs";

const read = (header: string | null) => readCookiePrefs(parseCookieHeader(header));

describe("cookie prefs", () => {
  // balances are shown until the trader hides them, as Bitget shows them (docs/decisions/716)
  it("defaults: language en, unit CNY, show-asset true, theme white, valuation unit 1, layout right", () => {
    expect(read(null)).toEqual({ language: "en", unit: "CNY", showAsset: true, theme: "white", valuationUnit: "1", layout: "right" });
  });

  it("reads valid values", () => {
    expect(read("language=ar; unit=USD; show_asset=true; theme=black; valuation_unit=2; layout=left")).toEqual({
      language: "ar",
      unit: "USD",
      showAsset: true,
      theme: "black",
      valuationUnit: "2",
      layout: "left",
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
    expect(serializePrefCookie("theme", "black")).toBe("theme=black; Max-Age=31536000; Path=/; SameSite=Lax");
  });
});

describe("pref cookies from form text", () => {
  it("accepts valid values only", () => {
    expect(prefCookieFromText("layout", "left")).toBe("layout=left; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(prefCookieFromText("language", "zh-cn", true)).toBe("language=zh-CN; Max-Age=31536000; Path=/; Secure; SameSite=Lax");
    expect(prefCookieFromText("showAsset", "true")).toBe("show_asset=true; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(prefCookieFromText("theme", "neon")).toBeUndefined();
    expect(prefCookieFromText("session", "x")).toBeUndefined();
    expect(prefCookieFromText("unit", "EUR; Domain=evil")).toBeUndefined();
  });
});

describe("cookie headers (the cookie package)", () => {
  it("keeps an = inside a value, trims spaces, and lets the first of a repeated name win", () => {
    const cookies = parseCookieHeader(" a = x=y ; theme=black; theme=white");
    expect(cookies.get("a")).toBe("x=y");
    expect(cookies.get("theme")).toBe("black");
  });

  it("decodes percent-escapes and keeps a malformed one raw", () => {
    expect(parseCookieHeader("unit=U%53D; bad=%E0%A4%A").get("unit")).toBe("USD");
    expect(parseCookieHeader("bad=%E0%A4%A").get("bad")).toBe("%E0%A4%A");
  });
});
