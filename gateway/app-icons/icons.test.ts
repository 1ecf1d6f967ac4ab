import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { encodePng } from "../captcha/png.ts";
import { decodePng } from "../../tests/setup/captcha-solver.ts";
import { ICON_SIZES, drawIcon, iconPath } from "./icons.ts";

describe("the web app's icons", () => {
  it.each(ICON_SIZES)("public/icons/icon-%i.png is what icons.ts draws (run `npm run icons` after changing it)", (size) => {
    // pixels, not bytes: another zlib may compress the same picture differently
    const image = decodePng(readFileSync(iconPath(size)));
    expect([image.width, image.height]).toEqual([size, size]);
    expect(image).toEqual(decodePng(encodePng(drawIcon(size))));
  });

  it("is maskable: the edge is all background and the mark lies within the central 40 % radius", () => {
    const size = 192;
    const r = drawIcon(size);
    const bg = r.get(0, 0);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        if (Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) <= size * 0.4) continue;
        expect(r.get(x, y)).toEqual(bg);
      }
    expect(r.get(size / 2, Math.round(size * 0.5 + 0.0))).not.toEqual(bg);
  });
});
