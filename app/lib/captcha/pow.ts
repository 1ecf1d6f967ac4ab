/**
 * The captcha's proof of work in the browser (docs/decisions/013): find a nonce so that SHA-256 of
 * `prefix + nonce` starts with `bits` zero bits. WebCrypto's digest is asynchronous and costs a
 * task per hash, so this is a small synchronous SHA-256 for one-block messages (under 56 bytes),
 * which is all the search hashes; it runs in a worker (see pow-worker.ts) or in slices.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
  0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
  0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
  0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
  0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const H0 = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

/** The single-block message, big-endian words, padded: ASCII `text` (under 56 bytes) with its length. */
function block(text: string, w: Uint32Array): void {
  w.fill(0, 0, 16);
  for (let i = 0; i < text.length; i++) w[i >> 2]! |= (text.charCodeAt(i) & 0xff) << (24 - (i & 3) * 8);
  w[text.length >> 2]! |= 0x80 << (24 - (text.length & 3) * 8);
  w[15] = text.length * 8;
}

/** SHA-256 of the one-block message in `w` (its first 16 words; the rest is scratch) into `out`. */
function compress(w: Uint32Array, out: Uint32Array): void {
  for (let i = 16; i < 64; i++) {
    const a = w[i - 15]!;
    const b = w[i - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = H0[0]!,
    b = H0[1]!,
    c = H0[2]!,
    d = H0[3]!,
    e = H0[4]!,
    f = H0[5]!,
    g = H0[6]!,
    h = H0[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  out[0] = H0[0]! + a;
  out[1] = H0[1]! + b;
  out[2] = H0[2]! + c;
  out[3] = H0[3]! + d;
  out[4] = H0[4]! + e;
  out[5] = H0[5]! + f;
  out[6] = H0[6]! + g;
  out[7] = H0[7]! + h;
}

/** Leading zero bits of a digest's first 64 bits (enough for any difficulty we set). */
function zeroBits(out: Uint32Array): number {
  return out[0] === 0 ? 32 + Math.clz32(out[1]!) : Math.clz32(out[0]!);
}

/** Full SHA-256 of a short ASCII text as hex, for tests against a reference implementation. */
export function sha256Short(text: string): string {
  if (text.length >= 56 || !/^[\x20-\x7e]*$/.test(text)) throw new Error("one-block ASCII only");
  const w = new Uint32Array(64);
  const out = new Uint32Array(8);
  block(text, w);
  compress(w, out);
  return [...out].map((v) => v.toString(16).padStart(8, "0")).join("");
}

export interface PowPuzzle {
  algorithm: string;
  prefix: string;
  bits: number;
}

/**
 * Tries nonces `from`, `from + 1`… (base 36) for at most `count` of them: the nonce found, or
 * undefined to go on from `from + count`.
 */
export function searchPow(puzzle: PowPuzzle, from: number, count: number): string | undefined {
  if (puzzle.prefix.length + 12 >= 56) throw new Error("prefix too long");
  const w = new Uint32Array(64);
  const out = new Uint32Array(8);
  for (let n = from; n < from + count; n++) {
    const nonce = n.toString(36);
    block(puzzle.prefix + nonce, w);
    compress(w, out);
    if (zeroBits(out) >= puzzle.bits) return nonce;
  }
  return undefined;
}

/** Nonces one slice tries before it reports progress and yields. */
export const POW_SLICE = 20_000;

/** The chance that a search of `tried` nonces would have finished by now: an honest progress value. */
export function powProgress(tried: number, bits: number): number {
  return 1 - Math.exp(-tried / 2 ** bits);
}
