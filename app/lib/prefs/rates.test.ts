import { describe, expect, it } from "vitest";
import { RATE_REFRESH_MS, USDT_FIATS } from "../../../protocol/paths";
import { createRatesStore, emptyRates, ratesFrom, usdtIn, type RatesData } from "./rates";

const data: RatesData = {
  supported: [
    { name: "EUR", symbol: "€", value: "EUR" },
    { name: "AED", symbol: "د.إ", value: "AED" },
  ],
  rates: { EUR: "0.9213", AED: "3.6725" },
};

describe("USDT rates", () => {
  it("start with the 13 fiats at 0", () => {
    const e = emptyRates();
    expect(Object.keys(e.usdtToFiat)).toEqual([...USDT_FIATS]);
    expect(Object.values(e.usdtToFiat).every((v) => v === "0")).toBe(true);
  });

  it("fill the map from a response and value amounts exactly", () => {
    const s = ratesFrom(data, 5);
    expect(s.usdtToFiat.EUR).toBe("0.9213");
    expect(s.usdtToFiat.USD).toBe("0");
    expect(usdtIn("100.5", "EUR", s)).toBe("92.59065");
    expect(usdtIn("1", "AED", s)).toBe("3.6725");
    expect(usdtIn("1", "USD", s)).toBeUndefined();
    expect(usdtIn("1", "EUR", emptyRates())).toBeUndefined();
  });

  it("refetch every 1,800,000 ms and keep the last good rates on failure", async () => {
    let tick: (() => void) | undefined;
    let period = 0;
    let fail = false;
    const store = createRatesStore(
      async () => {
        if (fail) throw new Error("down");
        return data;
      },
      { now: () => 42, every: (fn, ms) => ((tick = fn), (period = ms), () => (tick = undefined)) },
    );
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.get().fetchedAt));
    const stop = store.start();
    expect(period).toBe(RATE_REFRESH_MS);
    tick?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(store.get().rates.EUR).toBe("0.9213");
    fail = true;
    tick?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(store.get().rates.EUR).toBe("0.9213");
    expect(seen).toEqual([42]);
    stop();
    expect(tick).toBeUndefined();
  });

  it("take a loader's rates only when newer", () => {
    const store = createRatesStore(async () => data);
    store.offer(ratesFrom(data, 10));
    store.offer(ratesFrom({ ...data, rates: { EUR: "1" } }, 5));
    expect(store.get().rates.EUR).toBe("0.9213");
  });
});
