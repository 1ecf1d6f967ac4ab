/**
 * The simulated market's price control (docs/decisions/316) on a real gateway: absent unless the
 * gateway runs with SIM_PRICE_CONTROL=1, and then the operator's command moves the futures index
 * and mark to the target at the rate given.
 */
import { describe, expect, it } from "vitest";
import { MIX } from "../../protocol/mix.ts";
import { priceCommand } from "../setup/price-control.ts";
import { gatewayForSuite, type SuiteServer } from "../setup/suite.ts";

const BTC = "symbol=BTCUSDT&productType=USDT-FUTURES";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function prices(gw: SuiteServer): Promise<{ mark: number; index: number }> {
  const res = await fetch(`${gw.url}${MIX.symbolPrice}?${BTC}`);
  const body = (await res.json()) as { code: string; data: Array<{ markPrice: string; indexPrice: string }> };
  expect(body.code).toBe("00000");
  return { mark: Number(body.data[0]!.markPrice), index: Number(body.data[0]!.indexPrice) };
}

describe("price control, off (the default)", () => {
  const gw = gatewayForSuite();

  it("is not taken: the command waits unanswered, says why, and the price does not move", async () => {
    const before = await prices(gw);
    const target = (before.index * 0.8).toFixed(2);
    const r = priceCommand(gw.dir, ["--symbol", "BTCUSDT", "--price", target, "--rate", "50", "--wait", "3"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("SIM_PRICE_CONTROL=1");
    expect(gw.started.logs.join("\n")).not.toContain("SIM_PRICE_CONTROL is on");
    const after = await prices(gw);
    expect(Math.abs(after.index - before.index) / before.index).toBeLessThan(0.05);
    expect(Math.abs(after.mark - Number(target)) / Number(target)).toBeGreaterThan(0.1);
  });

  it("has no HTTP path: the public API answers an admin-looking call as an unknown path", async () => {
    for (const path of ["/api/v2/mix/sim/price", "/api/v2/sim/price-control"]) {
      const res = await fetch(`${gw.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe("40404");
    }
  });
});

describe("price control, on", () => {
  const gw = gatewayForSuite({ SIM_PRICE_CONTROL: "1" });

  it("says so in the gateway's log at start", () => {
    expect(gw.started.logs.some((l) => l.includes('"level":40') && l.includes("SIM_PRICE_CONTROL is on"))).toBe(true);
  });

  it("refuses malformed commands before writing them", () => {
    for (const args of [
      ["--symbol", "NOPEUSDT", "--price", "1"],
      ["--symbol", "BTCUSDT", "--price", "-5"],
      ["--symbol", "BTCUSDT", "--price", "1.123"],
      ["--symbol", "BTCUSDT"],
      ["--symbol", "BTCUSDT", "--price", "1", "--release"],
      ["--symbol", "BTCUSDT", "--price", "1", "--rate", "0"],
      ["--symbol", "BTCUSDT", "--price", "1", "--rate", "101"],
      ["--symbol", "BTCUSDT", "--price", "1", "--env", "test"],
    ]) {
      const r = priceCommand(gw.dir, args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toContain("usage: futures:price");
    }
  });

  it("moves the index to the target at the rate given, the mark follows, and a release goes back", async () => {
    const before = await prices(gw);
    const target = Math.round(before.index * 0.97 * 100) / 100;
    // 1 % a second: about three seconds to the target
    const r = priceCommand(gw.dir, ["--symbol", "BTCUSDT", "--price", target.toFixed(2), "--rate", "1"]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ symbol: "BTCUSDT", env: "live", taken: true });
    const seen: number[] = [];
    for (let i = 0; i < 40; i++) {
      const p = await prices(gw);
      seen.push(p.index);
      if (p.index === target && Math.abs(p.mark - target) / target < 0.01) break;
      await sleep(250);
    }
    expect(seen.at(-1)).toBe(target);
    // it got there in steps, not in one jump
    expect(seen.some((x) => x < before.index * 0.995 && x > target)).toBe(true);
    const pinned = await prices(gw);
    expect(Math.abs(pinned.mark - target) / target).toBeLessThan(0.01);
    expect(priceCommand(gw.dir, ["--symbol", "BTCUSDT", "--release", "--rate", "100"]).code).toBe(0);
    await sleep(2500);
    const released = await prices(gw);
    expect(Math.abs(released.index - before.index) / before.index).toBeLessThan(0.02);
  });
});
