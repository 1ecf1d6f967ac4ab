/**
 * Addresses in each network's real format (docs/decisions/330): deposit addresses derived from 32
 * bytes of an HMAC, and the checks that withdrawal addresses pass. A derived address is well
 * formed (its checksum verifies) but no key behind it exists: nothing is ever sent on a real chain.
 */
import { createHmac } from "node:crypto";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import type { AddressFormat } from "../../protocol/wallet.ts";
import {
  base58CheckDecode,
  base58CheckEncode,
  base58Decode,
  base58Encode,
  bech32Decode,
  bech32Encode,
  fromWords,
  hash160,
  keccak256,
  toWords,
  type Base58Alphabet,
} from "./encodings.ts";

/** The exchange's one XRP deposit account: deposits are told apart by their destination tag. */
const XRP_VERSION = 0x00;
const TRON_VERSION = 0x41;
const DOGE_VERSIONS = [0x1e, 0x16];
const SEGWIT_HRP: Partial<Record<AddressFormat, string>> = { btc: "bc", ltc: "ltc" };
const LEGACY_VERSIONS: Partial<Record<AddressFormat, number[]>> = { btc: [0x00, 0x05], ltc: [0x30, 0x32, 0x05] };

/** EIP-55: a hex letter is upper case when its nibble of keccak256(lower-case hex) is 8 or more. */
export function eip55(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = bytesToHex(keccak256(utf8ToBytes(lower)));
  return "0x" + [...lower].map((ch, i) => (parseInt(hash[i]!, 16) >= 8 ? ch.toUpperCase() : ch)).join("");
}

/** An address of `format` made from 32 seed bytes. */
export function addressFromSeed(format: AddressFormat, seed: Buffer): string {
  const h20 = hash160(seed);
  switch (format) {
    case "btc":
    case "ltc":
      return bech32Encode(SEGWIT_HRP[format]!, [0, ...toWords(h20)], "bech32");
    case "doge":
      return base58CheckEncode(Buffer.concat([Buffer.of(DOGE_VERSIONS[0]!), h20]));
    case "evm":
      return eip55(bytesToHex(keccak256(seed).subarray(12)));
    case "tron":
      return base58CheckEncode(Buffer.concat([Buffer.of(TRON_VERSION), keccak256(seed).subarray(12)]));
    case "solana":
      return base58Encode(seed);
    case "xrp":
      return base58CheckEncode(Buffer.concat([Buffer.of(XRP_VERSION), h20]), "xrp");
    case "cardano":
      // a Shelley enterprise address on mainnet: header 0x61, then a 28-byte key hash
      return bech32Encode("addr", toWords(Buffer.concat([Buffer.of(0x61), seed.subarray(0, 28)])), "bech32");
  }
}

/**
 * The deposit address of a user for a coin and network: stable (an HMAC of who, where and what),
 * different per user, environment, coin and network. XRP shares one account and tells users apart
 * by a tag, as exchanges do.
 */
export function depositAddress(
  secret: string,
  k: { env: string; userId: string; coin: string; chain: string; format: AddressFormat },
): { address: string; tag: string } {
  const seed = createHmac("sha256", secret).update(`deposit\0${k.env}\0${k.userId}\0${k.coin}\0${k.chain}`).digest();
  if (k.format === "xrp") {
    const house = createHmac("sha256", secret).update(`deposit\0${k.env}\0xrp-house`).digest();
    // tags of 9 digits at least, so a tag never looks like a short typo
    return { address: addressFromSeed("xrp", house), tag: String(100_000_000 + (seed.readUInt32BE(0) % 4_000_000_000)) };
  }
  return { address: addressFromSeed(k.format, seed), tag: "" };
}

function segwitOk(format: "btc" | "ltc", address: string): boolean {
  const d = bech32Decode(address);
  if (!d || d.hrp !== SEGWIT_HRP[format] || d.words.length < 1) return false;
  const version = d.words[0]!;
  const program = fromWords(d.words.slice(1));
  if (!program || program.length < 2 || program.length > 40 || version > 16) return false;
  if (version === 0) return d.variant === "bech32" && (program.length === 20 || program.length === 32);
  return d.variant === "bech32m";
}

function versionedOk(address: string, versions: number[], alphabet?: Base58Alphabet): boolean {
  const p = base58CheckDecode(address, alphabet);
  return p !== undefined && p.length === 21 && versions.includes(p[0]!);
}

/** Whether `address` is a well-formed address of `format` (checksums verified). */
export function isValidAddress(format: AddressFormat, address: string): boolean {
  if (address.length === 0 || address.length > 128 || address.trim() !== address) return false;
  switch (format) {
    case "btc":
    case "ltc":
      return /^(bc|ltc)1/i.test(address) ? segwitOk(format, address) : versionedOk(address, LEGACY_VERSIONS[format]!);
    case "doge":
      return versionedOk(address, DOGE_VERSIONS);
    case "evm": {
      if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
      const hex = address.slice(2);
      // all one case carries no checksum (EIP-55 allows it); mixed case must match it
      return hex === hex.toLowerCase() || hex === hex.toUpperCase() || eip55(hex) === address;
    }
    case "tron":
      return address.startsWith("T") && versionedOk(address, [TRON_VERSION]);
    case "solana": {
      const raw = base58Decode(address);
      return raw !== undefined && raw.length === 32 && address.length >= 32 && address.length <= 44;
    }
    case "xrp":
      return address.startsWith("r") && versionedOk(address, [XRP_VERSION], "xrp");
    case "cardano": {
      const d = bech32Decode(address, 120);
      if (!d || d.hrp !== "addr" || d.variant !== "bech32") return false;
      const bytes = fromWords(d.words);
      // Shelley mainnet headers (network id 1): base, script, pointer and enterprise addresses
      return bytes !== undefined && bytes.length >= 29 && (bytes[0]! & 0x0f) === 1 && bytes[0]! >> 4 <= 7;
    }
  }
}

/** A tag (XRP destination tag): a 32-bit unsigned integer. */
export function isValidTag(tag: string): boolean {
  return /^\d{1,10}$/.test(tag) && Number(tag) <= 4_294_967_295;
}
