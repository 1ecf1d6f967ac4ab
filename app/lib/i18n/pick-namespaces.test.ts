import { describe, expect, it } from "vitest";
import { pickNamespaces, resourcesFor } from "./resources.server";

describe("pickNamespaces (docs/decisions/725)", () => {
  it("keeps only the named namespaces of every language sent, or all of them for null", () => {
    const all = { en: { common: { a: "A" }, trade: { b: "B" }, wiki: { c: "C" } }, de: { common: { a: "Ä" }, wiki: { c: "Ç" } } };
    expect(pickNamespaces(all, ["common", "trade"])).toEqual({ en: { common: { a: "A" }, trade: { b: "B" } }, de: { common: { a: "Ä" } } });
    expect(pickNamespaces(all, null)).toBe(all);
  });

  it("sends Arabic and its English fallback for the named namespaces only", () => {
    const picked = pickNamespaces(resourcesFor("ar").resources, ["common", "trade"]);
    expect(Object.keys(picked).sort()).toEqual(["ar", "en"]);
    expect(Object.keys(picked.ar ?? {}).sort()).toEqual(["common", "trade"]);
    expect(Object.keys(picked.en ?? {}).sort()).toEqual(["common", "trade"]);
  });
});
