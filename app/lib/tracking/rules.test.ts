import { describe, expect, it } from "vitest";
import { resolveLogEnv } from "./log-env";
import { splitLocale } from "./page-path";
import { wikiTracking } from "./wiki";

describe("log environment from configuration or host (docs/product.md)", () => {
  it("keeps a valid configured name", () => {
    expect(resolveLogEnv("pre", "www.example.com")).toBe("pre");
    expect(resolveLogEnv("online", "test3.example.com")).toBe("online");
    expect(resolveLogEnv("apitest12", "www.example.com")).toBe("apitest12");
  });

  it("derives an invalid or missing one from the host", () => {
    expect(resolveLogEnv(undefined, "test3.example.com")).toBe("test3");
    expect(resolveLogEnv("staging", "web-test12.example.com:8443")).toBe("test12");
    expect(resolveLogEnv("", "www.bike-pre.example.com")).toBe("pre");
    expect(resolveLogEnv(undefined, "www.example.com")).toBe("online");
    expect(resolveLogEnv(undefined, "127.0.0.1:3000")).toBe("online");
    // three digits are no test number
    expect(resolveLogEnv(undefined, "test123.example.com")).toBe("online");
  });
});

describe("locale prefix", () => {
  it("is split off when the first segment is a locale key, in any case", () => {
    expect(splitLocale("/ja/wiki/btc")).toEqual({ locale: "ja", path: "/wiki/btc" });
    expect(splitLocale("/zh-cn/spot/BTCUSDT")).toEqual({ locale: "zh-CN", path: "/spot/BTCUSDT" });
    expect(splitLocale("/bg")).toEqual({ locale: "bg", path: "/" });
    expect(splitLocale("/wiki/")).toEqual({ locale: undefined, path: "/wiki" });
    expect(splitLocale("/")).toEqual({ locale: undefined, path: "/" });
    expect(splitLocale("/xx/wiki")).toEqual({ locale: undefined, path: "/xx/wiki" });
  });
});

describe("wiki tracking (docs/product.md)", () => {
  const index = { event_tracking_id: "b6719", business1: "Price", business2: "Crypto Price", ext: {} };

  it("tracks /wiki and /wiki/page as the index, b6719", () => {
    expect(wikiTracking("/wiki")).toEqual(index);
    expect(wikiTracking("/wiki/")).toEqual(index);
    expect(wikiTracking("/wiki/page")).toEqual(index);
    expect(wikiTracking("/en-GB/wiki/page")).toEqual(index);
  });

  it("tracks the list's later pages, /wiki/page/{n}, as the index too", () => {
    expect(wikiTracking("/wiki/page/2")).toEqual(index);
    expect(wikiTracking("/ar/wiki/page/12")).toEqual(index);
    expect(wikiTracking("/wiki/page/x")).toBeUndefined();
    expect(wikiTracking("/wiki/bitcoin/card.svg")).toBeUndefined();
  });

  it("tracks an article as b6720 with its article id from the path", () => {
    expect(wikiTracking("/wiki/bitcoin")).toEqual({ ...index, event_tracking_id: "b6720", ext: { article_id: "bitcoin" } });
    expect(wikiTracking("/de/wiki/ether%20eum")?.ext).toEqual({ article_id: "ether eum" });
    expect(wikiTracking("/wiki/%E0%A4%A")?.ext).toEqual({ article_id: "%E0%A4%A" });
  });

  it("leaves other pages alone", () => {
    for (const p of ["/", "/wikis", "/spot/BTCUSDT", "/wiki/a/b", "/xx/wiki", "/price/wiki"]) expect(wikiTracking(p)).toBeUndefined();
  });
});
