import { describe, expect, it } from "vitest";
import { listSearch, pageOf, parseListQuery, parsePageSegment, searchList, sortList, WIKI_PAGE_SIZE, type Listable } from "./list-query";

const row = (name: string, coin: string, cap?: number, price?: number): Listable => ({
  name,
  coin,
  article: name.toLowerCase(),
  sortValues: { cap, price },
});

describe("wiki list query", () => {
  it("reads search, sort and direction, defaulting anything unknown", () => {
    expect(parseListQuery(new URLSearchParams(""))).toEqual({ q: "", sort: "cap", dir: "desc" });
    expect(parseListQuery(new URLSearchParams("q=%20Bit%20%20coin%20&sort=name"))).toEqual({ q: "Bit coin", sort: "name", dir: "asc" });
    expect(parseListQuery(new URLSearchParams("sort=PRICE&dir=sideways"))).toEqual({ q: "", sort: "cap", dir: "desc" });
    expect(parseListQuery(new URLSearchParams(`q=${"x".repeat(500)}`)).q).toHaveLength(40);
    expect(parseListQuery(new URLSearchParams("sort=price&dir=asc&sort=name"))).toMatchObject({ sort: "price", dir: "asc" });
  });

  it("writes only what differs from the defaults", () => {
    expect(listSearch({ q: "", sort: "cap", dir: "desc" })).toBe("");
    expect(listSearch({ q: "sol ana", sort: "name", dir: "asc" })).toBe("?q=sol+ana&sort=name");
    expect(listSearch({ q: "", sort: "price", dir: "asc" })).toBe("?sort=price&dir=asc");
  });

  it("searches name, ticker and id and sorts with missing figures last", () => {
    const rows = [row("Bitcoin", "BTC", 3, 90), row("Tether", "USDT", 2), row("Ethereum", "ETH", 1, 3)];
    expect(searchList(rows, "eth").map((r) => r.coin)).toEqual(["USDT", "ETH"]);
    expect(searchList(rows, "usdt").map((r) => r.coin)).toEqual(["USDT"]);
    expect(searchList(rows, "T").map((r) => r.coin)).toEqual(["BTC", "USDT", "ETH"]);
    expect(sortList(rows, "price", "asc").map((r) => r.coin)).toEqual(["ETH", "BTC", "USDT"]);
    expect(sortList(rows, "price", "desc").map((r) => r.coin)).toEqual(["BTC", "ETH", "USDT"]);
    expect(sortList(rows, "name", "desc").map((r) => r.coin)).toEqual(["USDT", "ETH", "BTC"]);
    expect(sortList(rows, "cap", "desc").map((r) => r.coin)).toEqual(["BTC", "USDT", "ETH"]);
  });

  it("pages, refusing pages past the last but always having a first", () => {
    const rows = Array.from({ length: WIKI_PAGE_SIZE + 2 }, (_, i) => i);
    expect(pageOf(rows, 2)).toEqual({ rows: [WIKI_PAGE_SIZE, WIKI_PAGE_SIZE + 1], page: 2, pages: 2, total: 12, first: 11 });
    expect(pageOf(rows, 3)).toBeUndefined();
    expect(pageOf([], 1)).toMatchObject({ rows: [], pages: 1 });
    expect(pageOf(rows, 0)).toBeUndefined();
    expect([
      parsePageSegment("2"),
      parsePageSegment("02"),
      parsePageSegment("2.0"),
      parsePageSegment("-1"),
      parsePageSegment("9999999"),
    ]).toEqual([2, undefined, undefined, undefined, undefined]);
  });
});
