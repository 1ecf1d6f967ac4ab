/**
 * A small QR code encoder (ISO/IEC 18004: byte mode, error correction level M, versions 1–40),
 * enough for an otpauth:// link, so the Google Authenticator setup needs no dependency. The
 * algorithm follows the standard's steps in the order they are usually explained: data bits,
 * Reed–Solomon blocks, function patterns, the zigzag placement, the mask with the lowest penalty.
 */

/** Level M, by version (index 0 unused): error-correction codewords per block and number of blocks. */
const ECC_PER_BLOCK = [
  0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
  28, 28, 28, 28, 28, 28,
];
const BLOCKS = [
  0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43,
  45, 47, 49,
];
/** Level M's two format bits. */
const LEVEL_M_BITS = 0;

export interface QrMatrix {
  size: number;
  /** `dark[y][x]` */
  dark: boolean[][];
  version: number;
  mask: number;
}

const bit = (value: number, i: number) => ((value >>> i) & 1) !== 0;

/** Modules that carry data after the function patterns are drawn. */
function rawDataModules(version: number): number {
  let n = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    n -= (25 * align - 10) * align - 55;
    if (version >= 7) n -= 36;
  }
  return n;
}

export function dataCodewords(version: number): number {
  return Math.floor(rawDataModules(version) / 8) - (ECC_PER_BLOCK[version] as number) * (BLOCKS[version] as number);
}

export function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const size = version * 4 + 17;
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const out = [6];
  for (let pos = size - 7; out.length < count; pos -= step) out.splice(1, 0, pos);
  return out;
}

// GF(2^8) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1.
function gfMul(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

function rsDivisor(degree: number): number[] {
  const out = new Array<number>(degree - 1).fill(0).concat([1]);
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < out.length; j++) {
      out[j] = gfMul(out[j] as number, root);
      if (j + 1 < out.length) out[j] = (out[j] as number) ^ (out[j + 1] as number);
    }
    root = gfMul(root, 0x02);
  }
  return out;
}

/** The Reed–Solomon error-correction codewords of one block. */
export function rsRemainder(data: readonly number[], degree: number): number[] {
  const divisor = rsDivisor(degree);
  const out = new Array<number>(degree).fill(0);
  for (const b of data) {
    const factor = b ^ (out.shift() as number);
    out.push(0);
    divisor.forEach((coef, i) => (out[i] = (out[i] as number) ^ gfMul(coef, factor)));
  }
  return out;
}

/** The 15 format bits (level M, a mask), BCH-coded and masked. */
export function formatBits(mask: number): number {
  const data = (LEVEL_M_BITS << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

/** The 18 version bits of versions 7 and up. */
export function versionBits(version: number): number {
  let rem = version;
  for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  return (version << 12) | rem;
}

/** Byte-mode segment, terminator and pad bytes: the data codewords of a version. */
export function dataBytes(bytes: Uint8Array, version: number): number[] {
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  const capacity = dataCodewords(version) * 8;
  put(0b0100, 4);
  put(bytes.length, version <= 9 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  put(0, Math.min(4, capacity - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) put(pad, 8);
  const out: number[] = [];
  for (let i = 0; i < bits.length; i += 8) out.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  return out;
}

/** Splits the data into blocks, adds each block's codewords, and interleaves them. */
export function withErrorCorrection(data: readonly number[], version: number): number[] {
  const blocks = BLOCKS[version] as number;
  const ecc = ECC_PER_BLOCK[version] as number;
  const raw = Math.floor(rawDataModules(version) / 8);
  const shortBlocks = blocks - (raw % blocks);
  const shortLen = Math.floor(raw / blocks);
  const all: number[][] = [];
  for (let i = 0, k = 0; i < blocks; i++) {
    const block = data.slice(k, k + shortLen - ecc + (i < shortBlocks ? 0 : 1));
    k += block.length;
    const code = rsRemainder(block, ecc);
    if (i < shortBlocks) block.push(0);
    all.push(block.concat(code));
  }
  const out: number[] = [];
  for (let i = 0; i < (all[0] as number[]).length; i++) {
    all.forEach((block, j) => {
      if (i !== shortLen - ecc || j >= shortBlocks) out.push(block[i] as number);
    });
  }
  return out;
}

const MASKS: Array<(x: number, y: number) => boolean> = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

class Grid {
  readonly dark: boolean[][];
  readonly fixed: boolean[][];
  constructor(readonly size: number) {
    this.dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
    this.fixed = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  }
  setFixed(x: number, y: number, dark: boolean) {
    (this.dark[y] as boolean[])[x] = dark;
    (this.fixed[y] as boolean[])[x] = true;
  }
}

function drawFunctionPatterns(g: Grid, version: number): void {
  const size = g.size;
  for (let i = 0; i < size; i++) {
    g.setFixed(6, i, i % 2 === 0);
    g.setFixed(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        const d = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < size && y >= 0 && y < size) g.setFixed(x, y, d !== 2 && d !== 4);
      }
    }
  }
  const pos = alignmentPositions(version);
  const last = pos.length - 1;
  pos.forEach((cx, i) =>
    pos.forEach((cy, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) g.setFixed(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }),
  );
  drawFormat(g, 0); // reserves the format areas; redrawn with the chosen mask
  if (version >= 7) {
    const bits = versionBits(version);
    for (let i = 0; i < 18; i++) {
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      g.setFixed(a, b, bit(bits, i));
      g.setFixed(b, a, bit(bits, i));
    }
  }
}

function drawFormat(g: Grid, mask: number): void {
  const bits = formatBits(mask);
  const size = g.size;
  for (let i = 0; i <= 5; i++) g.setFixed(8, i, bit(bits, i));
  g.setFixed(8, 7, bit(bits, 6));
  g.setFixed(8, 8, bit(bits, 7));
  g.setFixed(7, 8, bit(bits, 8));
  for (let i = 9; i < 15; i++) g.setFixed(14 - i, 8, bit(bits, i));
  for (let i = 0; i < 8; i++) g.setFixed(size - 1 - i, 8, bit(bits, i));
  for (let i = 8; i < 15; i++) g.setFixed(8, size - 15 + i, bit(bits, i));
  g.setFixed(8, size - 8, true); // the dark module
}

/** Places the codewords in the two-module-wide zigzag, right to left, skipping function modules. */
function drawCodewords(g: Grid, codewords: readonly number[]): void {
  const size = g.size;
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vert : vert;
        if (!(g.fixed[y] as boolean[])[x] && i < codewords.length * 8) {
          (g.dark[y] as boolean[])[x] = bit(codewords[i >>> 3] as number, 7 - (i & 7));
          i++;
        }
      }
    }
  }
}

function applyMask(g: Grid, mask: number): void {
  const test = MASKS[mask] as (x: number, y: number) => boolean;
  for (let y = 0; y < g.size; y++) {
    for (let x = 0; x < g.size; x++) {
      if (!(g.fixed[y] as boolean[])[x] && test(x, y)) (g.dark[y] as boolean[])[x] = !(g.dark[y] as boolean[])[x];
    }
  }
}

/** The standard's penalty: long runs, 2×2 blocks, finder-like patterns, dark/light imbalance. */
export function penalty(dark: boolean[][]): number {
  const size = dark.length;
  let score = 0;
  const lines: boolean[][] = [];
  for (let i = 0; i < size; i++) {
    lines.push(dark[i] as boolean[]);
    lines.push(dark.map((row) => row[i] as boolean));
  }
  const finderLike = [/10111010000/g, /00001011101/g];
  for (const line of lines) {
    let run = 1;
    for (let i = 1; i <= size; i++) {
      if (i < size && line[i] === line[i - 1]) run++;
      else {
        if (run >= 5) score += run - 2;
        run = 1;
      }
    }
    const text = line.map((d) => (d ? "1" : "0")).join("");
    for (const re of finderLike) score += 40 * (text.match(re)?.length ?? 0);
  }
  let darkCount = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = (dark[y] as boolean[])[x];
      if (d) darkCount++;
      if (
        x + 1 < size &&
        y + 1 < size &&
        d === (dark[y] as boolean[])[x + 1] &&
        d === (dark[y + 1] as boolean[])[x] &&
        d === (dark[y + 1] as boolean[])[x + 1]
      )
        score += 3;
    }
  }
  const total = size * size;
  score += 10 * Math.floor(Math.abs(darkCount * 20 - total * 10) / total);
  return score;
}

/** Encodes text (UTF-8) at level M in the smallest version that holds it. */
export function encodeQr(text: string): QrMatrix {
  const bytes = new TextEncoder().encode(text);
  let version = 1;
  const fits = (v: number) => 4 + (v <= 9 ? 8 : 16) + bytes.length * 8 <= dataCodewords(v) * 8;
  while (version <= 40 && !fits(version)) version++;
  if (version > 40) throw new RangeError("text too long for a QR code");
  const codewords = withErrorCorrection(dataBytes(bytes, version), version);
  let best: QrMatrix | undefined;
  let bestScore = Infinity;
  for (let mask = 0; mask < 8; mask++) {
    const g = new Grid(version * 4 + 17);
    drawFunctionPatterns(g, version);
    drawCodewords(g, codewords);
    applyMask(g, mask);
    drawFormat(g, mask);
    const score = penalty(g.dark);
    if (score < bestScore) {
      bestScore = score;
      best = { size: g.size, dark: g.dark, version, mask };
    }
  }
  return best as QrMatrix;
}

/** One SVG path of the dark modules, with the standard's four-module quiet zone. */
export function qrSvgPath(m: QrMatrix, quiet = 4): { viewBox: string; d: string } {
  const parts: string[] = [];
  m.dark.forEach((row, y) =>
    row.forEach((d, x) => {
      if (d) parts.push(`M${x + quiet} ${y + quiet}h1v1h-1z`);
    }),
  );
  const side = m.size + quiet * 2;
  return { viewBox: `0 0 ${side} ${side}`, d: parts.join("") };
}
