import { describe, expect, it } from "vitest";
import { backoffDelay } from "./backoff";

describe("backoffDelay", () => {
  const policy = { baseMs: 500, maxMs: 30_000 };

  it("doubles from the base and never passes the cap", () => {
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, policy, () => 1))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffDelay(10, policy, () => 1)).toBe(30_000);
    expect(backoffDelay(10_000, policy, () => 1)).toBe(30_000);
  });

  it("jitters between half and all of the step", () => {
    expect(backoffDelay(3, policy, () => 0)).toBe(2000);
    expect(backoffDelay(20, policy, () => 0)).toBe(15_000);
    expect(backoffDelay(-4, policy, () => 0.5)).toBe(375);
  });
});
