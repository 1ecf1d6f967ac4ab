import { existsSync, readFileSync } from "node:fs";

/** Where the standalone entries live and the URL prefix their build is served under (docs/decisions/019). */
export const STANDALONE_DIR = "app/standalone";
export const STANDALONE_BASE = "/standalone/";
/** Vite's manifest of that build, kept beside `build/client`, never inside it. */
export const STANDALONE_MANIFEST = "build/standalone-manifest.json";

/** An entry file's name as its bundle is known (`wiki-chart.ts` → `wiki-chart`); tests and helpers are not entries. */
export function standaloneEntryName(file: string): string | undefined {
  const m = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.tsx?$/.exec(file);
  return m && !file.includes(".test.") ? m[1] : undefined;
}

/** What a page needs to run one standalone bundle: the module, the chunks it imports, its styles. */
export interface StandaloneAssets {
  script: string;
  preload: string[];
  css: string[];
}

export type StandaloneLookup = (name: string) => StandaloneAssets | undefined;

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Reads Vite's manifest of the standalone build once; an entry's chunks are followed through their imports. */
export function standaloneFromManifest(manifest: Record<string, ManifestChunk>): StandaloneLookup {
  const byName = new Map<string, StandaloneAssets>();
  for (const chunk of Object.values(manifest)) {
    if (!chunk.isEntry || !chunk.name) continue;
    const preload = new Set<string>();
    const css = new Set<string>(chunk.css ?? []);
    const walk = (keys: string[] | undefined) => {
      for (const k of keys ?? []) {
        const dep = manifest[k];
        if (!dep || preload.has(STANDALONE_BASE + dep.file)) continue;
        preload.add(STANDALONE_BASE + dep.file);
        for (const c of dep.css ?? []) css.add(c);
        walk(dep.imports);
      }
    };
    walk(chunk.imports);
    byName.set(chunk.name, { script: STANDALONE_BASE + chunk.file, preload: [...preload], css: [...css].map((c) => STANDALONE_BASE + c) });
  }
  return (name) => byName.get(name);
}

/**
 * Production: the built manifest under `build/client` (none built means no bundles). Development:
 * Vite's middleware serves the entry's source from the repository root.
 */
export function loadStandaloneAssets(rootDir: string, dev: boolean): StandaloneLookup {
  if (dev) {
    return (name) => {
      const file = [`${name}.ts`, `${name}.tsx`].find((f) => standaloneEntryName(f) && existsSync(`${rootDir}/${STANDALONE_DIR}/${f}`));
      return file ? { script: `/${STANDALONE_DIR}/${file}`, preload: [], css: [] } : undefined;
    };
  }
  const path = `${rootDir}/${STANDALONE_MANIFEST}`;
  if (!existsSync(path)) return () => undefined;
  return standaloneFromManifest(JSON.parse(readFileSync(path, "utf8")) as Record<string, ManifestChunk>);
}
