import { describe, expect, it } from "vitest";
import { isHomeDocumentPath } from "./document-cache.ts";

describe("the home page in the guests' document cache (docs/decisions/722)", () => {
  it("is the root under any locale prefix, and nothing below it", () => {
    for (const p of ["/", "/de", "/de/", "/zh-TC", "/pt-PT/"]) expect(isHomeDocumentPath(p), p).toBe(true);
    for (const p of ["", "/spot/BTCUSDT", "/de/spot", "/login", "/de/wiki", "//", "/toolongprefix", "/de/x"])
      expect(isHomeDocumentPath(p), p).toBe(false);
  });
});
