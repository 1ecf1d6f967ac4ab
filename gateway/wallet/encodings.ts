/**
 * The byte encodings of chain addresses (docs/decisions/330, 343), from audited libraries:
 * Keccak-256 (Ethereum's padding, not NIST SHA3), SHA-256 and RIPEMD-160 from `@noble/hashes`;
 * bech32/bech32m (BIP-173/350) and base58(check) from `@scure/base`. This module only adapts them
 * to what addresses.ts asks: `undefined` for a string that does not decode instead of a throw,
 * which bech32 variant a string carries, and base58check over the XRP alphabet.
 */
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { base58, base58xrp, bech32, bech32m, createBase58check, type BytesCoder } from "@scure/base";

export const keccak256 = (data: Uint8Array): Uint8Array => keccak_256(data);

/** RIPEMD-160 of SHA-256, Bitcoin's key hash. */
export const hash160 = (data: Uint8Array): Uint8Array => ripemd160(sha256(data));

// ---- bech32 / bech32m ----
export type Bech32Variant = "bech32" | "bech32m";
const BECH32 = { bech32, bech32m } as const;

/** 8-bit bytes as 5-bit words, the last one zero-padded. */
export const toWords = (bytes: Uint8Array): number[] => bech32.toWords(bytes);

/** 5-bit words as bytes; undefined when the padding is not canonical (BIP-173: at most 4 zero bits). */
export const fromWords = (words: number[]): Uint8Array | undefined => bech32.fromWordsUnsafe(words) ?? undefined;

export function bech32Encode(hrp: string, words: number[], variant: Bech32Variant, maxLength = 90): string {
  return BECH32[variant].encode(hrp, words, maxLength);
}

/** Decodes a bech32 or bech32m string (one case only); `maxLength` is 90 for segwit, longer for Cardano. */
export function bech32Decode(text: string, maxLength = 90): { hrp: string; words: number[]; variant: Bech32Variant } | undefined {
  for (const variant of ["bech32", "bech32m"] as const) {
    const d = BECH32[variant].decodeUnsafe(text, maxLength);
    if (d) return { hrp: d.prefix, words: d.words, variant };
  }
  return undefined;
}

// ---- base58 / base58check ----
export type Base58Alphabet = "bitcoin" | "xrp";
const BASE58: Record<Base58Alphabet, BytesCoder> = { bitcoin: base58, xrp: base58xrp };
const bitcoinCheck = createBase58check(sha256);
/** XRP's base58check is Bitcoin's (4 bytes of double SHA-256) written in another alphabet. */
const xrpCheck: BytesCoder = {
  encode: (payload) => base58xrp.encode(base58.decode(bitcoinCheck.encode(payload))),
  decode: (text) => bitcoinCheck.decode(base58.encode(base58xrp.decode(text))),
};
const BASE58CHECK: Record<Base58Alphabet, BytesCoder> = { bitcoin: bitcoinCheck, xrp: xrpCheck };
/** base58 is quadratic in its length; no address is near this. */
const BASE58_MAX = 128;

function attempt<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

export function base58Encode(bytes: Uint8Array, alphabet: Base58Alphabet = "bitcoin"): string {
  return BASE58[alphabet].encode(bytes);
}

export function base58Decode(text: string, alphabet: Base58Alphabet = "bitcoin"): Uint8Array | undefined {
  if (text.length === 0 || text.length > BASE58_MAX) return undefined;
  return attempt(() => BASE58[alphabet].decode(text));
}

export function base58CheckEncode(payload: Uint8Array, alphabet: Base58Alphabet = "bitcoin"): string {
  return BASE58CHECK[alphabet].encode(payload);
}

/** The payload of a base58check string, or undefined when it does not decode or its checksum is wrong. */
export function base58CheckDecode(text: string, alphabet: Base58Alphabet = "bitcoin"): Uint8Array | undefined {
  if (text.length === 0 || text.length > BASE58_MAX) return undefined;
  return attempt(() => BASE58CHECK[alphabet].decode(text));
}
