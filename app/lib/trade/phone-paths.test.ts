import { describe, expect, it } from "vitest";
import { allowedInSimulation } from "~/lib/simulation/allow-list";
import { phonePaths, phoneTwinOf } from "./phone-paths";

describe("phone paths (docs/decisions/723)", () => {
  it("gives each desktop trading screen its phone twin, and nothing for any other page", () => {
    expect(phoneTwinOf("/spot/BTCUSDT")).toBe("/trade-spot/BTCUSDT");
    expect(phoneTwinOf("/margin/ETHUSDT")).toBe("/trade-margin/ETHUSDT");
    expect(phoneTwinOf("/futures/usdt/BTCUSDT")).toBe("/trade-swap/BTCUSDT");
    for (const other of ["/", "/spot", "/spot/BTCUSDT/x", "/futures/usdt", "/futures/coin/BTCUSD", "/trade-spot/BTCUSDT", "/asset/spot"])
      expect(phoneTwinOf(other)).toBeUndefined();
  });

  it("keeps a symbol an address segment, however it is spelt", () => {
    expect(phonePaths.spot("A/B?")).toBe("/trade-spot/A%2FB%3F");
    expect(phoneTwinOf("/spot/A%2FB")).toBe("/trade-spot/A%2FB");
  });

  it("names only pages simulation mode allows (they are on its list of the specification)", () => {
    for (const p of [phonePaths.spot(), phonePaths.margin(), phonePaths.swap(), phonePaths.info(), phonePaths.assets, phonePaths.orders])
      expect(allowedInSimulation(p)).toBe(true);
  });
});
