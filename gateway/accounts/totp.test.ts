import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, totpAt, verifyTotp } from "./totp.ts";

describe("TOTP", () => {
  // RFC 6238 appendix B, SHA-1 secret "12345678901234567890", 8 digits there: the last 6 here.
  const secret = base32Encode(Buffer.from("12345678901234567890"));
  it("matches the RFC 6238 test vectors", () => {
    expect(totpAt(secret, 59_000)).toBe("287082");
    expect(totpAt(secret, 1_111_111_109_000)).toBe("081804");
    expect(totpAt(secret, 1_111_111_111_000)).toBe("050471");
    expect(totpAt(secret, 1_234_567_890_000)).toBe("005924");
    expect(totpAt(secret, 2_000_000_000_000)).toBe("279037");
    expect(totpAt(secret, 20_000_000_000_000)).toBe("353130");
  });
  it("reads the secret's base32 as RFC 4648 writes it", () => {
    expect(secret).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    for (const [text, b32] of [
      ["", ""],
      ["f", "MY"],
      ["fo", "MZXQ"],
      ["foo", "MZXW6"],
      ["foob", "MZXW6YQ"],
      ["fooba", "MZXW6YTB"],
      ["foobar", "MZXW6YTBOI"],
    ] as const) {
      expect(base32Encode(Buffer.from(text))).toBe(b32);
      expect(base32Decode(b32).toString()).toBe(text);
    }
    // as a person may type it: lower case, spaces, padding
    expect(base32Decode("mzxw 6ytb oi======").toString()).toBe("foobar");
  });
  it("accepts one step of clock drift and nothing else", () => {
    const t = 1_234_567_890_000;
    expect(verifyTotp(secret, totpAt(secret, t - 30_000), t)).toBe(true);
    expect(verifyTotp(secret, totpAt(secret, t + 30_000), t)).toBe(true);
    expect(verifyTotp(secret, totpAt(secret, t + 90_000), t)).toBe(false);
    expect(verifyTotp(secret, "12345", t)).toBe(false);
  });
  it("round-trips base32", () => {
    const b = Buffer.from([0, 1, 2, 250, 255, 7]);
    expect(base32Decode(base32Encode(b)).equals(b)).toBe(true);
    expect(() => base32Decode("not*base32")).toThrow();
  });
});
