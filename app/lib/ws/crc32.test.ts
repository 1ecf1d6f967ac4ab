import { crc32 as zlibCrc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32 } from "./crc32";

describe("crc32", () => {
  it("matches zlib's CRC-32 as a signed integer, the way the gateway computes the book checksum", () => {
    for (const text of ["", "a", "123456789", "95000.12:0.5:95001.00:1.25", "ü€𝄞"]) {
      expect(crc32(text)).toBe(zlibCrc32(text) | 0);
    }
    expect(crc32("123456789")).toBe(0xcbf43926 | 0);
  });
});
