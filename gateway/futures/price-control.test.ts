import { afterAll, describe, expect, it } from "vitest";
import { futuresConfigFromEnv } from "./config.ts";
import { PriceControl, commandOf, glide } from "./price-control.ts";
import { PriceControlStore } from "./price-control-store.ts";
import { closeFuturesWorlds, futuresWorld } from "./testing.ts";

afterAll(closeFuturesWorlds);

const fromEnv = (env: Record<string, string>) => futuresConfigFromEnv(env as NodeJS.ProcessEnv);

describe("price control (docs/decisions/316)", () => {
  it("is off unless SIM_PRICE_CONTROL says 1 or on, and a misspelt value stops the start", () => {
    expect(fromEnv({}).priceControl).toBe(false);
    expect(fromEnv({ SIM_PRICE_CONTROL: "" }).priceControl).toBe(false);
    expect(fromEnv({ SIM_PRICE_CONTROL: "0" }).priceControl).toBe(false);
    expect(fromEnv({ SIM_PRICE_CONTROL: "off" }).priceControl).toBe(false);
    expect(fromEnv({ SIM_PRICE_CONTROL: "1" }).priceControl).toBe(true);
    expect(fromEnv({ SIM_PRICE_CONTROL: "on" }).priceControl).toBe(true);
    for (const bad of ["yes", "true", "ON", "2"]) expect(() => fromEnv({ SIM_PRICE_CONTROL: bad })).toThrow(/SIM_PRICE_CONTROL/);
  });

  it("glides by at most the rate a step, a tick at least, and lands on the goal", () => {
    expect(glide(100_000, 90_000, 10_000)).toBe(99_000);
    expect(glide(100_000, 110_000, 10_000)).toBe(101_000);
    expect(glide(100_000, 100_500, 10_000)).toBe(100_500);
    expect(glide(10, 5, 1)).toBe(9);
    expect(glide(7, 7, 1)).toBe(7);
  });

  it("accepts only well-formed commands for listed contracts", () => {
    const ok = { env: "live", symbol: "BTCUSDT", target: 5_000_000, ratePpm: 100, seq: 1 };
    expect(commandOf(JSON.stringify(ok))).toEqual(ok);
    expect(commandOf(JSON.stringify({ ...ok, target: null }))).toEqual({ ...ok, target: null });
    for (const bad of [
      "not json",
      "null",
      JSON.stringify({ ...ok, env: "test" }),
      JSON.stringify({ ...ok, symbol: "NOPEUSDT" }),
      JSON.stringify({ ...ok, symbol: "btcusdt" }),
      JSON.stringify({ ...ok, target: 0 }),
      JSON.stringify({ ...ok, target: -5 }),
      JSON.stringify({ ...ok, target: 1.5 }),
      JSON.stringify({ ...ok, target: 1e16 }),
      JSON.stringify({ ...ok, target: "5000" }),
      JSON.stringify({ ...ok, ratePpm: 0 }),
      JSON.stringify({ ...ok, ratePpm: 1_000_001 }),
      JSON.stringify({ ...ok, seq: "1" }),
    ])
      expect(commandOf(bad), bad).toBeUndefined();
  });

  it("pins the index where it is, moves the mark to the target step by step, and releases back to the spot price", () => {
    const { db, fx } = futuresWorld();
    const store = new PriceControlStore(db);
    const errors: unknown[] = [];
    fx.market.control = new PriceControl(store, (e) => errors.push(e));
    const start = fx.market.index("live", "BTCUSDT");
    expect(start).toBeGreaterThan(0);
    const target = Math.round(start * 0.9);
    // 2 % a second: five steps to the target
    const seq = store.put({ env: "live", symbol: "BTCUSDT", target, ratePpm: 20_000 });
    let now = Date.now();
    const indexes: number[] = [];
    for (let i = 0; i < 7; i++) {
      fx.step((now += 1000));
      indexes.push(fx.market.index("live", "BTCUSDT"));
    }
    expect(store.acked("live", "BTCUSDT")).toBe(seq);
    expect(indexes[0]).toBe(start - Math.round(start * 0.02));
    for (let i = 1; i < indexes.length; i++) expect(indexes[i]!).toBeLessThanOrEqual(indexes[i - 1]!);
    expect(indexes.at(-1)).toBe(target);
    // the mark is the index plus a basis capped at 1 %
    expect(Math.abs(fx.market.price("live", "BTCUSDT").mark - target)).toBeLessThanOrEqual(Math.ceil(target * 0.01));
    // another contract and the demo market are untouched
    expect(fx.market.index("paper", "BTCUSDT")).not.toBe(target);
    // a release goes back to the spot price at the same rate, then follows it again
    store.put({ env: "live", symbol: "BTCUSDT", target: null, ratePpm: 50_000 });
    for (let i = 0; i < 4; i++) fx.step((now += 1000));
    expect(fx.market.index("live", "BTCUSDT")).toBe(start);
    expect(fx.market.control.index("live", "BTCUSDT")).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it("takes each command once, skips a malformed one with a log line, and ignores a release of nothing", () => {
    const { db, fx } = futuresWorld();
    const store = new PriceControlStore(db);
    const errors: unknown[] = [];
    const control = new PriceControl(store, (e) => errors.push(e));
    fx.market.control = control;
    db.prepare("INSERT INTO fx_meta (key, value) VALUES ('sim_price:live:ETHUSDT', '{\"env\":\"live\"')").run();
    store.put({ env: "live", symbol: "SOLUSDT", target: null, ratePpm: 100 });
    control.poll();
    control.poll();
    expect(errors).toHaveLength(1);
    expect(control.index("live", "SOLUSDT")).toBeUndefined();
    expect(store.acked("live", "SOLUSDT")).toBeGreaterThan(0);
    // the control's keys do not collide with other fx_meta rows (an underscore is no wildcard)
    fx.store.setMeta("simXprice:live:BTCUSDT", "{}");
    expect(store.commands().map((r) => r.key)).toEqual(["sim_price:live:ETHUSDT", "sim_price:live:SOLUSDT"]);
  });

  it("numbers a contract's commands upward even when the clock does not move", () => {
    const { db } = futuresWorld();
    const store = new PriceControlStore(db);
    const a = store.put({ env: "paper", symbol: "ETHUSDT", target: 300_000, ratePpm: 100 }, 1000);
    const b = store.put({ env: "paper", symbol: "ETHUSDT", target: 310_000, ratePpm: 100 }, 1000);
    expect(b).toBe(a + 1);
  });
});
