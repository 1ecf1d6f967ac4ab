import { inflateSync } from "node:zlib";
import { searchPow } from "../../app/lib/captcha/pow";

/**
 * The attacker's side of the slider captcha, for tests: a PNG decoder, the review's exact-colour
 * solver, a smarter shape-matching solver, a synthetic human trail and a proof-of-work solver.
 * Written from the pictures and the wire alone (docs/decisions/013).
 */

export interface Image {
  width: number;
  height: number;
  /** RGBA, row by row. */
  data: Uint8Array;
}

/** Decodes an 8-bit RGB or RGBA, non-interlaced PNG (all five row filters). */
export function decodePng(png: Uint8Array): Image {
  const buf = Buffer.from(png);
  if (buf.subarray(1, 4).toString("ascii") !== "PNG") throw new Error("not a PNG");
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 4;
  const idat: Buffer[] = [];
  while (at < buf.length) {
    const len = buf.readUInt32BE(at);
    const type = buf.subarray(at + 4, at + 8).toString("ascii");
    const body = buf.subarray(at + 8, at + 8 + len);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[12] !== 0) throw new Error("unsupported PNG");
      channels = body[9] === 6 ? 4 : body[9] === 2 ? 3 : 0;
      if (!channels) throw new Error("unsupported colour type");
    } else if (type === "IDAT") idat.push(body);
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const src = y * (stride + 1) + 1;
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? rows[y * stride + i - channels]! : 0;
      const b = y > 0 ? rows[(y - 1) * stride + i]! : 0;
      const c = y > 0 && i >= channels ? rows[(y - 1) * stride + i - channels]! : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a),
        pb = Math.abs(p - b),
        pc = Math.abs(p - c);
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const pred = [0, a, b, (a + b) >> 1, paeth][filter] ?? 0;
      rows[y * stride + i] = (raw[src + i]! + pred) & 0xff;
    }
  }
  const data = new Uint8Array(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    for (let k = 0; k < 3; k++) data[p * 4 + k] = rows[p * channels + k]!;
    data[p * 4 + 3] = channels === 4 ? rows[p * channels + 3]! : 255;
  }
  return { width, height, data };
}

const px = (img: Image, x: number, y: number) => (y * img.width + x) * 4;

/**
 * The review's script: in the piece's rows, the most frequent exact colour is the hole's rim
 * (grain makes every other colour rare); the hole's left edge is the leftmost pixel of it.
 */
export function solveByRimColour(bg: Image, pieceY: number, pieceSize: number): number {
  const counts = new Map<number, number>();
  for (let y = pieceY; y < Math.min(bg.height, pieceY + pieceSize); y++) {
    for (let x = 0; x < bg.width; x++) {
      const i = px(bg, x, y);
      const key = (bg.data[i]! << 16) | (bg.data[i + 1]! << 8) | bg.data[i + 2]!;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  let rim = 0;
  let best = -1;
  for (const [k, n] of counts) if (n > best) [rim, best] = [k, n];
  for (let x = 0; x < bg.width; x++) {
    for (let y = pieceY; y < Math.min(bg.height, pieceY + pieceSize); y++) {
      const i = px(bg, x, y);
      if (((bg.data[i]! << 16) | (bg.data[i + 1]! << 8) | bg.data[i + 2]!) === rim) return x;
    }
  }
  return 0;
}

/**
 * A smarter script: slides the piece's own outline (its alpha mask) along its row and scores how
 * much darker the picture is just inside the outline than just outside it; the best score wins.
 */
export function solveByShape(bg: Image, piece: Image, pieceY: number): number {
  const inside: Array<[number, number]> = [];
  const outside: Array<[number, number]> = [];
  const opaque = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < piece.width && y < piece.height && piece.data[px(piece, x, y) + 3]! > 128;
  for (let y = -2; y < piece.height + 2; y++) {
    for (let x = -2; x < piece.width + 2; x++) {
      const near = (d: number) => opaque(x - d, y) || opaque(x + d, y) || opaque(x, y - d) || opaque(x, y + d);
      if (opaque(x, y) && !(opaque(x - 3, y) && opaque(x + 3, y) && opaque(x, y - 3) && opaque(x, y + 3))) inside.push([x, y]);
      else if (!opaque(x, y) && near(2)) outside.push([x, y]);
    }
  }
  const lum = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= bg.width || y >= bg.height) return 128;
    const i = px(bg, x, y);
    return 0.299 * bg.data[i]! + 0.587 * bg.data[i + 1]! + 0.114 * bg.data[i + 2]!;
  };
  let bestX = 0;
  let best = -Infinity;
  for (let x = 0; x <= bg.width - piece.width; x++) {
    let din = 0;
    let dout = 0;
    for (const [a, b] of inside) din += lum(x + a, pieceY + b);
    for (const [a, b] of outside) dout += lum(x + a, pieceY + b);
    const score = dout / outside.length - din / inside.length;
    if (score > best) [best, bestX] = [score, x];
  }
  return bestX;
}

/** A drag as a script fakes it: eased, wobbling a pixel or two, `ms` long, ending on `x`. */
export function syntheticTrail(x: number, ms = 800, samples = 24): Array<[number, number, number]> {
  const trail: Array<[number, number, number]> = [];
  for (let i = 0; i <= samples; i++) {
    const p = i / samples;
    const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
    trail.push([Math.round(p * ms), Math.round(eased * x * 10) / 10, 300 + (i % 3)]);
  }
  return trail;
}

/**
 * Proof of work: a nonce whose SHA-256(prefix ‖ nonce) has `bits` leading zeros. It runs the
 * browser's own search (a native loop calling createHash per try is slower in Node, for the call
 * overhead); a serious attacker would use native or GPU code (docs/decisions/013).
 */
export function solvePow(prefix: string, bits: number): { nonce: string; tries: number } {
  const nonce = searchPow({ algorithm: "sha256", prefix, bits }, 0, Number.MAX_SAFE_INTEGER)!;
  return { nonce, tries: parseInt(nonce, 36) + 1 };
}
