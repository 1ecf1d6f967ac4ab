import { describe, expect, it } from "vitest";
import { cursorOf, filtersToParams, newer, older, parseFilters, timeWindow, withFilter, type FilterChoices } from "./filters";

const choices: FilterChoices = {
  tabs: ["orders", "fills"],
  symbols: ["BTCUSDT", "ETHUSDT"],
  types: ["BUY", "SELL"],
  modes: ["crossed", "isolated"],
};
const parse = (qs: string, c = choices) => parseFilters(new URLSearchParams(qs), c);

describe("record filters in the address", () => {
  it("reads the defaults from an empty address and writes them back as nothing", () => {
    const f = parse("");
    expect(f).toEqual({ tab: "orders", range: "30d", from: "", to: "", symbol: "", type: "", mode: "crossed", cursors: [] });
    expect(filtersToParams(f, undefined, choices).toString()).toBe("");
  });

  it("round-trips every filter and the cursors, keeping the page's other parameters", () => {
    const qs = "lang=x&tab=fills&range=custom&from=2026-01-01&to=2026-01-31&symbol=ETHUSDT&type=SELL&mode=isolated&page=900.800";
    const f = parse(qs);
    expect(f).toMatchObject({ tab: "fills", range: "custom", from: "2026-01-01", symbol: "ETHUSDT", type: "SELL", mode: "isolated" });
    expect(f.cursors).toEqual(["900", "800"]);
    const back = filtersToParams(f, new URLSearchParams("lang=x"), choices);
    expect(parse(back.toString())).toEqual(f);
    expect(back.get("lang")).toBe("x");
  });

  it("reads what is not a choice as the default: the address is typed by anyone", () => {
    const f = parse("tab=<script>&range=5y&symbol=NOPE&type=GIFT&mode=x&page=1.abc.2e9.3");
    expect(f).toMatchObject({ tab: "orders", range: "30d", symbol: "", type: "", mode: "crossed" });
    expect(f.cursors).toEqual(["1", "3"]);
    // a custom range without both dates is the default range
    expect(parse("range=custom&from=2026-01-01").range).toBe("30d");
    // an endpoint that needs a pair gets the first one, a lower-case one is read in upper case
    expect(parse("", { ...choices, symbolRequired: true }).symbol).toBe("BTCUSDT");
    expect(parse("symbol=ethusdt").symbol).toBe("ETHUSDT");
  });

  it("pages older and newer by a stack of cursors, and starts again when a filter changes", () => {
    const f = parse("symbol=BTCUSDT");
    expect(cursorOf(f)).toBeUndefined();
    const two = older(older(f, "500"), "400");
    expect(cursorOf(two)).toBe("400");
    expect(filtersToParams(two).get("page")).toBe("500.400");
    expect(cursorOf(newer(two))).toBe("500");
    expect(cursorOf(newer(newer(two)))).toBeUndefined();
    expect(withFilter(two, { type: "BUY" }).cursors).toEqual([]);
  });
});

describe("time windows", () => {
  const now = Date.UTC(2026, 10, 28, 12);
  it("reaches back from now for a preset", () => {
    expect(timeWindow({ range: "7d", from: "", to: "" }, now)).toEqual({ startTime: now - 7 * 86_400_000, endTime: now });
  });

  it("covers whole local days for a custom range, either way round, at most 90 days", () => {
    const w = timeWindow({ range: "custom", from: "2026-01-31", to: "2026-01-01" }, now);
    expect(w.startTime).toBe(new Date(2026, 0, 1).getTime());
    expect(w.endTime).toBe(new Date(2026, 1, 1).getTime() - 1);
    const long = timeWindow({ range: "custom", from: "2025-01-01", to: "2026-01-01" }, now);
    expect(long.endTime - long.startTime + 1).toBe(90 * 86_400_000);
  });
});

describe("a record page's state", async () => {
  const { recordPageState } = await import("./page-state");
  const { marginSources } = await import("./margin-sources");
  const { spotSources } = await import("./spot-sources");
  it("takes the tab's own choices: a pair for spot fills, a coin and business type for bills", () => {
    const spot = () => spotSources(["BTCUSDT", "ETHUSDT"], ["BTC", "USDT"]);
    expect(recordPageState(new URLSearchParams("tab=fills"), { sources: spot }).filters.symbol).toBe("BTCUSDT");
    const bills = recordPageState(new URLSearchParams("tab=bills&symbol=usdt&type=BUY"), { sources: spot });
    expect(bills.filters).toMatchObject({ tab: "bills", symbol: "USDT", type: "BUY" });
    expect(bills.source.query(bills.filters)).toEqual({ coin: "USDT", businessType: "BUY" });
  });

  it("builds the margin lists of the mode in the address", () => {
    const opts = { modes: ["crossed", "isolated"], sources: (m: string) => marginSources(m as "crossed" | "isolated", ["BTCUSDT"]) };
    const crossed = recordPageState(new URLSearchParams("tab=interest"), opts);
    expect(crossed.source.path(crossed.filters)).toBe("/api/v2/margin/crossed/interest-history");
    expect(crossed.source.query(crossed.filters)).toEqual({});
    const isolated = recordPageState(new URLSearchParams("tab=interest&mode=isolated"), opts);
    expect(isolated.source.path(isolated.filters)).toBe("/api/v2/margin/isolated/interest-history");
    expect(isolated.source.query(isolated.filters)).toEqual({ symbol: "BTCUSDT" });
  });
});
