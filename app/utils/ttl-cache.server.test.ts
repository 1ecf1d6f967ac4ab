import { describe, expect, it } from "vitest";
import { cacheKey, TtlCache } from "./ttl-cache.server";

function clock(start = 1_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("TtlCache", () => {
  it("serves a stored value until its time is up, then loads again", async () => {
    const c = clock();
    const cache = new TtlCache<string>({ ttlMs: 100, maxEntries: 4, now: c.now });
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await cache.get("k", load)).toBe("v1");
    c.advance(99);
    expect(await cache.get("k", load)).toBe("v1");
    c.advance(1);
    expect(await cache.get("k", load)).toBe("v2");
    expect(loads).toBe(2);
  });

  it("keeps at most maxEntries, dropping the least recently used", async () => {
    const cache = new TtlCache<number>({ ttlMs: 10_000, maxEntries: 3 });
    for (let i = 0; i < 3; i++) cache.set(`k${i}`, i);
    expect(cache.peek("k0")).toBe(0); // k0 is now the most recent; k1 the oldest
    cache.set("k3", 3);
    expect(cache.size).toBe(3);
    expect(cache.peek("k1")).toBeUndefined();
    expect(cache.peek("k0")).toBe(0);
    for (let i = 0; i < 1_000; i++) cache.set(`x${i}`, i);
    expect(cache.size).toBe(3);
  });

  it("shares one load between concurrent misses and does not keep refused values", async () => {
    const cache = new TtlCache<{ ok: boolean }>({ ttlMs: 10_000, maxEntries: 4 });
    let loads = 0;
    const failing = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      return { ok: false };
    };
    const [a, b] = await Promise.all([cache.get("k", failing, (v) => v.ok), cache.get("k", failing, (v) => v.ok)]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
    expect(cache.size).toBe(0);
    await cache.get("k", failing, (v) => v.ok);
    expect(loads).toBe(2);
  });

  it("does not store a load that throws, and the next call loads again", async () => {
    const cache = new TtlCache<string>({ ttlMs: 10_000, maxEntries: 4 });
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => "up")).toBe("up");
  });

  it("refuses options that would make it unbounded", () => {
    expect(() => new TtlCache({ ttlMs: 0, maxEntries: 1 })).toThrow();
    expect(() => new TtlCache({ ttlMs: 1, maxEntries: 0 })).toThrow();
    expect(() => new TtlCache({ ttlMs: 1, maxEntries: Infinity })).toThrow();
  });
});

describe("cacheKey", () => {
  it("never lets two different part lists meet", () => {
    expect(cacheKey("a", "b:c")).not.toBe(cacheKey("a:b", "c"));
    expect(cacheKey("a", "b")).not.toBe(cacheKey("a,b"));
    expect(cacheKey("de", "EUR")).not.toBe(cacheKey("de", "USD"));
    expect(cacheKey(null)).not.toBe(cacheKey("null"));
  });
});
