import { describe, expect, it } from "vitest";
import { WALLET_COINS, type AddressFormat } from "../../protocol/wallet.ts";
import { addressFromSeed, depositAddress, eip55, isValidAddress, isValidTag } from "./addresses.ts";
import { keccak256 } from "./encodings.ts";

const FORMATS: AddressFormat[] = ["btc", "ltc", "doge", "evm", "tron", "solana", "xrp", "cardano"];

describe("EIP-55", () => {
  // the EIP's own examples: all caps, all lower and mixed case, each its own checksummed form
  const EXAMPLES = [
    "0x52908400098527886E0F7030069857D2E4169EE7",
    "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
    "0xde709f2102306220921060314715629080e2fb77",
    "0x27b1fdb04752bbc536007a920d24acb045561c26",
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
  ];
  it("writes the checksums of the EIP's examples", () => {
    for (const a of EXAMPLES) expect(eip55(a.slice(2).toLowerCase())).toBe(a);
  });
  it("accepts the examples and refuses each with one letter's case flipped", () => {
    for (const a of EXAMPLES) {
      expect(isValidAddress("evm", a), a).toBe(true);
      const i = [...a].findIndex((c, k) => k > 1 && /[a-f]/i.test(c));
      const flipped = a.slice(0, i) + (a[i] === a[i]!.toLowerCase() ? a[i]!.toUpperCase() : a[i]!.toLowerCase()) + a.slice(i + 1);
      expect(isValidAddress("evm", flipped), flipped).toBe(false);
    }
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
    ["btc", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", true],
    ["cardano", "ADDR1V9NETDSS5EVRACW6063E2YFWNJQCRV7T7PZLZPNC90KCX0C4PWUG9", true],
  ])("%s %j: accepted %s", (f, a, valid) => {
    expect(isValidAddress(f, a)).toBe(valid);
  });

  it("refuses an upper-case bech32 address with the Kelvin sign (U+212A) for K, which the hand-written decoder lower-cased to k", () => {
    expect(isValidAddress("btc", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7\u212AV8F3T4")).toBe(false);
    expect(isValidAddress("cardano", "ADDR1V9NETDSS5EVRACW6063E2YFWNJQCRV7T7PZLZPNC90\u212ACX0C4PWUG9")).toBe(false);
  });

  // BIP-173/350 segwit addresses on mainnet (the testnet ones are in encodings.test.ts)
  it.each([
    "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4",
    "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y",
    "BC1SW50QGDZ25J",
    "bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs",
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
  ])("accepts the BIP-350 segwit address %j", (a) => {
    expect(isValidAddress("btc", a)).toBe(true);
  });

  it.each([
    ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", "checksum"],
    ["BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2", "witness version 17"],
    ["bc1rw5uspcuh", "program length"],
    ["bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90", "program length"],
    ["BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", "v0 program length"],
    ["bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du", "padding of more than 4 bits"],
    ["bc1gmk9yu", "empty data"],
    ["bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx", "BIP-173's v1 example: bech32, not bech32m"],
    ["BC1SW50QA3JX3S", "BIP-173's v16 example: bech32, not bech32m"],
    ["bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj", "BIP-173's v2 example: bech32, not bech32m"],
    ["tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut", "human-readable part"],
    ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd", "bech32 instead of bech32m"],
    ["BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL", "bech32 instead of bech32m"],
    ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", "bech32m instead of bech32"],
    ["bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4", "character in checksum"],
    ["BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R", "witness version"],
    ["bc1pw5dgrnzv", "program length 1"],
    ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav", "program length 41"],
    ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf", "padding of more than 4 bits"],
  ])("refuses the BIP-173/350 invalid segwit address %j (%s)", (a) => {
    expect(isValidAddress("btc", a)).toBe(false);
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
        const seed = Buffer.from(keccak256(Buffer.from(`seed ${f} ${i}`)));
        expect(isValidAddress(f, addressFromSeed(f, seed)), f).toBe(true);
      }
    }
    expect(addressFromSeed("btc", Buffer.alloc(32, 7))).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(addressFromSeed("evm", Buffer.alloc(32, 7))).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(addressFromSeed("tron", Buffer.alloc(32, 7))).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(addressFromSeed("cardano", Buffer.alloc(32, 7))).toMatch(/^addr1v/);
  });

  it("are the ones the hand-written encoders derived, so no user's deposit address changed with the libraries", () => {
    const seed = Buffer.alloc(32, 7);
    expect(Object.fromEntries(FORMATS.map((f) => [f, addressFromSeed(f, seed)]))).toEqual({
      btc: "bc1qk4n28mkvaqycjcmpnzyz8nf0ggl7sq88cjkalw",
      ltc: "ltc1qk4n28mkvaqycjcmpnzyz8nf0ggl7sq88uwve87",
      doge: "DMgFoZGYQ73uJizvQxurgZ8inUghjuet2E",
      evm: "0x35DD321f48F102eBc87A8ca16Dd4B4c5Fc6c4dA8",
      tron: "TEt1oBLAbPzNMXEfotAsQfog4L3x7CS21r",
      solana: "US517G5965aydkZ46HS38QLi7UQiSojurfbQfKCELFx",
      xrp: "rHYwGJKua69cm5FKg4vJ38yfuLxQVnH8uV",
      cardano: "addr1vyrswpc8qurswpc8qurswpc8qurswpc8qurswpc8qurswpcfxqeyc",
    });
    expect(depositAddress("s3cret", { env: "live", userId: "u1", coin: "XRP", chain: "XRP", format: "xrp" })).toEqual({
      address: "rE2Dwnd2JVFbdWmkg4nfWvLwemZnPgMXhX",
      tag: "1987908915",
    });
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
