import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { COIN_ICON_SPECS, coinIconSvg } from "../../protocol/coin-icons.ts";
import { INSTRUMENTS } from "../exchange/instruments.ts";
import { coinIconPath } from "./coin-icons.ts";

describe("coin icons", () => {
  it("are committed exactly as the table draws them, and nothing else is in public/coins", () => {
    for (const [coin, spec] of Object.entries(COIN_ICON_SPECS))
      expect(readFileSync(coinIconPath(coin), "utf8")).toBe(coinIconSvg(coin, spec));
    const files = readdirSync(resolve(import.meta.dirname, "../../public/coins")).sort();
    expect(files).toEqual(
      Object.keys(COIN_ICON_SPECS)
        .map((c) => `${c}.svg`)
        .sort(),
    );
  });

  it("exist for every listed coin and the quote coin", () => {
    for (const coin of ["USDT", ...INSTRUMENTS.map((i) => i.baseCoin)]) expect(COIN_ICON_SPECS[coin.toLowerCase()], coin).toBeDefined();
  });

  it("set a four-letter ticker smaller and refuse what is not a ticker or a colour", () => {
    expect(coinIconSvg("doge", { disc: "#c2a633", ink: "#1b1b1b" })).toContain('font-size="9"');
    expect(coinIconSvg("btc", { disc: "#f7931a", ink: "#fff" })).toContain('font-size="11"');
    expect(() => coinIconSvg("<x>", { disc: "#f7931a", ink: "#fff" })).toThrow();
    expect(() => coinIconSvg("btc", { disc: "red;x", ink: "#fff" })).toThrow();
  });
});
