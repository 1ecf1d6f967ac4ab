import decodeQR from "qr/decode.js";
import { describe, expect, it } from "vitest";
import { QUIET_ZONE, encodeQr, qrSvgPath, type QrMatrix } from "./qr-code";

const OTPAUTH = "otpauth://totp/Mix%20Exchange%3Aal****%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Mix%20Exchange";

/** The symbol as a camera would see it: black on white, the quiet zone around, `scale` pixels a module. */
function photograph(m: QrMatrix, scale = 4) {
  const side = (m.size + 2 * QUIET_ZONE) * scale;
  const data = new Uint8Array(side * side * 3).fill(255);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const my = Math.floor(y / scale) - QUIET_ZONE;
      const mx = Math.floor(x / scale) - QUIET_ZONE;
      if (m.dark[my]?.[mx]) data.fill(0, (y * side + x) * 3, (y * side + x) * 3 + 3);
    }
  return { width: side, height: side, data };
}

describe("QR codes", () => {
  it.each([
    OTPAUTH,
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297",
    "https://localhost:3000/download",
    "Mix Exchange · 取引所 · ünïcode",
  ])("read back as the text they encode: %j", (text) => {
    expect(decodeQR(photograph(encodeQr(text)))).toBe(text);
  });

  it("draw an otpauth link in the smallest version that holds it at level M, with finders, timing and the dark module", () => {
    const m = encodeQr(OTPAUTH);
    expect(m.version).toBe(7);
    expect(m.size).toBe(45);
    expect(m.dark.every((row) => row.length === m.size)).toBe(true);
    const row = (y: number, from: number, n: number) =>
      m.dark[y]!.slice(from, from + n)
        .map((d) => (d ? 1 : 0))
        .join("");
    for (const [x, y] of [
      [0, 0],
      [m.size - 7, 0],
      [0, m.size - 7],
    ] as const) {
      expect(row(y, x, 7)).toBe("1111111");
      expect(row(y + 2, x, 7)).toBe("1011101");
    }
    expect(row(6, 8, 8)).toBe("10101010");
    expect(m.dark[m.size - 8]![8]).toBe(true);
    // The format bits beside the top-left finder, unmasked, name level M (indicator 00).
    const format = [0, 1, 2, 3, 4, 5, 7, 8].map((y) => m.dark[y]![8]).concat([7, 5, 4, 3, 2, 1, 0].map((x) => m.dark[8]![x]));
    const bits = parseInt(
      format
        .map((d) => (d ? 1 : 0))
        .reverse()
        .join(""),
      2,
    );
    expect((bits ^ 0x5412) >> 13).toBe(0b00);
  });

  it("draw one SVG path of unit squares, inside the standard's four-module quiet zone", () => {
    const m = encodeQr(OTPAUTH);
    const svg = qrSvgPath(m);
    expect(svg.viewBox).toBe("0 0 53 53");
    expect(svg.d.split("z").length - 1).toBe(m.dark.flat().filter(Boolean).length);
    expect(svg.d.startsWith("M4 4h1v1h-1z")).toBe(true);
  });

  it("refuse text longer than version 40 holds", () => {
    expect(() => encodeQr("x".repeat(2400))).toThrow();
  });
});
