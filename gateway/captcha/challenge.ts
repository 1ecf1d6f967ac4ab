import { encodePng, Raster } from "./png.ts";

/** A slider puzzle: the background with a hole, the piece to drag, and the answer kept server-side. */
export interface Challenge {
  width: number;
  height: number;
  pieceSize: number;
  /** Where the piece sits vertically; the user only moves it horizontally. */
  pieceY: number;
  /** The answer: the hole's left edge. Never sent to the client. */
  answerX: number;
  background: Buffer;
  piece: Buffer;
}

export const CHALLENGE_SIZE = { width: 300, height: 160, piece: 48 } as const;

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

/** Inside the puzzle shape: a rounded square with a round knob on its right side. */
function inPiece(px: number, py: number, size: number): boolean {
  const knob = size * 0.18;
  const body = size - knob;
  const cx = body;
  const cy = size / 2;
  if (px >= 0 && py >= 0 && px < body && py < size) return true;
  return (px - cx) ** 2 + (py - cy) ** 2 <= knob * knob;
}

function onEdge(px: number, py: number, size: number): boolean {
  if (!inPiece(px, py, size)) return false;
  return !inPiece(px - 1, py, size) || !inPiece(px + 1, py, size) || !inPiece(px, py - 1, size) || !inPiece(px, py + 1, size);
}

export function makeChallenge(random: () => number): Challenge {
  const { width, height, piece: size } = CHALLENGE_SIZE;
  const bg = new Raster(width, height);
  // A two-colour gradient with soft blobs and grain: enough texture that the hole is found by eye.
  const hue = random() * 360;
  const c1 = hsl(hue, 0.55, 0.55);
  const c2 = hsl((hue + 120 + random() * 60) % 360, 0.5, 0.4);
  const blobs = Array.from({ length: 9 }, () => ({
    x: random() * width, y: random() * height, r: 12 + random() * 40, c: hsl(random() * 360, 0.6, 0.5 + random() * 0.2),
  }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      let r = c1[0] * (1 - t) + c2[0] * t;
      let g = c1[1] * (1 - t) + c2[1] * t;
      let b = c1[2] * (1 - t) + c2[2] * t;
      for (const blob of blobs) {
        const d = Math.hypot(x - blob.x, y - blob.y);
        if (d < blob.r) {
          const w = 0.55 * (1 - d / blob.r);
          r = r * (1 - w) + blob.c[0] * w;
          g = g * (1 - w) + blob.c[1] * w;
          b = b * (1 - w) + blob.c[2] * w;
        }
      }
      const grain = (random() - 0.5) * 18;
      bg.set(x, y, clamp(r + grain), clamp(g + grain), clamp(b + grain));
    }
  }

  const answerX = Math.round(size * 1.6 + random() * (width - size * 2.8));
  const pieceY = Math.round(8 + random() * (height - size - 16));
  const piece = new Raster(size, size);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      if (!inPiece(px, py, size)) continue;
      const [r, g, b] = bg.get(answerX + px, pieceY + py);
      if (onEdge(px, py, size)) piece.set(px, py, 255, 255, 255, 235);
      else piece.set(px, py, r, g, b);
      // The hole: darkened, with a light rim.
      if (onEdge(px, py, size)) bg.set(answerX + px, pieceY + py, 240, 240, 240);
      else bg.set(answerX + px, pieceY + py, r * 0.35, g * 0.35, b * 0.35);
    }
  }
  return { width, height, pieceSize: size, pieceY, answerX, background: encodePng(bg), piece: encodePng(piece) };
}

function clamp(v: number): number {
  return Math.max(0, Math.min(255, Math.round(v)));
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}
