import { describe, expect, it } from "vitest";
import { standaloneEntryName, standaloneFromManifest } from "./standalone-assets.ts";

describe("standalone bundles", () => {
  it("takes lowercase kebab-case .ts/.tsx files as entries, never tests or other names", () => {
    expect(standaloneEntryName("wiki-chart.ts")).toBe("wiki-chart");
    expect(standaloneEntryName("events-chrome.tsx")).toBe("events-chrome");
    for (const file of ["wiki-chart.test.ts", "Wiki.ts", "a_b.ts", "notes.md", "-x.ts", "x-.ts", ".hidden.ts", "x.d.ts"]) {
      expect(standaloneEntryName(file), file).toBeUndefined();
    }
  });

  it("resolves an entry's module, the chunks it imports (once, transitively) and their styles", () => {
    const lookup = standaloneFromManifest({
      "app/standalone/a.ts": { file: "a-1.js", name: "a", isEntry: true, imports: ["_shared", "_util"], css: ["a-1.css"] },
      "app/standalone/b.ts": { file: "b-2.js", name: "b", isEntry: true, imports: ["_util"] },
      _shared: { file: "chunk-s.js", imports: ["_util"], css: ["s.css"] },
      _util: { file: "chunk-u.js" },
    });
    expect(lookup("a")).toEqual({
      script: "/standalone/a-1.js",
      preload: ["/standalone/chunk-s.js", "/standalone/chunk-u.js"],
      css: ["/standalone/a-1.css", "/standalone/s.css"],
    });
    expect(lookup("b")).toEqual({ script: "/standalone/b-2.js", preload: ["/standalone/chunk-u.js"], css: [] });
    expect(lookup("_util")).toBeUndefined();
    expect(lookup("missing")).toBeUndefined();
  });
});
