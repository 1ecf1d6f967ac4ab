/**
 * A Bloom filter of text keys that grows: `mayHave` is false only for a key never added, true for
 * every key added (and, rarely, for one that was not). The exchange store keeps one over the
 * clientOids callers gave, so the duplicate check reads SQLite only when the filter cannot rule the
 * key out (docs/decisions/355, round 3).
 *
 * It grows without ever reading its keys again (a rebuild from storage would stall the event loop
 * for as long as the scan takes): when its newest layer is full it adds a layer twice as large with
 * 2 more bits a key, so the layers' false-positive rates (0.8 %, 0.3 %, 0.1 %, …) add up to under 1.5 %.
 */
export class SeenFilter {
  private readonly layers: Layer[] = [];
  private added = 0;

  /** @param capacity keys the first layer holds at about 0.8 % false positives (10 bits a key, 7 probes). */
  constructor(readonly capacity: number) {
    this.layers.push(new Layer(Math.max(1, capacity), 10));
  }

  /** Keys added so far (repeats included). */
  get size(): number {
    return this.added;
  }

  /** Layers so far (1 until the first layer is full). */
  get depth(): number {
    return this.layers.length;
  }

  add(key: string): void {
    let top = this.layers[this.layers.length - 1]!;
    if (top.added >= top.capacity) {
      top = new Layer(top.capacity * 2, top.bitsPerKey + 2);
      this.layers.push(top);
    }
    hashes(key);
    top.add(pair[0], pair[1]);
    this.added++;
  }

  mayHave(key: string): boolean {
    hashes(key);
    for (const layer of this.layers) if (layer.has(pair[0], pair[1])) return true;
    return false;
  }
}

class Layer {
  private readonly bits: Int32Array;
  private readonly mask: number;
  private readonly probes: number;
  added = 0;

  constructor(
    readonly capacity: number,
    readonly bitsPerKey: number,
  ) {
    let m = 1024;
    while (m < capacity * bitsPerKey) m *= 2;
    this.bits = new Int32Array(m >>> 5);
    this.mask = m - 1;
    // the optimal number of probes for the bits a key: ln 2 of them
    this.probes = Math.max(1, Math.round(bitsPerKey * Math.LN2));
  }

  add(h1: number, h2: number): void {
    for (let i = 0; i < this.probes; i++) {
      const b = (h1 + Math.imul(i, h2)) & this.mask;
      this.bits[b >>> 5]! |= 1 << (b & 31);
    }
    this.added++;
  }

  has(h1: number, h2: number): boolean {
    for (let i = 0; i < this.probes; i++) {
      const b = (h1 + Math.imul(i, h2)) & this.mask;
      if ((this.bits[b >>> 5]! & (1 << (b & 31))) === 0) return false;
    }
    return true;
  }
}

const pair: [number, number] = [0, 0];

/** Two 32-bit hashes of the key's UTF-16 units (FNV-1a and a second multiplicative one, each finalised by murmur3's mix), in `pair`. */
function hashes(key: string): void {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b + c, 0x5bd1e995) ^ (b >>> 15);
  }
  pair[0] = fmix(a);
  // odd, so the probes of one key never repeat a position within a layer
  pair[1] = fmix(b) | 1;
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
