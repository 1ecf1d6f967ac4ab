import { describe, expect, it } from "vitest";
import { isSmall, readHistory, slices, sumText, visibleRows, worth } from "./overview";

const row = (coin: string, available: string, usdt: string | undefined, key = coin) => ({ key, coin, available, usdt });

describe("the equity history answer", () => {
  it("keeps points and parts with their figures and leaves out the rest", () => {
    const h = readHistory({
      intervalMs: "86400000",
      points: [{ ts: "1000", total: "5.5" }, { ts: "2000" }, "x", { ts: "x1", total: "1" }],
      current: {
        ts: "3000",
        total: "7",
        accounts: [
          { accountType: "spot", usdt: "7", exists: true },
          { accountType: "nope", usdt: "1", exists: true },
        ],
        coins: [
          { coin: "BTC", usdt: "abc" },
          { coin: "USDT", usdt: "7" },
        ],
      },
    });
    expect(h).toEqual({
      intervalMs: 86_400_000,
      points: [{ ts: 1000, total: "5.5" }],
      current: { ts: 3000, total: "7", accounts: [{ accountType: "spot", usdt: "7", exists: true }], coins: [{ coin: "USDT", usdt: "7" }] },
    });
    expect(readHistory(null).points).toEqual([]);
  });
});

describe("allocation slices", () => {
  it("shares the positive whole, and a part worth nothing or less has no share", () => {
    expect(
      slices([
        { name: "spot", usdt: "75" },
        { name: "futures", usdt: "25" },
        { name: "margin", usdt: "-10" },
        { name: "none", usdt: "0" },
      ]),
    ).toEqual([
      { name: "spot", usdt: "75", share: "0.75" },
      { name: "futures", usdt: "25", share: "0.25" },
      { name: "margin", usdt: "-10", share: "0" },
      { name: "none", usdt: "0", share: "0" },
    ]);
    expect(slices([{ name: "a", usdt: "0" }])[0]?.share).toBe("0");
  });
});

describe("balance lists", () => {
  const rows = [
    row("BTC", "0.5", "45000"),
    row("ETH", "2", "6000"),
    row("DOGE", "3", "0.45"),
    row("PEPE", "9", undefined),
    row("USDT", "100", "100", "crossed:USDT"),
  ];

  it("searches by coin or key, hides balances under 1 USDT on request, and sorts", () => {
    expect(visibleRows(rows, { search: "", hideSmall: false, sort: "value" }).map((r) => r.coin)).toEqual([
      "BTC",
      "ETH",
      "USDT",
      "DOGE",
      "PEPE",
    ]);
    expect(visibleRows(rows, { search: "", hideSmall: true, sort: "coin" }).map((r) => r.coin)).toEqual(["BTC", "ETH", "PEPE", "USDT"]);
    expect(visibleRows(rows, { search: "", hideSmall: false, sort: "available" }).map((r) => r.coin)).toEqual([
      "USDT",
      "PEPE",
      "DOGE",
      "ETH",
      "BTC",
    ]);
    expect(visibleRows(rows, { search: " et ", hideSmall: false, sort: "coin" }).map((r) => r.coin)).toEqual(["ETH"]);
    expect(visibleRows(rows, { search: "crossed", hideSmall: false, sort: "coin" }).map((r) => r.coin)).toEqual(["USDT"]);
  });

  it("calls a small debt small too and never hides an unpriced coin", () => {
    expect(isSmall("-0.5")).toBe(true);
    expect(isSmall("-1")).toBe(false);
    expect(isSmall("0.99999999")).toBe(true);
    expect(isSmall("1")).toBe(false);
    expect(isSmall(undefined)).toBe(false);
  });

  it("values an amount exactly and adds texts", () => {
    expect(worth("0.1", { int: 3n, scale: 1 })).toBe("0.03");
    expect(worth("1", undefined)).toBeUndefined();
    expect(sumText(["0.1", "0.2", undefined])).toBe("0.3");
  });
});
