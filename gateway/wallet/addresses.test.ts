import { describe, expect, it } from "vitest";
import { WALLET_COINS, type AddressFormat } from "../../protocol/wallet.ts";
import { addressFromSeed, depositAddress, eip55, isValidAddress, isValidTag } from "./addresses.ts";
import { keccak256 } from "./encodings.ts";

const FORMATS: AddressFormat[] = ["btc", "ltc", "doge", "evm", "tron", "solana", "xrp", "cardano"];

describe("encodings", () => {
  it("computes Keccak-256 as Ethereum does (not NIST SHA3)", () => {
    expect(keccak256(new Uint8Array()).toString("hex")).toBe("c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
    expect(keccak256(Buffer.from("abc")).toString("hex")).toBe("4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45");
  });
  it("writes EIP-55 checksums like the EIP's own examples", () => {
    for (const a of [
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
      "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    ])
      expect(eip55(a.slice(2))).toBe(a);
  });
});

describe("withdrawal address checks", () => {
  it.each<[AddressFormat, string, boolean]>([
    // real addresses of each network
    ["btc", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", true],
    ["btc", "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297", true],
    ["btc", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", true],
    ["btc", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", true],
    ["evm", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", true],
    ["evm", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", true],
    ["tron", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", true],
    ["solana", "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB", true],
    ["xrp", "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", true],
    ["doge", "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L", true],
    // typos, wrong networks and wrong checksums
    ["btc", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", false],
    ["btc", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", false],
    ["btc", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3", false],
    ["evm", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", false],
    ["evm", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA", false],
    ["tron", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T", false],
    ["tron", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", false],
    ["solana", "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8Benw", false],
    ["xrp", "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi", false],
    ["evm", "", false],
    ["evm", " 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", false],
  ])("%s %j: accepted %s", (f, a, valid) => {
    expect(isValidAddress(f, a)).toBe(valid);
  });

  it("checks tags as 32-bit unsigned integers", () => {
    expect(isValidTag("0")).toBe(true);
    expect(isValidTag("4294967295")).toBe(true);
    expect(isValidTag("4294967296")).toBe(false);
    expect(isValidTag("-1")).toBe(false);
    expect(isValidTag("12a")).toBe(false);
  });
});

describe("deposit addresses", () => {
  it("derives, in each format, addresses that its own check accepts", () => {
    for (const f of FORMATS) {
      for (let i = 0; i < 20; i++) {
        const seed = keccak256(Buffer.from(`seed ${f} ${i}`));
        expect(isValidAddress(f, addressFromSeed(f, seed)), f).toBe(true);
      }
    }
    expect(addressFromSeed("btc", Buffer.alloc(32, 7))).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(addressFromSeed("evm", Buffer.alloc(32, 7))).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(addressFromSeed("tron", Buffer.alloc(32, 7))).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(addressFromSeed("cardano", Buffer.alloc(32, 7))).toMatch(/^addr1v/);
  });

  it("is stable per user, environment, coin and network, and differs between them", () => {
    const key = { env: "live", userId: "u1", coin: "USDT", chain: "ERC20", format: "evm" as const };
    const a = depositAddress("s3cret", key);
    expect(depositAddress("s3cret", key)).toEqual(a);
    expect(depositAddress("s3cret", { ...key, userId: "u2" }).address).not.toBe(a.address);
    expect(depositAddress("s3cret", { ...key, env: "paper" }).address).not.toBe(a.address);
    expect(depositAddress("s3cret", { ...key, chain: "BEP20" }).address).not.toBe(a.address);
    expect(depositAddress("other", key).address).not.toBe(a.address);
    const xrp = { env: "live", userId: "u1", coin: "XRP", chain: "XRP", format: "xrp" as const };
    const x1 = depositAddress("s3cret", xrp);
    const x2 = depositAddress("s3cret", { ...xrp, userId: "u2" });
    expect(x1.address).toBe(x2.address);
    expect(x1.tag).not.toBe(x2.tag);
    expect(isValidTag(x1.tag)).toBe(true);
  });

  it("lists every coin of the spot market with at least one network", () => {
    for (const c of WALLET_COINS) expect(c.chains.length).toBeGreaterThan(0);
  });
});
