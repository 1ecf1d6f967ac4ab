import { describe, expect, it } from "vitest";
import { GatewayError } from "../envelope.ts";
import { ConcurrencyCap, TokenBuckets, spend } from "./limits.ts";

describe("TokenBuckets", () => {
  it("allows a burst, then answers how long until the next call is allowed, per key", () => {
    let now = 0;
    const b = new TokenBuckets({ burst: 3, perMs: 60_000 }, () => now);
    expect([b.take("a"), b.take("a"), b.take("a")]).toEqual([0, 0, 0]);
    expect(b.take("a")).toBe(20_000);
    expect(b.take("b")).toBe(0);
    now = 20_000;
    expect(b.take("a")).toBe(0);
    expect(b.take("a")).toBeGreaterThan(0);
  });

  it("stays bounded in keys without forgetting those still spending", () => {
    const now = 0;
    const b = new TokenBuckets({ burst: 1, perMs: 60_000 }, () => now, 4);
    b.take("spender");
    for (let i = 0; i < 10; i++) b.take(`k${i}`);
    expect(b.take("k9")).toBeGreaterThan(0);
  });
});

describe("spend", () => {
  it("throws a 429 envelope error with retry-after and data.retryAfterMs", () => {
    const b = new TokenBuckets({ burst: 1, perMs: 10_000 }, () => 0);
    spend([[b, "ip"]]);
    let err: unknown;
    try {
      spend([[b, "ip"]]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(GatewayError);
    const g = err as GatewayError;
    expect([g.code, g.status, g.headers["retry-after"], g.data]).toEqual(["42900", 429, "10", { retryAfterMs: 10_000 }]);
  });
});

describe("ConcurrencyCap", () => {
  it("runs at most max at once, queues a few, refuses the rest at once", async () => {
    const cap = new ConcurrencyCap(1, 1);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    const first = cap.run(async () => {
      await gate;
      order.push("first");
    });
    const second = cap.run(() => void order.push("second"));
    await expect(cap.run(() => "third")).rejects.toMatchObject({ code: "42900", status: 429 });
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(["first", "second"]);
    await expect(cap.run(() => "again")).resolves.toBe("again");
  });
});
