import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normaliseUrl, normaliseUrlFully } from "./normalise-path.ts";

const url = (raw: string) => {
  const n = normaliseUrl(raw);
  if (!n.ok) throw new Error(`refused ${raw}: ${n.reason}`);
  return n.url;
};
const refused = (raw: string) => {
  const n = normaliseUrl(raw);
  return n.ok ? undefined : n.reason;
};

describe("normaliseUrl", () => {
  it("answers every URL as the full normalisation does: its fast path for plain paths changes nothing", () => {
    const piece = fc.constantFrom(
      "/",
      "//",
      ".",
      "..",
      "/.",
      "/..",
      "%2e",
      "%2F",
      "%41",
      "%",
      "\\",
      "a",
      "Z",
      "9",
      "-",
      "_",
      "~",
      ":",
      "@",
      "+",
      " ",
      "é",
      "\u0001",
      "?",
      "=",
      "&",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const raw = parts.join("");
        expect(normaliseUrl(raw)).toStrictEqual(normaliseUrlFully(raw));
        expect(normaliseUrl(`/${raw}`)).toStrictEqual(normaliseUrlFully(`/${raw}`));
      }),
      { numRuns: 3000 },
    );
    expect(normaliseUrl("/api/v2/spot/trade/place-order?a=%2F")).toStrictEqual(normaliseUrlFully("/api/v2/spot/trade/place-order?a=%2F"));
  });

  it("spells a percent-encoded letter the way routing and signing both read it", () => {
    expect(url("/api/v2/spot/%74rade/place-order")).toBe("/api/v2/spot/trade/place-order");
    expect(url("/api/v2/spot/%54rade/place-order")).toBe("/api/v2/spot/Trade/place-order");
  });

  it("folds duplicate slashes and resolves dot segments, encoded or not", () => {
    expect(url("//api//v2/spot/trade/place-order")).toBe("/api/v2/spot/trade/place-order");
    expect(url("/api/v2/spot/market/../trade/./place-order")).toBe("/api/v2/spot/trade/place-order");
    expect(url("/api/v2/spot/market/%2e%2e/trade/%2E/place-order")).toBe("/api/v2/spot/trade/place-order");
    expect(url("/../../v1/user/logout")).toBe("/v1/user/logout");
    expect(url("/a/b/..")).toBe("/a/");
    expect(url("/a/b/")).toBe("/a/b/");
  });

  it("keeps the query exactly as sent (signatures cover it)", () => {
    expect(url("/api/v2/spot/market/tickers?symbol=BTC%55SDT&x=/../")).toBe("/api/v2/spot/market/tickers?symbol=BTC%55SDT&x=/../");
  });

  it("refuses encoded separators, backslashes, double encoding, control characters and bad UTF-8", () => {
    expect(refused("/api/v2/spot%2ftrade/place-order")).toMatch(/encoded/);
    expect(refused("/api/v2/spot%5Ctrade/place-order")).toMatch(/encoded/);
    expect(refused("/api/v2/spot\\trade/place-order")).toMatch(/backslash/);
    expect(refused("/api/v2/spot/%2574rade/place-order")).toMatch(/twice/);
    expect(refused("/api/v2/spot/%00/place-order")).toMatch(/control/);
    expect(refused("/api/%C3%28")).toMatch(/UTF-8/);
    expect(refused("api/v2")).toMatch(/start/);
    expect(refused("/" + "a".repeat(9000))).toMatch(/long/);
  });

  it("re-encodes what cannot stand in a path, so the router decodes back to the same text", () => {
    expect(url("/wiki/%C3%A9t%C3%A9")).toBe("/wiki/%C3%A9t%C3%A9");
    expect(url("/wiki/caf\u00e9")).toBe("/wiki/caf%C3%A9");
    expect(url("/a%3Fb%23c")).toBe("/a%3Fb%23c");
  });

  it("is idempotent, and its output has no dot segments or empty segments but a trailing one", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(".", "..", "", "%2e", "%2E%2e", "a", "%74", "x y", "\u00fc"), fc.webSegment()), { maxLength: 8 }),
        (segs) => {
          const n = normaliseUrl("/" + segs.join("/"));
          if (!n.ok) return;
          expect(normaliseUrl(n.url)).toEqual(n);
          const inner = n.pathname.split("/").slice(1, -1);
          expect(inner.every((s) => s !== "" && s !== "." && s !== "..")).toBe(true);
        },
      ),
    );
  });
});
