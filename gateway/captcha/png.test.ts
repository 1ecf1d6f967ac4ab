import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { Raster, encodePng } from "./png.ts";

/** The chunks of a PNG after its signature: type, data and the stored CRC. */
function chunks(png: Buffer): { type: string; data: Buffer; crc: number }[] {
  const out: { type: string; data: Buffer; crc: number }[] = [];
  for (let at = 8; at < png.length; ) {
    const len = png.readUInt32BE(at);
    out.push({
      type: png.toString("ascii", at + 4, at + 8),
      data: png.subarray(at + 8, at + 8 + len),
      crc: png.readUInt32BE(at + 8 + len),
    });
    at += 12 + len;
  }
  return out;
}

describe("PNG writer", () => {
  it("writes the well-known bytes of a 1×1 picture: signature, IHDR with its CRC, and IEND", () => {
    const rgba = encodePng(new Raster(1, 1));
    const rgb = encodePng(new Raster(1, 1, false));
    expect(rgba.subarray(0, 33).toString("base64")).toBe("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ");
    expect(rgb.subarray(0, 33).toString("base64")).toBe("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1Pe");
    for (const png of [rgba, rgb]) expect(png.subarray(-12).toString("base64")).toBe("AAAAAElFTkSuQmCC");
  });

  it("stores every row, unfiltered, in one zlib stream", () => {
    const r = new Raster(3, 2);
    r.set(0, 0, 255, 0, 0);
    r.set(2, 1, 1, 2, 3, 4);
    const png = encodePng(r);
    expect(chunks(png).map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    const idat = chunks(png)[1]!.data;
    expect([...inflateSync(idat)]).toEqual([0, 255, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]);
  });
});
