import { describe, expect, it } from "vitest";
import { SeenFilter } from "./seen-filter.ts";

describe("SeenFilter (the clientOid filter's Bloom filter)", () => {
  it("never rules out a key it holds, and rules out most keys it does not", () => {
    const f = new SeenFilter(10_000);
    const held = Array.from({ length: 10_000 }, (_, i) => `live:user-${i % 37}:oid-${i}`);
    for (const k of held) f.add(k);
    for (const k of held) expect(f.mayHave(k)).toBe(true);
    let falsePositives = 0;
    for (let i = 0; i < 20_000; i++) if (f.mayHave(`live:user-${i % 37}:other-${i}`)) falsePositives++;
    // 10 bits a key and 7 probes: about 1 %; 3 % leaves room for the hash's unevenness
    expect(falsePositives / 20_000).toBeLessThan(0.03);
  });

  it("tells apart keys that differ in one unit, in environment or user, and non-ASCII keys", () => {
    const f = new SeenFilter(100);
    f.add("live:u1:a");
    f.add("live:u1:é✓");
    expect(f.mayHave("live:u1:a")).toBe(true);
    expect(f.mayHave("live:u1:é✓")).toBe(true);
    expect(f.mayHave("paper:u1:a")).toBe(false);
    expect(f.mayHave("live:u2:a")).toBe(false);
    expect(f.mayHave("live:u1:b")).toBe(false);
  });

  it("grows past its capacity in layers: every key held, false positives still low", () => {
    const f = new SeenFilter(1000);
    for (let i = 0; i < 20_000; i++) f.add(`live:u:k${i}`);
    expect(f.size).toBe(20_000);
    expect(f.depth).toBe(5); // 1,000 + 2,000 + 4,000 + 8,000 + 16,000
    for (let i = 0; i < 20_000; i++) expect(f.mayHave(`live:u:k${i}`)).toBe(true);
    let falsePositives = 0;
    for (let i = 0; i < 20_000; i++) if (f.mayHave(`live:u:other-${i}`)) falsePositives++;
    expect(falsePositives / 20_000).toBeLessThan(0.03);
  });
});
