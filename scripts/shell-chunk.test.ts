import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { shellOf } from "./shell-chunk";

const ROUTE = "?__remix-build-client-route";

/** A module graph as Rollup's manualChunks sees it: id → [static imports, code length]. */
function graph(modules: Record<string, [string[], number]>, entries: string[]): Rollup.ManualChunkMeta {
  return {
    getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
    getModuleInfo: (id) => {
      const module = modules[id];
      if (!module) return null;
      return { id, importedIds: module[0], code: "x".repeat(module[1]), isEntry: entries.includes(id) } as unknown as Rollup.ModuleInfo;
    },
  };
}

const routes = (n: number, imports: string[]) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`/app/routes/r${i}.tsx${ROUTE}`, [imports, 100] as [string[], number]]));

describe("the shell chunk", () => {
  const meta = graph(
    {
      "/app/entry.client.tsx": [["/node_modules/react-dom/index.js"], 90_000],
      [`/app/root.tsx${ROUTE}`]: [["/app/root.tsx"], 50],
      "/app/root.tsx": [["/app/lib/i18n.ts", "/app/root.css"], 9_000],
      "/app/lib/i18n.ts": [[], 5_000],
      "/app/root.css": [[], 400],
      "/node_modules/react-dom/index.js": [[], 120_000],
      ...routes(8, ["/app/lib/time-text.ts", "/app/lib/use-big.ts", "/app/ui/chart.css", "/app/lib/i18n.ts"]),
      [`/app/routes/only.tsx${ROUTE}`]: [["/app/lib/rare.ts"], 100],
      "/app/lib/time-text.ts": [["/app/lib/i18n.ts"], 300],
      "/app/lib/use-big.ts": [["/app/lib/big.ts"], 400],
      "/app/lib/big.ts": [[], 40_000],
      "/app/lib/rare.ts": [[], 200],
      "/app/ui/chart.css": [[], 300],
    },
    ["/app/entry.client.tsx", `/app/root.tsx${ROUTE}`, ...Object.keys(routes(8, [])), `/app/routes/only.tsx${ROUTE}`],
  );
  const shell = shellOf(meta);

  it("holds everything the client entry and the root import, however large", () => {
    for (const id of ["/app/entry.client.tsx", "/app/root.tsx", "/app/lib/i18n.ts", "/node_modules/react-dom/index.js"]) {
      expect(shell.has(id), id).toBe(true);
    }
  });

  it("takes a small module that enough routes share", () => {
    expect(shell.has("/app/lib/time-text.ts")).toBe(true);
  });

  it("leaves out a small module that would pull a large one in, and the large one", () => {
    expect(shell.has("/app/lib/use-big.ts")).toBe(false);
    expect(shell.has("/app/lib/big.ts")).toBe(false);
  });

  it("leaves out what few routes use, the routes' own modules and every stylesheet", () => {
    expect(shell.has("/app/lib/rare.ts")).toBe(false);
    expect([...shell].some((id) => id.includes("/routes/"))).toBe(false);
    expect(shell.has("/app/ui/chart.css")).toBe(false);
    expect(shell.has("/app/root.css")).toBe(false);
  });
});
