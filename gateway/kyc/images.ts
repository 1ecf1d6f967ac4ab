/**
 * What an identity photo becomes before it is kept (docs/decisions/352): the upload's type is read
 * from its first bytes (JPEG or PNG, never the name or a declared type), its size and dimensions
 * are checked before decoding, the pixels are decoded, scaled down to KYC_IMAGE_MAX_SIDE and
 * re-encoded as a fresh baseline JPEG. Nothing of the upload but its pixels survives: no metadata,
 * no comment, no trailing bytes, so a polyglot (an image with HTML or script in it or after it)
 * comes out as a plain picture.
 */
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { KYC_IMAGE_MAX_BYTES, KYC_IMAGE_MAX_PIXELS, KYC_IMAGE_MAX_SIDE } from "../../protocol/kyc.ts";

export type ImageType = "jpeg" | "png";

export class ImageRefused extends Error {}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type by content only: JPEG's SOI marker, PNG's signature; anything else is undefined. */
export function sniff(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_MAGIC)) return "png";
  return undefined;
}

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

function checkPixels(width: number, height: number): void {
  if (!(width > 0 && height > 0)) throw new ImageRefused("the picture has no pixels");
  if (width * height > KYC_IMAGE_MAX_PIXELS) throw new ImageRefused("the picture has too many pixels");
}

function decode(bytes: Buffer, type: ImageType): Rgba {
  try {
    if (type === "png") {
      // IHDR's width and height come first: a decompression bomb is refused before it inflates
      if (bytes.length < 24 || bytes.toString("latin1", 12, 16) !== "IHDR") throw new ImageRefused("not a PNG image");
      checkPixels(bytes.readUInt32BE(16), bytes.readUInt32BE(20));
      const png = PNG.sync.read(bytes);
      return { width: png.width, height: png.height, data: png.data };
    }
    const img = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      tolerantDecoding: false,
      maxResolutionInMP: KYC_IMAGE_MAX_PIXELS / 1_000_000,
      maxMemoryUsageInMB: 256,
    });
    checkPixels(img.width, img.height);
    return img;
  } catch (err) {
    if (err instanceof ImageRefused) throw err;
    throw new ImageRefused(`the ${type === "png" ? "PNG" : "JPEG"} image cannot be decoded`);
  }
}

/** Box-averaged downscale so the longer side is at most `max`, transparent pixels laid on white; RGBA out. */
export function fit(src: Rgba, max: number): Rgba {
  const scale = Math.min(1, max / Math.max(src.width, src.height));
  const width = Math.max(1, Math.round(src.width * scale));
  const height = Math.max(1, Math.round(src.height * scale));
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor((y * src.height) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * src.height) / height));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor((x * src.width) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * src.width) / width));
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const i = (sy * src.width + sx) * 4;
          const a = src.data[i + 3]! / 255;
          r += src.data[i]! * a + 255 * (1 - a);
          g += src.data[i + 1]! * a + 255 * (1 - a);
          b += src.data[i + 2]! * a + 255 * (1 - a);
          n++;
        }
      }
      const o = (y * width + x) * 4;
      out[o] = Math.round(r / n);
      out[o + 1] = Math.round(g / n);
      out[o + 2] = Math.round(b / n);
      out[o + 3] = 255;
    }
  }
  return { width, height, data: out };
}

/** The upload as it is kept: a JPEG of its pixels alone, or ImageRefused saying why not. */
export function reencode(bytes: Buffer): { jpeg: Buffer; width: number; height: number; from: ImageType } {
  if (bytes.length === 0) throw new ImageRefused("the upload is empty");
  if (bytes.length > KYC_IMAGE_MAX_BYTES) throw new ImageRefused(`the image is larger than ${KYC_IMAGE_MAX_BYTES} bytes`);
  const type = sniff(bytes);
  if (!type) throw new ImageRefused("only JPEG and PNG images are accepted");
  const pixels = fit(decode(bytes, type), KYC_IMAGE_MAX_SIDE);
  const out = jpeg.encode({ width: pixels.width, height: pixels.height, data: pixels.data }, 85);
  return { jpeg: out.data, width: pixels.width, height: pixels.height, from: type };
}
