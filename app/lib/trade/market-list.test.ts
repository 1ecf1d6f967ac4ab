import { describe, expect, it } from "vitest";
import { marketRows, parseFavorites, quoteTabs, toggleFavorite } from "./market-list";

const pairs = [
  { symbol: "BTCUSDT", baseCoin: "BTC", quoteCoin: "USDT" },
  { symbol: "ETHUSDT", baseCoin: "ETH", quoteCoin: "USDT" },
  { symbol: "ETHBTC", baseCoin: "ETH", quoteCoin: "BTC" },
  { symbol: "SOLUSDT", baseCoin: "SOL", quoteCoin: "USDT" },
];
const tickers = [
  { symbol: "BTCUSDT", lastPr: "95000", change24h: "0.01", quoteVolume: "900" },
  { symbol: "ETHUSDT", lastPr: "3000", change24h: "-0.02", quoteVolume: "1200" },
  { symbol: "ETHBTC", lastPr: "0.03", change24h: "0.05", quoteVolume: "10" },
  { symbol: "SOLUSDT", lastPr: "150", change24h: "0.003", quoteVolume: "50" },
];
const symbols = (rows: ReturnType<typeof marketRows>) => rows.map((r) => r.symbol);

describe("market list", () => {
  it("lists the quote coins as tabs after the favourites", () => {
    expect(quoteTabs(pairs)).toEqual(["favorites", "USDT", "BTC"]);
  });

  it("searches every symbol by base, quote or pair, in any case and with a slash", () => {
    const all = { query: "", tab: "all" as const, sort: "default" as const, favorites: [] };
    expect(symbols(marketRows(pairs, tickers, { ...all, query: "eth" }))).toEqual(["ETHUSDT", "ETHBTC"]);
    expect(symbols(marketRows(pairs, tickers, { ...all, query: " Eth/Btc " }))).toEqual(["ETHBTC"]);
    expect(symbols(marketRows(pairs, tickers, { ...all, query: "zzz" }))).toEqual([]);
    // A search looks over every quote, whatever tab is open.
    expect(symbols(marketRows(pairs, tickers, { ...all, tab: "USDT", query: "ethbtc" }))).toEqual(["ETHBTC"]);
  });

  it("shows favourites first, only favourites in their tab, and sorts by change or volume", () => {
    const base = { query: "", sort: "default" as const, favorites: ["SOLUSDT"] };
    expect(symbols(marketRows(pairs, tickers, { ...base, tab: "USDT" }))).toEqual(["SOLUSDT", "BTCUSDT", "ETHUSDT"]);
    expect(symbols(marketRows(pairs, tickers, { ...base, tab: "favorites" }))).toEqual(["SOLUSDT"]);
    expect(symbols(marketRows(pairs, tickers, { ...base, favorites: [], tab: "all", sort: "change" }))).toEqual([
      "ETHBTC",
      "BTCUSDT",
      "SOLUSDT",
      "ETHUSDT",
    ]);
    expect(symbols(marketRows(pairs, tickers, { ...base, favorites: [], tab: "USDT", sort: "volume" }))).toEqual([
      "ETHUSDT",
      "BTCUSDT",
      "SOLUSDT",
    ]);
    expect(marketRows(pairs, tickers, { ...base, tab: "USDT" })[0]).toMatchObject({ favorite: true, lastPr: "150" });
  });

  it("keeps favourites as a short list of known-looking symbols, whatever was stored", () => {
    expect(parseFavorites("BTCUSDT,ethusdt,,BTCUSDT,<script>")).toEqual(["BTCUSDT", "ETHUSDT"]);
    expect(parseFavorites("")).toEqual([]);
    expect(toggleFavorite(["BTCUSDT"], "ETHUSDT")).toEqual(["BTCUSDT", "ETHUSDT"]);
    expect(toggleFavorite(["BTCUSDT", "ETHUSDT"], "BTCUSDT")).toEqual(["ETHUSDT"]);
    expect(
      toggleFavorite(
        Array.from({ length: 200 }, (_, i) => `C${i}USDT`),
        "BTCUSDT",
      ),
    ).toHaveLength(200);
  });
});
