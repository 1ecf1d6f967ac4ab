import { encodePng, Raster } from "./png.ts";

/**
 * A slider puzzle (docs/decisions/004, 013). Everything follows from one seed: the plan (where
 * the hole and its decoys are, their shapes) is cheap and kept with the challenge; the pictures
 * are drawn from it only when asked for, so nothing image-sized is stored.
 */
export interface ChallengePlan {
  seed: number;
  width: number;
  height: number;
  pieceSize: number;
  /** Where the piece sits vertically; the user only moves it horizontally. */
  pieceY: number;
  /** The answer: the hole's left edge. Never sent to the client. */
  answerX: number;
  shape: Shape;
  /** Holes of other shapes: on the piece's row give or take a few pixels, so position alone does not tell. */
  decoys: Array<{ x: number; y: number; shape: Shape }>;
}

/** Each side of the piece, top, right, bottom, left: 0 flat, 1 a knob out, 2 a notch in. */
export type Shape = [number, number, number, number];

export const CHALLENGE_SIZE = { width: 300, height: 160, piece: 48 } as const;
/** Holes on the piece's row besides the real one, and elsewhere. */
const ROW_DECOYS = 2;
const OTHER_DECOYS = 1;
/** Holes start right of where the piece starts, so the start position never sits on one. */
const FIRST_HOLE_X = 56;
const HOLE_GAP = 6;
const DECOY_Y_JITTER = 6;

/** A small seeded generator (mulberry32): the picture varies per challenge, tests can fix it. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (random: () => number, n: number) => Math.floor(random() * n);

function randomShape(random: () => number): Shape {
  for (;;) {
    const s: Shape = [pick(random, 3), pick(random, 3), pick(random, 3), pick(random, 3)];
    if (s.filter((v) => v !== 0).length >= 2) return s;
  }
}

/** A decoy's outline differs from the piece's on at least two sides, so a person tells them apart at a glance. */
function decoyShape(random: () => number, real: Shape): Shape {
  for (;;) {
    const s = randomShape(random);
    if (s.filter((v, i) => v !== real[i]).length >= 2) return s;
  }
}

/** Where the hole and its decoys go: cheap (a few random draws), so it runs on every get-captcha-id. */
export function planChallenge(seed: number): ChallengePlan {
  const random = seededRandom(seed);
  const { width, height, piece: size } = CHALLENGE_SIZE;
  const pieceY = Math.round(8 + random() * (height - size - 16));
  // Three non-overlapping slots on the row: spread the free space randomly between them.
  const slots = ROW_DECOYS + 1;
  const free = width - FIRST_HOLE_X - slots * size - (slots - 1) * HOLE_GAP;
  const cuts = Array.from({ length: slots }, () => random() * free).sort((a, b) => a - b);
  const xs = cuts.map((c, i) => Math.round(FIRST_HOLE_X + c + i * (size + HOLE_GAP)));
  const real = pick(random, slots);
  const shape = randomShape(random);
  const decoys: ChallengePlan["decoys"] = xs
    .filter((_, i) => i !== real)
    .map((x) => ({
      x,
      y: clampInt(pieceY + Math.round((random() * 2 - 1) * DECOY_Y_JITTER), 2, height - size - 2),
      shape: decoyShape(random, shape),
    }));
  for (let i = 0; i < OTHER_DECOYS; i++) {
    // Off the row: above or below it, wherever there is room.
    const above = pieceY > height - size - pieceY;
    const y = above
      ? Math.round(random() * Math.max(0, pieceY - size - 4))
      : Math.round(pieceY + size + 4 + random() * Math.max(0, height - 2 * size - pieceY - 4));
    decoys.push({
      x: Math.round(FIRST_HOLE_X + random() * (width - size - FIRST_HOLE_X)),
      y: clampInt(y, 0, height - size),
      shape: decoyShape(random, shape),
    });
  }
  return { seed, width, height, pieceSize: size, pieceY, answerX: xs[real]!, shape, decoys };
}

/** The shape's mask in its size×size box: a rounded square with knobs and notches on its sides. */
function shapeMask(shape: Shape, size: number): Uint8Array {
  const k = Math.round(size * 0.16);
  const lo = k;
  const hi = size - k;
  const mid = size / 2;
  const centres: Array<[number, number]> = [
    [mid, lo],
    [hi, mid],
    [mid, hi],
    [lo, mid],
  ];
  const mask = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const cx = x + 0.5;
      const cy = y + 0.5;
      let inside = cx >= lo && cx <= hi && cy >= lo && cy <= hi;
      // Rounded corners.
      const r = 4;
      const qx = Math.max(lo + r - cx, 0, cx - (hi - r));
      const qy = Math.max(lo + r - cy, 0, cy - (hi - r));
      if (inside && qx > 0 && qy > 0 && qx * qx + qy * qy > r * r) inside = false;
      for (let s = 0; s < 4; s++) {
        const [ox, oy] = centres[s]!;
        const d2 = (cx - ox) ** 2 + (cy - oy) ** 2;
        if (shape[s] === 1 && d2 <= k * k) inside = true;
        if (shape[s] === 2 && d2 <= (k * 0.9) ** 2) inside = false;
      }
      mask[y * size + x] = inside ? 1 : 0;
    }
  }
  return mask;
}

/** 1 inside, 2 on the outline (inside, next to outside), 0 outside. */
function outlined(mask: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= size || y >= size ? 0 : mask[y * size + x]!);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!at(x, y)) continue;
      const edge =
        !at(x - 1, y) ||
        !at(x + 1, y) ||
        !at(x, y - 1) ||
        !at(x, y + 1) ||
        !at(x - 2, y) ||
        !at(x + 2, y) ||
        !at(x, y - 2) ||
        !at(x, y + 2);
      out[y * size + x] = edge ? 2 : 1;
    }
  }
  return out;
}

/**
 * Draws the background (with the real hole and the decoys, all drawn alike) and the piece. A
 * hole's interior is the piece's own picture darkened, whichever hole it is, and grain over
 * everything last, so no exact colour and no interior texture marks the real one: only the outline does.
 */
export function renderChallenge(plan: ChallengePlan): { background: Buffer; piece: Buffer } {
  const { width, height, pieceSize: size } = plan;
  const random = seededRandom(plan.seed ^ 0x5bd1e995);
  const base = new Float32Array(width * height * 3);
  const hue = random() * 360;
  const c1 = hsl(hue, 0.55, 0.55);
  const c2 = hsl((hue + 120 + random() * 60) % 360, 0.5, 0.4);
  const blobs = Array.from({ length: 10 }, () => ({
    x: random() * width,
    y: random() * height,
    r: 12 + random() * 40,
    c: hsl(random() * 360, 0.6, 0.45 + random() * 0.25),
  }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const i = (y * width + x) * 3;
      base[i] = c1[0] * (1 - t) + c2[0] * t;
      base[i + 1] = c1[1] * (1 - t) + c2[1] * t;
      base[i + 2] = c1[2] * (1 - t) + c2[2] * t;
    }
  }
  for (const blob of blobs) {
    // Only the blob's bounding box: most pixels are far from most blobs.
    for (let y = Math.max(0, Math.floor(blob.y - blob.r)); y < Math.min(height, Math.ceil(blob.y + blob.r)); y++) {
      for (let x = Math.max(0, Math.floor(blob.x - blob.r)); x < Math.min(width, Math.ceil(blob.x + blob.r)); x++) {
        const d = Math.hypot(x - blob.x, y - blob.y);
        if (d >= blob.r) continue;
        const w = 0.55 * (1 - d / blob.r);
        const i = (y * width + x) * 3;
        for (let k = 0; k < 3; k++) base[i + k] = base[i + k]! * (1 - w) + blob.c[k]! * w;
      }
    }
  }

  const pieceMask = outlined(shapeMask(plan.shape, size), size);
  const piece = new Raster(size, size);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const m = pieceMask[py * size + px]!;
      if (!m) continue;
      const i = ((plan.pieceY + py) * width + plan.answerX + px) * 3;
      const g = () => (random() - 0.5) * 16;
      if (m === 2) piece.set(px, py, clamp(255 - Math.abs(g())), clamp(255 - Math.abs(g())), clamp(255 - Math.abs(g())), 235);
      else piece.set(px, py, clamp(base[i]! + g()), clamp(base[i + 1]! + g()), clamp(base[i + 2]! + g()));
    }
  }

  // Every hole, real or decoy, is the piece's picture darkened, with a lightened rim of the ground under it.
  const bg = new Float32Array(base);
  const holes = [{ x: plan.answerX, y: plan.pieceY, shape: plan.shape }, ...plan.decoys];
  for (const hole of holes) {
    const mask = outlined(shapeMask(hole.shape, size), size);
    const dark = 0.3 + random() * 0.1;
    const light = 0.45 + random() * 0.2;
    for (let py = 0; py < size; py++) {
      for (let px = 0; px < size; px++) {
        const m = mask[py * size + px]!;
        const x = hole.x + px;
        const y = hole.y + py;
        if (!m || x >= width || y >= height) continue;
        const i = (y * width + x) * 3;
        const src = ((plan.pieceY + py) * width + plan.answerX + px) * 3;
        for (let k = 0; k < 3; k++) {
          bg[i + k] = m === 2 ? base[i + k]! + (255 - base[i + k]!) * light : base[src + k]! * dark;
        }
      }
    }
  }

  // Faint strokes across the picture, holes included, then grain: edges and colours are never clean.
  for (let s = 0; s < 5; s++) {
    const x0 = random() * width;
    const y0 = random() * height;
    const angle = random() * Math.PI;
    const len = 60 + random() * 160;
    const tone = random() < 0.5 ? 0 : 255;
    for (let j = 0; j < len; j++) {
      const x = Math.round(x0 + Math.cos(angle) * (j - len / 2));
      const y = Math.round(y0 + Math.sin(angle) * (j - len / 2));
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      const i = (y * width + x) * 3;
      for (let k = 0; k < 3; k++) bg[i + k] = bg[i + k]! * 0.75 + tone * 0.25;
    }
  }
  const out = new Raster(width, height, false);
  for (let p = 0, i = 0; p < width * height; p++, i += 3) {
    const grain = (random() - 0.5) * 20;
    out.data[i] = clamp(bg[i]! + grain + (random() - 0.5) * 8);
    out.data[i + 1] = clamp(bg[i + 1]! + grain + (random() - 0.5) * 8);
    out.data[i + 2] = clamp(bg[i + 2]! + grain + (random() - 0.5) * 8);
  }
  return { background: encodePng(out), piece: encodePng(piece) };
}

function clamp(v: number): number {
  return Math.max(0, Math.min(255, Math.round(v)));
}

function clampInt(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v));
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}
