import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import {
  base58CheckDecode,
  base58CheckEncode,
  base58Decode,
  base58Encode,
  bech32Decode,
  fromWords,
  hash160,
  keccak256,
} from "./encodings.ts";

// The standards' own test vectors, kept beside the libraries that now implement them (docs/decisions/343).

describe("Keccak-256", () => {
  it("hashes as Ethereum does (the original padding, not NIST SHA3-256)", () => {
    expect(bytesToHex(keccak256(new Uint8Array()))).toBe("c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
    expect(bytesToHex(keccak256(utf8ToBytes("abc")))).toBe("4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45");
  });
});

describe("bech32 and bech32m", () => {
  const hrpOutOfRange = (c: number, rest: string) => String.fromCharCode(c) + rest;

  it.each([
    "A12UEL5L",
    "a12uel5l",
    "an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs",
    "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw",
    "11qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqc8247j",
    "split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w",
    "?1ezyfcl",
  ])("BIP-173 valid bech32 %j", (s) => {
    expect(bech32Decode(s)?.variant).toBe("bech32");
  });

  it.each([
    "A1LQFN3A",
    "a1lqfn3a",
    "an83characterlonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11sg7hg6",
    "abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx",
    "11llllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllludsr8",
    "split1checkupstagehandshakeupstreamerranterredcaperredlc445v",
    "?1v759aa",
  ])("BIP-350 valid bech32m %j", (s) => {
    expect(bech32Decode(s)?.variant).toBe("bech32m");
  });

  it.each([
    // BIP-173
    hrpOutOfRange(0x20, "1nwldj5"),
    hrpOutOfRange(0x7f, "1axkwrx"),
    hrpOutOfRange(0x80, "1eym55h"),
    "an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1569pvx",
    "pzry9x0s0muk",
    "1pzry9x0s0muk",
    "x1b4n0q5v",
    "li1dgmt3",
    "de1lg7wt" + String.fromCharCode(0xff),
    "A1G7SGD8",
    "10a06t8",
    "1qzzfhee",
    // BIP-350
    hrpOutOfRange(0x20, "1xj0phk"),
    hrpOutOfRange(0x7f, "1g6xzxy"),
    hrpOutOfRange(0x80, "1vctc34"),
    "an84characterslonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11d6pts4",
    "qyrz8wqd2c9m",
    "1qyrz8wqd2c9m",
    "y1b0jsk6g",
    "lt1igcx5c0",
    "in1muywd",
    "mm1crxm3i",
    "au1s5cgom",
    "M1VUXWEZ",
    "16plkw9",
    "1p2gdwpf",
    // mixed case (BIP-173 and BIP-350 segwit lists)
    "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7",
    "tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq",
  ])("BIP-173/350 invalid string %j", (s) => {
    expect(bech32Decode(s)).toBeUndefined();
  });

  it("refuses non-canonical padding when words become bytes (BIP-173/350 padding vectors)", () => {
    for (const s of [
      "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv",
      "tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j",
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf",
    ]) {
      const d = bech32Decode(s);
      expect(d, s).toBeDefined();
      expect(fromWords(d!.words.slice(1)), s).toBeUndefined();
    }
    const ok = bech32Decode("tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7")!;
    expect(bytesToHex(fromWords(ok.words.slice(1))!)).toBe("1863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262");
  });

  it("refuses an upper-case string that only lower-cases into the alphabet (the Kelvin sign K → k)", () => {
    expect(bech32Decode("BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4")?.variant).toBe("bech32");
    expect(bech32Decode("BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7\u212AV8F3T4")).toBeUndefined();
  });
});

describe("base58 and base58check", () => {
  it.each([
    // Bitcoin Core's base58_encode_decode.json
    ["", ""],
    ["61", "2g"],
    ["626262", "a3gV"],
    ["636363", "aPEr"],
    ["73696d706c792061206c6f6e6720737472696e67", "2cFupjhnEsSn59qHXstmK2ffpLv2"],
    ["00eb15231dfceb60925886b67d065299925915aeb172c06647", "1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L"],
    ["516b6fcd0f", "ABnLTmg"],
    ["bf4f89001e670274dd", "3SEo3LWLoPntC"],
    ["572e4794", "3EFU7m"],
    ["ecac89cad93923c02321", "EJDM8drfXA6uyA"],
    ["10c8511e", "Rt5zm"],
    ["00000000000000000000", "1111111111"],
  ])("base58 %s ↔ %j", (hex, text) => {
    expect(base58Encode(hexToBytes(hex))).toBe(text);
    if (text) expect(bytesToHex(base58Decode(text)!)).toBe(hex);
  });

  it("refuses letters outside the alphabet and empty input", () => {
    for (const s of ["0", "O", "I", "l", "1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9+", ""]) expect(base58Decode(s), s).toBeUndefined();
  });

  it("writes and checks the version-1 Bitcoin address of the wiki's example key", () => {
    const key = hexToBytes("0250863ad64a87ae8a2fe83c1af1a8403cb53f53e486d8511dad8a04887e5b2352");
    expect(bytesToHex(hash160(key))).toBe("f54a5851e9372b87810a8e60cdd2e7cfd80b6e31");
    expect(base58CheckEncode(Uint8Array.of(0, ...hash160(key)))).toBe("1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAs");
    expect(bytesToHex(base58CheckDecode("1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAs")!)).toBe("00f54a5851e9372b87810a8e60cdd2e7cfd80b6e31");
    // one letter off, and a base58 string whose last four bytes are no checksum
    expect(base58CheckDecode("1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAt")).toBeUndefined();
    expect(base58CheckDecode("1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L")).toBeUndefined();
  });

  it("reads XRP's base58check in XRP's alphabet (ACCOUNT_ZERO and ACCOUNT_ONE)", () => {
    expect(bytesToHex(base58CheckDecode("rrrrrrrrrrrrrrrrrrrrrhoLvTp", "xrp")!)).toBe("00".repeat(21));
    expect(bytesToHex(base58CheckDecode("rrrrrrrrrrrrrrrrrrrrBZbvji", "xrp")!)).toBe("00".repeat(20) + "01");
    expect(base58CheckEncode(new Uint8Array(21), "xrp")).toBe("rrrrrrrrrrrrrrrrrrrrrhoLvTp");
    expect(base58CheckDecode("rrrrrrrrrrrrrrrrrrrrrhoLvTp")).toBeUndefined();
  });
});
