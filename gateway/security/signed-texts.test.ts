/**
 * What a signature over an HTTP call may cover (docs/decisions/308): the query as sent, or as
 * Bitget's clients sign it, percent-decoded, but only where that decoded text names exactly the
 * parameters the gateway's query parser reads from the query as sent.
 */
import fc from "fast-check";
import parse from "fast-querystring";
import { describe, expect, it } from "vitest";
import { signedTexts } from "./api-key-auth.ts";

const PATH = "/api/v2/spot/trade/orderInfo";

/** The parameters a query text names, in order, as the gateway's parser reads them. */
function params(query: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(parse.parse(query) as Record<string, string | string[]>))
    for (const one of Array.isArray(v) ? v : [v]) out.push([k, one]);
  return out;
}

/** Parameters in a canonical order (an object's integer-like keys come first, whatever the query's order). */
const byKey = (ps: Array<[string, string]>) => [...ps].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** The parameters a decoded text names, read literally (pairs split at `&`, each at its first `=`), grouped by key as the parser groups them. */
function literal(text: string): Array<[string, string]> {
  const byKey = new Map<string, string[]>();
  for (const p of text.split("&")) {
    const eq = p.indexOf("=");
    const [k, v] = eq < 0 ? [p, ""] : [p.slice(0, eq), p.slice(eq + 1)];
    if (k === "" && eq < 0) continue;
    byKey.set(k, [...(byKey.get(k) ?? []), v]);
  }
  return [...byKey].flatMap(([k, vs]) => vs.map((v): [string, string] => [k, v]));
}

describe("signedTexts", () => {
  it("offers the decoded query beside the one sent, as ccxt signs it", () => {
    expect(signedTexts(`${PATH}?clientOid=a%3Ab&symbol=BTCUSDT`)).toEqual([
      `${PATH}?clientOid=a%3Ab&symbol=BTCUSDT`,
      `${PATH}?clientOid=a:b&symbol=BTCUSDT`,
    ]);
    expect(signedTexts(`${PATH}?note=x%2Fy%2Cz%20w`)).toEqual([`${PATH}?note=x%2Fy%2Cz%20w`, `${PATH}?note=x/y,z w`]);
    expect(signedTexts(`${PATH}?a=1+2`)).toEqual([`${PATH}?a=1+2`, `${PATH}?a=1 2`]);
  });

  it("offers the query as sent alone when nothing is encoded, or when there is no query", () => {
    expect(signedTexts(`${PATH}?symbol=BTCUSDT&limit=5`)).toEqual([`${PATH}?symbol=BTCUSDT&limit=5`]);
    expect(signedTexts(PATH)).toEqual([PATH]);
  });

  it("offers no decoded text that could stand for other parameters, nor one of a broken escape", () => {
    // one value `USDT&x=1` sent encoded: its decoded text would read as two parameters
    expect(signedTexts(`${PATH}?coin=USDT%26x%3D1`)).toEqual([`${PATH}?coin=USDT%26x%3D1`]);
    expect(signedTexts(`${PATH}?a%3Db=1`)).toEqual([`${PATH}?a%3Db=1`]);
    expect(signedTexts(`${PATH}?a%26b=1`)).toEqual([`${PATH}?a%26b=1`]);
    expect(signedTexts(`${PATH}?a=%E0%A4%A`)).toEqual([`${PATH}?a=%E0%A4%A`]);
  });

  it("never lets one signed text name two different sets of parameters", () => {
    const part = fc.string({ unit: fc.constantFrom("a", "b", ":", "/", "&", "=", "%", "+", " ", "é", "1") });
    const query = fc
      .array(fc.tuple(part, part), { minLength: 1, maxLength: 6 })
      .map((ps) => ps.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&"));
    fc.assert(
      fc.property(query, (q) => {
        const texts = signedTexts(`${PATH}?${q}`);
        expect(texts[0]).toBe(`${PATH}?${q}`);
        // the decoded text, if offered, reads back as exactly what the query as sent reads as
        for (const t of texts.slice(1)) expect(byKey(literal(t.slice(PATH.length + 1)))).toEqual(byKey(params(q)));
      }),
      { numRuns: 2000 },
    );
  });
});
