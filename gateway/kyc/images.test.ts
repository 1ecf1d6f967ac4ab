/**
 * Identity photos (docs/decisions/352): the type by content, the size and pixel caps, and a
 * re-encoding that keeps the pixels and nothing else an upload brought.
 */
import jpeg from "jpeg-js";
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { KYC_IMAGE_MAX_BYTES, KYC_IMAGE_MAX_SIDE, basicProblems, maskName, normaliseBasic } from "../../protocol/kyc.ts";
import { ImageRefused, reencode, sniff } from "./images.ts";

function testJpeg(width: number, height: number, comment?: string): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([(i * 7) % 256, (i * 3) % 256, 200, 255], i * 4);
  return jpeg.encode({ width, height, data, ...(comment ? { comments: [comment] } : {}) }, 90).data;
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
function chunk(type: string, body: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(body.length);
  const tb = Buffer.concat([Buffer.from(type, "latin1"), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(tb));
  return Buffer.concat([len, tb, crc]);
}
/** A PNG of `width`×`height` RGBA (half transparent) with a text chunk carrying `text`. */
function testPng(width: number, height: number, text = ""): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rows.set([255, 0, 0, x < width / 2 ? 255 : 0], y * (width * 4 + 1) + 1 + x * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    ...(text ? [chunk("tEXt", Buffer.from(`Comment\0${text}`, "latin1"))] : []),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const SCRIPT = "<html><script>alert(document.cookie)</script></html>";

describe("identity photos", () => {
  it("knows JPEG and PNG by their first bytes only", () => {
    expect(sniff(testJpeg(4, 4))).toBe("jpeg");
    expect(sniff(testPng(4, 4))).toBe("png");
    expect(sniff(Buffer.from(SCRIPT))).toBeUndefined();
    expect(sniff(Buffer.from("GIF89a"))).toBeUndefined();
    expect(sniff(Buffer.alloc(0))).toBeUndefined();
  });

  it("refuses HTML (whatever it is called), empty, oversized and undecodable uploads", () => {
    expect(() => reencode(Buffer.from(SCRIPT))).toThrow(ImageRefused);
    expect(() => reencode(Buffer.alloc(0))).toThrow(ImageRefused);
    expect(() => reencode(Buffer.concat([testJpeg(8, 8), Buffer.alloc(KYC_IMAGE_MAX_BYTES)]))).toThrow(/larger than/);
    // a JPEG start and then garbage
    expect(() => reencode(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(SCRIPT)]))).toThrow(ImageRefused);
  });

  it("refuses a PNG that claims too many pixels before inflating it", () => {
    const bomb = testPng(4, 4);
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    expect(() => reencode(bomb)).toThrow(/too many pixels/);
  });

  it("refuses a JPEG whose frame claims more pixels than a phone photo", () => {
    const big = testJpeg(8, 8);
    const sof = big.indexOf(Buffer.from([0xff, 0xc0]));
    big.writeUInt16BE(5000, sof + 5);
    big.writeUInt16BE(5000, sof + 7);
    expect(() => reencode(big)).toThrow(ImageRefused);
  });

  it("re-encodes a polyglot JPEG (a comment and HTML after its end) into a plain JPEG of its pixels", () => {
    const poly = Buffer.concat([testJpeg(40, 30, SCRIPT), Buffer.from(SCRIPT)]);
    const out = reencode(poly);
    expect(out).toMatchObject({ width: 40, height: 30, from: "jpeg" });
    expect(sniff(out.jpeg)).toBe("jpeg");
    expect(out.jpeg.includes(Buffer.from("<script"))).toBe(false);
    expect(out.jpeg.includes(Buffer.from("alert"))).toBe(false);
    // it ends where a JPEG ends
    expect([...out.jpeg.subarray(-2)]).toEqual([0xff, 0xd9]);
  });

  it("turns a PNG with a text chunk into a JPEG, transparency laid on white, and caps its size", () => {
    const out = reencode(testPng(KYC_IMAGE_MAX_SIDE * 2, 10, SCRIPT));
    expect(out).toMatchObject({ width: KYC_IMAGE_MAX_SIDE, height: 5, from: "png" });
    expect(out.jpeg.includes(Buffer.from("script"))).toBe(false);
    const px = jpeg.decode(out.jpeg, { useTArray: true });
    // left half opaque red, right half transparent → white
    expect(px.data[0]).toBeGreaterThan(200);
    expect(px.data[1]).toBeLessThan(60);
    const right = (px.width - 1) * 4;
    expect([px.data[right], px.data[right + 1], px.data[right + 2]].every((v) => v! > 220)).toBe(true);
  });
});

describe("personal details", () => {
  const NOW = Date.UTC(2026, 10, 29);
  const good = { realName: "  Jane   Doe ", country: "de", birthDate: "1990-02-28", idNumber: "c01x 00t47" };

  it("are normalised and accepted when each rule holds", () => {
    const d = normaliseBasic(good);
    expect(d).toEqual({ realName: "Jane Doe", country: "DE", birthDate: "1990-02-28", idNumber: "C01X00T47" });
    expect(basicProblems(d, NOW)).toEqual({});
    expect(basicProblems(normaliseBasic({ ...good, realName: "José Ñúñez-O'Brien" }), NOW)).toEqual({});
    expect(basicProblems(normaliseBasic({ ...good, realName: "李小龙" }), NOW)).toEqual({});
  });

  it("name each field that breaks its rule", () => {
    const p = (over: Partial<typeof good>) => basicProblems(normaliseBasic({ ...good, ...over }), NOW);
    expect(p({ realName: "J" })).toEqual({ realName: "name" });
    expect(p({ realName: "R2D2" })).toEqual({ realName: "name" });
    expect(p({ realName: "<script>" })).toEqual({ realName: "name" });
    expect(p({ realName: "x".repeat(65) })).toEqual({ realName: "name" });
    expect(p({ country: "XX" })).toEqual({ country: "country" });
    expect(p({ country: "" })).toEqual({ country: "country" });
    expect(p({ birthDate: "1990-02-30" })).toEqual({ birthDate: "birthDate" });
    expect(p({ birthDate: "31/12/1990" })).toEqual({ birthDate: "birthDate" });
    expect(p({ birthDate: "1850-01-01" })).toEqual({ birthDate: "birthDate" });
    // eighteen tomorrow is not eighteen
    expect(p({ birthDate: "2008-11-30" })).toEqual({ birthDate: "tooYoung" });
    expect(p({ birthDate: "2008-11-29" })).toEqual({});
    expect(p({ idNumber: "123" })).toEqual({ idNumber: "idNumber" });
    expect(p({ idNumber: "../../etc/passwd" })).toEqual({ idNumber: "idNumber" });
  });

  it("are masked in user info as phone and e-mail are", () => {
    expect(maskName("Jane Doe")).toBe("J****e");
    expect(maskName("Li")).toBe("L*");
    expect(maskName("")).toBe("");
  });
});
