/**
 * The byte encodings of chain addresses (docs/decisions/330): Keccak-256 (EIP-55 checksums; Node's
 * `sha3-256` pads differently), bech32/bech32m (BIP-173/350) and base58(check), written from their
 * specifications because no dependency is added for them.
 */
import { createHash } from "node:crypto";

// ---- Keccak-256 (the original padding 0x01, as Ethereum uses it) ----
const MASK = (1n << 64n) - 1n;
const RC: bigint[] = (() => {
  const out: bigint[] = [];
  let r = 1;
  for (let i = 0; i < 24; i++) {
    let c = 0n;
    for (let j = 0; j < 7; j++) {
      if (r & 1) c |= 1n << BigInt((1 << j) - 1);
      r = r & 0x80 ? ((r << 1) ^ 0x71) & 0xff : (r << 1) & 0xff;
    }
    out.push(c);
  }
  return out;
})();
const ROT = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14];
const rotl = (x: bigint, n: number) => (n === 0 ? x : ((x << BigInt(n)) | (x >> BigInt(64 - n))) & MASK);

function keccakF(s: bigint[]): void {
  for (let round = 0; round < 24; round++) {
    const c = [0, 1, 2, 3, 4].map((x) => s[x]! ^ s[x + 5]! ^ s[x + 10]! ^ s[x + 15]! ^ s[x + 20]!);
    for (let x = 0; x < 5; x++) {
      const d = c[(x + 4) % 5]! ^ rotl(c[(x + 1) % 5]!, 1);
      for (let y = 0; y < 25; y += 5) s[x + y] = s[x + y]! ^ d;
    }
    const b = new Array<bigint>(25).fill(0n);
    for (let x = 0; x < 5; x++) for (let y = 0; y < 5; y++) b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(s[x + 5 * y]!, ROT[x + 5 * y]!);
    for (let x = 0; x < 5; x++)
      for (let y = 0; y < 25; y += 5) s[x + y] = b[x + y]! ^ (~b[((x + 1) % 5) + y]! & MASK & b[((x + 2) % 5) + y]!);
    s[0] = s[0]! ^ RC[round]!;
  }
}

export function keccak256(data: Uint8Array): Buffer {
  const rate = 136;
  const padded = new Uint8Array(Math.ceil((data.length + 1) / rate) * rate);
  padded.set(data);
  padded[data.length] = (padded[data.length] ?? 0) ^ 0x01;
  padded[padded.length - 1] = (padded[padded.length - 1] ?? 0) ^ 0x80;
  const s = new Array<bigint>(25).fill(0n);
  for (let off = 0; off < padded.length; off += rate) {
    for (let i = 0; i < rate / 8; i++) {
      let lane = 0n;
      for (let k = 7; k >= 0; k--) lane = (lane << 8n) | BigInt(padded[off + i * 8 + k]!);
      s[i] = s[i]! ^ lane;
    }
    keccakF(s);
  }
  const out = Buffer.alloc(32);
  for (let i = 0; i < 4; i++) out.writeBigUInt64LE(s[i]!, i * 8);
  return out;
}

// ---- bech32 / bech32m ----
const CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const BECH32M = 0x2bc830a3;

function polymod(values: number[]): number {
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= gen[i]!;
  }
  return chk >>> 0;
}
const hrpExpand = (hrp: string) => [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];

/** Regroups bits (8 → 5 to encode, 5 → 8 to decode); undefined when the padding is not canonical. */
export function convertBits(data: ArrayLike<number>, from: number, to: number, pad: boolean): number[] | undefined {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (let i = 0; i < data.length; i++) {
    acc = (acc << from) | data[i]!;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & max);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & max);
  } else if (bits >= from || ((acc << (to - bits)) & max) !== 0) return undefined;
  return out;
}

export type Bech32Variant = "bech32" | "bech32m";

export function bech32Encode(hrp: string, words: number[], variant: Bech32Variant): string {
  const c = polymod([...hrpExpand(hrp), ...words, 0, 0, 0, 0, 0, 0]) ^ (variant === "bech32" ? 1 : BECH32M);
  const checksum = [0, 1, 2, 3, 4, 5].map((i) => (c >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...words, ...checksum].map((w) => CHARSET[w]).join("")}`;
}

/** Decodes a bech32 string (one case only); `maxLength` is 90 for segwit, longer for Cardano. */
export function bech32Decode(text: string, maxLength = 90): { hrp: string; words: number[]; variant: Bech32Variant } | undefined {
  if (text.length > maxLength || (text !== text.toLowerCase() && text !== text.toUpperCase())) return undefined;
  const s = text.toLowerCase();
  const sep = s.lastIndexOf("1");
  if (sep < 1 || sep + 7 > s.length) return undefined;
  const hrp = s.slice(0, sep);
  const words: number[] = [];
  for (const ch of s.slice(sep + 1)) {
    const v = CHARSET.indexOf(ch);
    if (v < 0) return undefined;
    words.push(v);
  }
  const c = polymod([...hrpExpand(hrp), ...words]);
  const variant = c === 1 ? "bech32" : c === BECH32M ? "bech32m" : undefined;
  if (!variant) return undefined;
  return { hrp, words: words.slice(0, -6), variant };
}

// ---- base58 / base58check ----
export const BITCOIN_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
export const RIPPLE_ALPHABET = "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz";

export function base58Encode(bytes: Uint8Array, alphabet = BITCOIN_ALPHABET): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = "";
  while (n > 0n) {
    out = alphabet[Number(n % 58n)]! + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = alphabet[0]! + out;
  }
  return out;
}

export function base58Decode(text: string, alphabet = BITCOIN_ALPHABET): Buffer | undefined {
  if (text.length === 0 || text.length > 128) return undefined;
  let n = 0n;
  for (const ch of text) {
    const v = alphabet.indexOf(ch);
    if (v < 0) return undefined;
    n = n * 58n + BigInt(v);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  for (const ch of text) {
    if (ch !== alphabet[0]) break;
    bytes.unshift(0);
  }
  return Buffer.from(bytes);
}

const sha256d = (b: Uint8Array) => createHash("sha256").update(createHash("sha256").update(b).digest()).digest();

export function base58CheckEncode(payload: Uint8Array, alphabet = BITCOIN_ALPHABET): string {
  return base58Encode(Buffer.concat([payload, sha256d(payload).subarray(0, 4)]), alphabet);
}

/** The payload of a base58check string, or undefined when its checksum is wrong. */
export function base58CheckDecode(text: string, alphabet = BITCOIN_ALPHABET): Buffer | undefined {
  const raw = base58Decode(text, alphabet);
  if (!raw || raw.length < 5) return undefined;
  const payload = raw.subarray(0, -4);
  return sha256d(payload).subarray(0, 4).equals(raw.subarray(-4)) ? payload : undefined;
}
