import { describe, expect, it } from "vitest";
import type { ServerBuild } from "@remix-run/node";
import { pageHydration, pageI18n } from "./page-hydration.ts";
import { SHELL_NAMESPACES } from "../protocol/page-i18n.ts";

/** A build's route manifest in the shape Remix gives it: the root, optional locale prefixes, index routes. */
function routes(): ServerBuild["routes"] {
  const route = (id: string, parentId: string | undefined, path: string | undefined, handle?: unknown, index = false) => ({
    id,
    parentId,
    path,
    index,
    caseSensitive: undefined,
    module: { default: () => null, ...(handle ? { handle } : {}) },
  });
  const list = [
    route("root", undefined, ""),
    route("routes/_index", "root", undefined, undefined, true),
    route("routes/($lang)._index", "root", ":lang?", undefined, true),
    route("routes/($lang).wiki._index", "root", ":lang?/wiki", { hydrate: false, inlineCss: true }, true),
    route("routes/($lang).wiki.$article", "root", ":lang?/wiki/:article", { hydrate: false }),
    route("routes/($lang).wiki.page.$n", "root", ":lang?/wiki/page/:n", { hydrate: false }),
    route("routes/($lang).spot.$symbol", "root", ":lang?/spot/:symbol", {
      other: true,
      i18n: ["markets", "chart"],
      i18nMember: ["gtfees"],
    }),
    route("routes/($lang).settings", "root", ":lang?/settings", { hydrate: true }),
    route("routes/$", "root", "*"),
  ];
  return Object.fromEntries(list.map((r) => [r.id, r])) as unknown as ServerBuild["routes"];
}

describe("pageHydration", () => {
  it("is false only where a matched route's handle says hydrate: false, under any locale prefix", () => {
    const hydrates = pageHydration(routes());
    for (const path of ["/wiki", "/wiki/", "/de/wiki", "/wiki/bitcoin", "/ar/wiki/ethereum", "/wiki/page/2", "/zh-TC/wiki/page/3"]) {
      expect(hydrates(path), path).toBe(false);
    }
    for (const path of ["/", "/de", "/spot/BTCUSDT", "/ja/spot/BTCUSDT", "/settings", "/no/such/page", "/wiki/a/b/c"]) {
      expect(hydrates(path), path).toBe(true);
    }
  });

  it("counts a single-fetch data request as hydrating: its answer goes to a running app", () => {
    const hydrates = pageHydration(routes());
    expect(hydrates("/wiki/bitcoin")).toBe(false);
    expect(hydrates("/wiki/bitcoin.data")).toBe(true);
    expect(hydrates("/_root.data")).toBe(true);
  });

  it("gives the same answer from its memory, and keeps giving right answers past its size", () => {
    const hydrates = pageHydration(routes());
    for (let i = 0; i < 5_000; i++) expect(hydrates(`/wiki/coin-${i}`)).toBe(false);
    expect(hydrates("/spot/BTCUSDT")).toBe(true);
    expect(hydrates("/wiki/coin-1")).toBe(false);
    expect(hydrates("/spot/BTCUSDT")).toBe(true);
  });
});

describe("pageI18n (docs/decisions/725)", () => {
  it("sends a page that declares handle.i18n only the shell's and its own namespaces, under any prefix and for its data requests", () => {
    const namespaces = pageI18n(routes());
    for (const path of ["/spot/BTCUSDT", "/ar/spot/BTCUSDT", "/spot/BTCUSDT.data"]) {
      const got = namespaces(path);
      expect(got, path).toEqual({ namespaces: [...SHELL_NAMESPACES, "markets", "chart"], member: ["gtfees"] });
    }
  });

  it("sends every namespace (null) to a page that declares none", () => {
    const namespaces = pageI18n(routes());
    for (const path of ["/", "/_root.data", "/de", "/settings", "/wiki/bitcoin", "/no/such/page"])
      expect(namespaces(path), path).toBeNull();
  });
});
