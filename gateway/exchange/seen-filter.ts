/**
 * A Bloom filter of text keys: `mayHave` is false only for a key never added, true for every key
 * added (and, rarely, for one that was not). The exchange store keeps one over the clientOids it has
 * written, so the duplicate check reads SQLite only when the filter cannot rule the key out
 * (docs/decisions/355, round 3).
 */
export class SeenFilter {
  private readonly bits: Int32Array;
  private readonly mask: number;
  private added = 0;

  /**
   * @param capacity keys it holds at about 1 % false positives (10 bits a key, 7 probes); more keys
   * only raise that rate, they never make it answer false for a key it holds.
   */
  constructor(readonly capacity: number) {
    let m = 1024;
    while (m < capacity * 10) m *= 2;
    this.bits = new Int32Array(m >>> 5);
    this.mask = m - 1;
  }

  /** Keys added so far (repeats included). */
  get size(): number {
    return this.added;
  }

  add(key: string): void {
    const [h1, h2] = hashes(key);
    for (let i = 0; i < PROBES; i++) {
      const b = (h1 + Math.imul(i, h2)) & this.mask;
      this.bits[b >>> 5]! |= 1 << (b & 31);
    }
    this.added++;
  }

  mayHave(key: string): boolean {
    const [h1, h2] = hashes(key);
    for (let i = 0; i < PROBES; i++) {
      const b = (h1 + Math.imul(i, h2)) & this.mask;
      if ((this.bits[b >>> 5]! & (1 << (b & 31))) === 0) return false;
    }
    return true;
  }
}

const PROBES = 7;
const pair: [number, number] = [0, 0];

/** Two 32-bit hashes of the key's UTF-16 units (FNV-1a and a second multiplicative one, each finalised by murmur3's mix). */
function hashes(key: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b + c, 0x5bd1e995) ^ (b >>> 15);
  }
  pair[0] = fmix(a);
  // odd, so the probes of one key never repeat a position within the table
  pair[1] = fmix(b) | 1;
  return pair;
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
