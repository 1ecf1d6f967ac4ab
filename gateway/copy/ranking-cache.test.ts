import { describe, expect, it } from "vitest";
import { leadsStamp, RankingCache } from "./ranking-cache.ts";

describe("the rankings' short cache", () => {
  it("reuses an entry within the TTL and with the same stamp; recomputes after it, on a new stamp, after clear, or with TTL 0", () => {
    let clock = 1_000;
    let computed = 0;
    const cache = new RankingCache<number>(() => clock, 5_000);
    const get = (key: string, stamp = "a") => cache.get(key, stamp, () => ++computed);
    expect(get("live:30:roi")).toBe(1);
    clock += 4_999;
    expect(get("live:30:roi")).toBe(1);
    expect(get("paper:30:roi")).toBe(2); // its own key
    clock += 1;
    expect(get("live:30:roi")).toBe(3); // expired
    expect(get("live:30:roi", "b")).toBe(4); // the leads changed
    cache.clear();
    expect(get("live:30:roi", "b")).toBe(5);
    clock -= 10_000; // a clock going back never keeps an entry forever
    expect(get("live:30:roi", "b")).toBe(6);
    const off = new RankingCache<number>(() => clock, 0);
    expect(off.get("k", "s", () => 7)).toBe(7);
    expect(off.get("k", "s", () => 8)).toBe(8);
  });

  it("stamps the leads with their share and follower counts", () => {
    const leads = [{ userId: "a", createdAt: 1, profitSharePpm: 100_000 }];
    const followers = new Map([["a", 0]]);
    const stamp = () => leadsStamp(leads, (id) => followers.get(id) ?? 0);
    const s0 = stamp();
    followers.set("a", 1);
    expect(stamp()).not.toBe(s0);
    const s1 = stamp();
    leads[0] = { ...leads[0]!, profitSharePpm: 50_000 };
    expect(stamp()).not.toBe(s1);
    const s2 = stamp();
    leads.push({ userId: "b", createdAt: 2, profitSharePpm: 0 });
    expect(stamp()).not.toBe(s2);
  });
});
