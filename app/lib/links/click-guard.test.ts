import { afterEach, describe, expect, it, vi } from "vitest";
import { decideClick } from "./click-guard";
import { openWindow, severedRel, type WindowLike } from "./open-window";
import type { LinkPolicy } from "./link-policy";

const policy: LinkPolicy = { hosts: ["mix.example"], addresses: ["https://t.me/mixexchange"] };

describe("decideClick", () => {
  it("follows relative links as they are, in any window", () => {
    expect(decideClick("/wiki", false, policy)).toEqual({ action: "follow" });
    expect(decideClick("#top", true, policy)).toEqual({ action: "follow" });
  });

  it("blocks what the allow-list refuses, saying why", () => {
    expect(decideClick("javascript:alert(1)", false, policy)).toEqual({ action: "block", reason: "scheme javascript: is not allowed" });
    expect(decideClick("https://evil.example/", true, policy)).toMatchObject({ action: "block" });
    expect(decideClick("//evil.example/", false, policy)).toMatchObject({ action: "block" });
  });

  it("routes brand absolute addresses to their relative form", () => {
    expect(decideClick("https://www.mix.example/ja/wiki/bitcoin", false, policy)).toEqual({ action: "route", to: "/ja/wiki/bitcoin" });
    expect(decideClick(" //mix.example/fee", true, policy)).toEqual({ action: "route", to: "/fee" });
  });

  it("cuts the opener of new windows to other origins only", () => {
    expect(decideClick("https://t.me/mixexchange", true, policy)).toEqual({ action: "follow-severed" });
    expect(decideClick("https://t.me/mixexchange", false, policy)).toEqual({ action: "follow" });
    expect(decideClick("mailto:a@mix.example", true, policy)).toEqual({ action: "follow-severed" });
  });
});

describe("severedRel", () => {
  it("adds noopener and noreferrer once, keeping other tokens", () => {
    expect(severedRel(null)).toBe("noopener noreferrer");
    expect(severedRel("nofollow NOOPENER")).toBe("nofollow noopener noreferrer");
  });
});

describe("openWindow", () => {
  afterEach(() => vi.restoreAllMocks());
  const fakeWindow = () => {
    const calls: Array<[string, string, string]> = [];
    const win: WindowLike = {
      location: { href: "https://mix.example/ja/wiki", origin: "https://mix.example" },
      open: (url, target, features) => calls.push([url, target, features]),
    };
    return { win, calls };
  };

  it("opens other origins without opener or referrer", () => {
    const { win, calls } = fakeWindow();
    expect(openWindow("https://t.me/mixexchange/1", { policy, win })).toBe(true);
    expect(calls).toEqual([["https://t.me/mixexchange/1", "_blank", "noopener,noreferrer"]]);
  });

  it("opens this site's pages (brand addresses made relative) with no restriction", () => {
    const { win, calls } = fakeWindow();
    openWindow("https://www.mix.example/fee", { policy, win });
    openWindow("/asset", { policy, win });
    expect(calls).toEqual([
      ["/fee", "_blank", ""],
      ["/asset", "_blank", ""],
    ]);
  });

  it("opens nothing for a refused address and warns", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { win, calls } = fakeWindow();
    expect(openWindow("javascript:alert(document.domain)", { policy, win })).toBe(false);
    expect(openWindow("https://mix.example@evil.example/", { policy, win })).toBe(false);
    expect(calls).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]?.[0])).toContain("javascript:alert(document.domain)");
  });
});
