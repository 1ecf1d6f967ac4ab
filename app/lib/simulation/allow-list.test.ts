import { describe, expect, it, vi } from "vitest";
import { simulationFlag } from "~/lib/http/device-identity";
import { allowedInSimulation, reactToFlagChange, simulationHome, simulationRedirectScript } from "./allow-list";

describe("simulation allow-list", () => {
  it.each<[string, boolean]>([
    // The exact paths and the prefixes of docs/product.md, with or without a locale prefix.
    ["/fee", true],
    ["/asset/spot", true],
    ["/modifyverification", true],
    ["/spot/BTCUSDT", true],
    ["/ja/spot/ETHUSDT", true],
    ["/futures/usdt/BTCUSDT", true],
    ["/account/newapi", true],
    ["/de/subaccount/setting/api", true],
    ["/trade-asset-order/x", true],
    // Everything else: the home page, login, near misses and unknown prefixes.
    ["/", false],
    ["/ja", false],
    ["/login", false],
    ["/register", false],
    ["/spot", false],
    ["/fee/x", false],
    ["/asset/spot/1", false],
    ["/xx/spot/BTCUSDT", false],
    ["/wiki", false],
    ["/subaccount/setting/other", false],
  ])("%s is allowed: %s", (path, allowed) => {
    expect(allowedInSimulation(path)).toBe(allowed);
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

  it("gives a page without the app's scripts a head line that redirects only a refused page (decision 716)", () => {
    expect(simulationRedirectScript("/spot/BTCUSDT")).toBeNull();
    const script = simulationRedirectScript("/de/wiki/bitcoin") as string;
    expect(script).toContain(`localStorage.getItem("${simulationFlag.storageKey}")==="1"`);
    expect(script).toContain('location.replace("/de/spot/BTCUSDT")');
    // run it as the browser would: on with the flag, nothing without
    const replace = vi.fn();
    const items = new Map<string, string>();
    const run = () => new Function("localStorage", "location", script)({ getItem: (k: string) => items.get(k) ?? null }, { replace });
    run();
    expect(replace).not.toHaveBeenCalled();
    items.set(simulationFlag.storageKey, "1");
    run();
    expect(replace).toHaveBeenCalledWith("/de/spot/BTCUSDT");
  });
});
