import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { searchPow } from "../../app/lib/captcha/pow.ts";
import { captchaOptionsFromEnv } from "./store.ts";
import { leadingZeroBits, powSolved } from "./store.ts";

describe("the server's side of the proof of work", () => {
  it("counts leading zero bits", () => {
    expect(leadingZeroBits(Uint8Array.from([0x80]))).toBe(0);
    expect(leadingZeroBits(Uint8Array.from([0x00, 0x01]))).toBe(15);
    expect(leadingZeroBits(Uint8Array.from([0x00, 0x00]))).toBe(16);
  });

  it("accepts the browser's nonce and refuses a missing, wrong or other puzzle's one", () => {
    const prefix = "00112233445566778899aabbccddeeff";
    const nonce = searchPow({ algorithm: "sha256", prefix, bits: 14 }, 0, 10_000_000)!;
    expect(powSolved(prefix, 14, nonce)).toBe(true);
    expect(powSolved(prefix, 14, undefined)).toBe(false);
    expect(
      leadingZeroBits(
        createHash("sha256")
          .update(prefix + nonce)
          .digest(),
      ),
    ).toBeGreaterThanOrEqual(14);
    expect(powSolved("ffeeddccbbaa99887766554433221100", 14, nonce)).toBe(false);
    // Some nonce before the one found fails (the search took the first that passes).
    if (nonce !== "0") expect(powSolved(prefix, 14, "0")).toBe(false);
    // No work asked, none needed.
    expect(powSolved(prefix, 0, undefined)).toBe(true);
  });
});

describe("captchaOptionsFromEnv", () => {
  it("takes the default, an integer 0-32, and stops the start on anything else", () => {
    expect(captchaOptionsFromEnv({}).powBits).toBe(18);
    expect(captchaOptionsFromEnv({ CAPTCHA_POW_BITS: "" }).powBits).toBe(18);
    expect(captchaOptionsFromEnv({ CAPTCHA_POW_BITS: "4" }).powBits).toBe(4);
    for (const bad of ["-1", "33", "1.5", "many"])
      expect(() => captchaOptionsFromEnv({ CAPTCHA_POW_BITS: bad })).toThrow(/CAPTCHA_POW_BITS/);
  });
});
