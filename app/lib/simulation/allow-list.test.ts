import { describe, expect, it } from "vitest";
import { allowedInSimulation, reactToFlagChange, simulationHome } from "./allow-list";

describe("simulation allow-list", () => {
  it("allows the exact paths and the prefixes of docs/product.md, with or without a locale prefix", () => {
    for (const p of [
      "/fee",
      "/asset/spot",
      "/modifyverification",
      "/spot/BTCUSDT",
      "/ja/spot/ETHUSDT",
      "/futures/usdt/BTCUSDT",
      "/account/newapi",
      "/de/subaccount/setting/api",
      "/trade-asset-order/x",
    ]) {
      expect(allowedInSimulation(p), p).toBe(true);
    }
  });

  it("refuses everything else: the home page, login, near misses and unknown prefixes", () => {
    for (const p of [
      "/",
      "/ja",
      "/login",
      "/register",
      "/spot",
      "/fee/x",
      "/asset/spot/1",
      "/xx/spot/BTCUSDT",
      "/wiki",
      "/subaccount/setting/other",
    ]) {
      expect(allowedInSimulation(p), p).toBe(false);
    }
  });

  it("sends a refused page to the default spot page in the same locale", () => {
    expect(simulationHome("/login")).toBe("/spot/BTCUSDT");
    expect(simulationHome("/ar/wiki")).toBe("/ar/spot/BTCUSDT");
  });

  it("reacts to another tab: on and allowed or off → reload, on and refused → default spot", () => {
    expect(reactToFlagChange(true, "/spot/ETHUSDT")).toEqual({ kind: "reload" });
    expect(reactToFlagChange(true, "/ja/login")).toEqual({ kind: "redirect", to: "/ja/spot/BTCUSDT" });
    expect(reactToFlagChange(false, "/spot/ETHUSDT")).toEqual({ kind: "reload" });
    expect(reactToFlagChange(false, "/login")).toEqual({ kind: "reload" });
  });
});
