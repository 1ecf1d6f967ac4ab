import { describe, expect, it } from "vitest";
import { localizePath, splitLocalePath, switchLocalePath } from "./locale-path";

describe("locale paths", () => {
  it("recognises any supported locale (and bg) as the first segment, case-insensitively", () => {
    expect(splitLocalePath("/ja/login")).toEqual({ prefix: "ja", rest: "/login" });
    expect(splitLocalePath("/zh-cn/spot/BTCUSDT")).toEqual({ prefix: "zh-CN", rest: "/spot/BTCUSDT" });
    expect(splitLocalePath("/bg")).toEqual({ prefix: "bg", rest: "/" });
    expect(splitLocalePath("/ar/")).toEqual({ prefix: "ar", rest: "/" });
  });

  it("leaves paths without a locale alone", () => {
    expect(splitLocalePath("/login")).toEqual({ prefix: null, rest: "/login" });
    expect(splitLocalePath("/")).toEqual({ prefix: null, rest: "/" });
    expect(splitLocalePath("/xx/login")).toEqual({ prefix: null, rest: "/xx/login" });
  });

  it("keeps the prefix on generated app paths, not on external or relative ones", () => {
    expect(localizePath("/login", "ja")).toBe("/ja/login");
    expect(localizePath("/", "ar")).toBe("/ar");
    expect(localizePath("/?appTheme=dark", "ar")).toBe("/ar?appTheme=dark");
    expect(localizePath("/de/login", "ja")).toBe("/ja/login");
    expect(localizePath("/login", null)).toBe("/login");
    expect(localizePath("//evil.example/x", "ja")).toBe("//evil.example/x");
    expect(localizePath("https://example.com/", "ja")).toBe("https://example.com/");
    expect(localizePath("#main", "ja")).toBe("#main");
  });

  it("moves a page to another prefix or to none", () => {
    expect(switchLocalePath("/ja/login", "ar")).toBe("/ar/login");
    expect(switchLocalePath("/ja/login", null)).toBe("/login");
    expect(switchLocalePath("/login", "fr")).toBe("/fr/login");
    expect(switchLocalePath("/ja", null)).toBe("/");
  });
});
