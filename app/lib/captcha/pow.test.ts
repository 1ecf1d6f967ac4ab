import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { powProgress, searchPow, sha256Short } from "./pow";

const ref = (s: string) => createHash("sha256").update(s).digest("hex");
const zeroBits = (hex: string) => {
  let n = 0;
  for (const ch of hex) {
    const v = parseInt(ch, 16);
    if (v === 0) n += 4;
    else return n + Math.clz32(v) - 28;
  }
  return n;
};

describe("captcha proof of work", () => {
  it("hashes one-block messages as SHA-256 does", () => {
    for (const text of ["", "abc", "0123456789abcdef0123456789abcdef", "0123456789abcdef0123456789abcdefzz0099", "x".repeat(55)]) {
      expect(sha256Short(text)).toBe(ref(text));
    }
    expect(() => sha256Short("x".repeat(56))).toThrow();
  });

  it("finds a nonce the server's native SHA-256 accepts, and none in a range without one", () => {
    const puzzle = { algorithm: "sha256", prefix: "5f0c6e1ad2b34a9e8c7d6b5a49382716", bits: 12 };
    const nonce = searchPow(puzzle, 0, 1_000_000);
    expect(nonce).toMatch(/^[0-9a-z]+$/);
    expect(zeroBits(ref(puzzle.prefix + nonce))).toBeGreaterThanOrEqual(12);
    // Every nonce before the one found fails, so a search that stops short finds nothing.
    const n = parseInt(nonce!, 36);
    expect(searchPow(puzzle, 0, n)).toBeUndefined();
  });

  it("reports progress as the chance of having finished, never 1", () => {
    expect(powProgress(0, 18)).toBe(0);
    expect(powProgress(2 ** 18, 18)).toBeCloseTo(1 - Math.exp(-1));
    expect(powProgress(2 ** 22, 18)).toBeLessThan(1);
  });
});
