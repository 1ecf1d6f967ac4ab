import { describe, expect, it } from "vitest";
import { formatRate } from "~/lib/i18n/format";
import { contractBase, marketLists, nextSort, openInterestUsdt, searchRows, sortRows, type OverviewRow } from "./overview";

const row = (symbol: string, over: Partial<OverviewRow> = {}, listOrder = 0): OverviewRow => ({
  kind: "spot",
  symbol,
  baseCoin: symbol.replace(/USDT$/, ""),
  quoteCoin: "USDT",
  lastPr: "1",
  change24h: "0",
  quoteVolume: "0",
  listedAt: 0,
  listOrder,
  ...over,
});

const ROWS = [
  row("BTCUSDT", { lastPr: "90000.5", change24h: "0.012", quoteVolume: "900000" }, 0),
  row("ETHUSDT", { lastPr: "3000", change24h: "-0.031", quoteVolume: "1200000.75" }, 1),
  row("SOLUSDT", { lastPr: "150", change24h: "0.1", quoteVolume: "5" }, 2),
  row("DOGEUSDT", { lastPr: "0.2", change24h: "-0.002", quoteVolume: "77" }, 3),
  row("XRPUSDT", { lastPr: "bad", change24h: "0", quoteVolume: "10" }, 4),
];
const symbols = (rows: readonly OverviewRow[]) => rows.map((r) => r.symbol);

describe("the market overview", () => {
  it("sorts by a column exactly (decimal text, not floats), unreadable figures last, ties in listing order", () => {
    expect(symbols(sortRows(ROWS, { key: "lastPr", dir: "descending" }))).toEqual(["BTCUSDT", "ETHUSDT", "SOLUSDT", "DOGEUSDT", "XRPUSDT"]);
    expect(symbols(sortRows(ROWS, { key: "lastPr", dir: "ascending" }))).toEqual(["DOGEUSDT", "SOLUSDT", "ETHUSDT", "BTCUSDT", "XRPUSDT"]);
    expect(symbols(sortRows(ROWS, { key: "symbol", dir: "ascending" }))).toEqual(["BTCUSDT", "DOGEUSDT", "ETHUSDT", "SOLUSDT", "XRPUSDT"]);
    const close = [
      row("A", { quoteVolume: "0.30000000000000004" }, 0),
      row("B", { quoteVolume: "0.3" }, 1),
      row("C", { quoteVolume: "0.3" }, 2),
    ];
    expect(symbols(sortRows(close, { key: "quoteVolume", dir: "descending" }))).toEqual(["A", "B", "C"]);
    // no sort: the listing order, whatever order the rows came in
    expect(symbols(sortRows([...ROWS].reverse(), null))).toEqual(symbols(ROWS));
    // futures-only columns: spot rows have none and go last either way
    const mixed = [
      row("BTCUSDT"),
      row("ETHUSDT", { kind: "futures", fundingRate: "-0.0001" }, 1),
      row("SOLUSDT", { kind: "futures", fundingRate: "0.0003" }, 2),
    ];
    expect(symbols(sortRows(mixed, { key: "fundingRate", dir: "ascending" }))).toEqual(["ETHUSDT", "SOLUSDT", "BTCUSDT"]);
  });

  it("flips the direction on the same header and starts a new one high to low (names A to Z)", () => {
    expect(nextSort(null, "change24h")).toEqual({ key: "change24h", dir: "descending" });
    expect(nextSort({ key: "change24h", dir: "descending" }, "change24h")).toEqual({ key: "change24h", dir: "ascending" });
    expect(nextSort({ key: "change24h", dir: "ascending" }, "symbol")).toEqual({ key: "symbol", dir: "ascending" });
  });

  it("searches by symbol in any spelling and by the start of the base coin", () => {
    expect(symbols(searchRows(ROWS, "eth"))).toEqual(["ETHUSDT"]);
    expect(symbols(searchRows(ROWS, " Sol/usdt "))).toEqual(["SOLUSDT"]);
    expect(symbols(searchRows(ROWS, "doge-usdt"))).toEqual(["DOGEUSDT"]);
    expect(symbols(searchRows(ROWS, "usdt"))).toHaveLength(5);
    expect(searchRows(ROWS, "zzz")).toEqual([]);
    expect(searchRows(ROWS, "   ")).toHaveLength(5);
    expect(searchRows(ROWS, "x".repeat(10_000))).toEqual([]);
  });

  it("lists the hot, the gainers (risen only), the losers (fallen only) and the newest", () => {
    const l = marketLists(ROWS, 3);
    expect(symbols(l.hot)).toEqual(["ETHUSDT", "BTCUSDT", "DOGEUSDT"]);
    expect(symbols(l.gainers)).toEqual(["SOLUSDT", "BTCUSDT"]);
    expect(symbols(l.losers)).toEqual(["ETHUSDT", "DOGEUSDT"]);
    // no listing times: the latest listed is the last of the gateway's list
    expect(symbols(l.newest)).toEqual(["XRPUSDT", "DOGEUSDT", "SOLUSDT"]);
    const timed = [row("OLD", { listedAt: 2 }, 3), row("NEW", { listedAt: 9 }, 0)];
    expect(symbols(marketLists(timed).newest)).toEqual(["NEW", "OLD"]);
    expect(marketLists([row("FLAT")]).gainers).toEqual([]);
  });

  it("values open interest in USDT exactly and reads a contract's base coin", () => {
    expect(openInterestUsdt("12.345", "90000.5")).toBe("1111056.1725");
    expect(openInterestUsdt(undefined, "1")).toBeUndefined();
    expect(openInterestUsdt("x", "1")).toBeUndefined();
    expect(contractBase("BTCUSDT")).toBe("BTC");
    expect(contractBase("BTCUSD")).toBeUndefined();
  });

  it("prints a funding rate with four decimals in the reader's locale", () => {
    expect(formatRate("0.0001", "en-US")).toBe("+0.0100%");
    expect(formatRate("-0.00025", "de-DE")).toMatch(/^-0,0250\s%$/u);
    expect(formatRate("", "en-US")).toBe("—");
  });
});
