import { crc32, deflateSync } from "node:zlib";

/**
 * An RGBA (or, for opaque pictures, RGB: a quarter fewer bytes) raster and a minimal PNG encoder,
 * so the gateway draws its own challenge images. The compression and the chunk checksums are
 * Node's zlib (deflate, CRC-32); only the PNG framing around them is written here
 * (docs/decisions/343 says why no PNG library).
 */
export class Raster {
  readonly data: Uint8Array;
  readonly channels: 3 | 4;
  constructor(
    readonly width: number,
    readonly height: number,
    alpha = true,
  ) {
    this.channels = alpha ? 4 : 3;
    this.data = new Uint8Array(width * height * this.channels);
  }

  set(x: number, y: number, r: number, g: number, b: number, a = 255): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * this.channels;
    this.data[i] = r;
    this.data[i + 1] = g;
    this.data[i + 2] = b;
    if (this.channels === 4) this.data[i + 3] = a;
  }

  get(x: number, y: number): [number, number, number, number] {
    const i = (y * this.width + x) * this.channels;
    const d = this.data;
    return [d[i] ?? 0, d[i + 1] ?? 0, d[i + 2] ?? 0, this.channels === 4 ? (d[i + 3] ?? 0) : 255];
  }
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

export function encodePng(r: Raster): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(r.width, 0);
  header.writeUInt32BE(r.height, 4);
  header[8] = 8; // bit depth
  header[9] = r.channels === 4 ? 6 : 2; // RGBA or RGB
  const rowLen = r.width * r.channels;
  const raw = Buffer.alloc((rowLen + 1) * r.height);
  for (let y = 0; y < r.height; y++) {
    raw[y * (rowLen + 1)] = 0; // filter: none
    Buffer.from(r.data.buffer, r.data.byteOffset + y * rowLen, rowLen).copy(raw, y * (rowLen + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    // Grain does not compress much; a fast level costs a third of the time for a few per cent more bytes.
    chunk("IDAT", deflateSync(raw, { level: 3 })),
    chunk("IEND", new Uint8Array(0)),
  ]);
}
