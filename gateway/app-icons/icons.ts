/**
 * The web app's icons (docs/decisions/714): the favicon's mark, white on the brand colour, drawn
 * full-bleed so the PNGs are maskable (the mark stays inside the central safe circle, 40 % of the
 * size in radius). `npm run icons` writes public/icons/icon-<size>.png with the gateway's own PNG
 * encoder; gateway/app-icons/icons.test.ts checks the committed files are what this draws.
 */
import { writeFileSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Raster, encodePng } from "../captcha/png.ts";
import { writeCoinIcons } from "./coin-icons.ts";

export const ICON_SIZES = [192, 512] as const;
/** The favicon's background (public/favicon.svg). */
const BRAND: [number, number, number] = [0x0a, 0x7e, 0xa4];
/** The favicon's stroke, on its 32-unit grid. */
const MARK: Array<[number, number]> = [
  [6, 23],
  [12, 10],
  [16, 18],
  [20, 10],
  [26, 23],
];
const STROKE = 3;
/** The mark is drawn at 75 % around the centre, so its farthest point is within the maskable safe zone. */
const SCALE = 0.75;

function distanceToSegment(px: number, py: number, [ax, ay]: [number, number], [bx, by]: [number, number]): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

export function drawIcon(size: number): Raster {
  const r = new Raster(size, size, false);
  const unit = (size / 32) * SCALE;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      // the pixel's centre on the favicon's grid
      const gx = 16 + (x + 0.5 - size / 2) / unit;
      const gy = 16 + (y + 0.5 - size / 2) / unit;
      let d = Infinity;
      for (let i = 1; i < MARK.length; i++) d = Math.min(d, distanceToSegment(gx, gy, MARK[i - 1]!, MARK[i]!));
      // coverage of a one-pixel-wide edge, for smooth strokes
      const cover = Math.max(0, Math.min(1, (STROKE / 2 - d) * unit + 0.5));
      const mix = (c: number) => Math.round(c + (255 - c) * cover);
      r.set(x, y, mix(BRAND[0]), mix(BRAND[1]), mix(BRAND[2]));
    }
  return r;
}

export const iconPath = (size: number) => resolve(import.meta.dirname, `../../public/icons/icon-${size}.png`);

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  mkdirSync(resolve(import.meta.dirname, "../../public/icons"), { recursive: true });
  for (const size of ICON_SIZES) writeFileSync(iconPath(size), encodePng(drawIcon(size)));
  writeCoinIcons();
}
