import { describe, expect, it } from "vitest";
import { alignmentPositions, dataBytes, dataCodewords, encodeQr, formatBits, qrSvgPath, rsRemainder, versionBits } from "./qr-code";

describe("QR code encoder", () => {
  it("computes the standard's Reed-Solomon codewords (ISO 18004 worked example, 1-M)", () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(rsRemainder(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it("has the standard's format and version information", () => {
    expect(formatBits(0).toString(2).padStart(15, "0")).toBe("101010000010010");
    expect(formatBits(5).toString(2).padStart(15, "0")).toBe("100000011001110");
    expect(versionBits(7).toString(2).padStart(18, "0")).toBe("000111110010010100");
    expect(versionBits(40).toString(2).padStart(18, "0")).toBe("101000110001101001");
  });

  it("has the standard's capacities and alignment positions", () => {
    expect([1, 7, 10, 40].map(dataCodewords)).toEqual([16, 124, 216, 2334]);
    expect(alignmentPositions(1)).toEqual([]);
    expect(alignmentPositions(7)).toEqual([6, 22, 38]);
    expect(alignmentPositions(32)).toEqual([6, 34, 60, 86, 112, 138]);
  });

  it("writes a byte segment with terminator and alternating pad bytes", () => {
    const out = dataBytes(new TextEncoder().encode("A"), 1);
    expect(out.slice(0, 3)).toEqual([0b01000000, 0b00010100, 0b00010000]);
    expect(out.slice(3, 6)).toEqual([0xec, 0x11, 0xec]);
    expect(out).toHaveLength(16);
  });

  it("draws an otpauth link in the smallest version that holds it, with finders, timing and the dark module", () => {
    const uri = "otpauth://totp/Mix%20Exchange%3Aal****%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Mix%20Exchange";
    const m = encodeQr(uri);
    expect(m.version).toBe(7);
    expect(m.size).toBe(45);
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
    // The format bits beside the top-left finder name level M and the chosen mask.
    const format = [0, 1, 2, 3, 4, 5, 7, 8].map((y) => m.dark[y]![8]).concat([7, 5, 4, 3, 2, 1, 0].map((x) => m.dark[8]![x]));
    expect(
      format
        .map((d) => (d ? 1 : 0))
        .reverse()
        .join(""),
    ).toBe(formatBits(m.mask).toString(2).padStart(15, "0"));
    const svg = qrSvgPath(m);
    expect(svg.viewBox).toBe("0 0 53 53");
    expect(svg.d.split("z").length - 1).toBe(m.dark.flat().filter(Boolean).length);
  });

  it("refuses text longer than version 40 holds", () => {
    expect(() => encodeQr("x".repeat(2400))).toThrow(RangeError);
  });
});
