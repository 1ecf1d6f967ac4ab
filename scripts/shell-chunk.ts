import type { Plugin, Rollup } from "vite";

type ManualChunkMeta = Rollup.ManualChunkMeta;

// Rollup makes every route module an entry and splits the code the entries share into one chunk per
// combination of entries that use it. It cannot know that the client entry and the root route load
// with every page, so a trading page asked for 63 scripts, 53 of them under 2 KB gzip, and a phone
// on Lighthouse's simulated network fetches them six at a time, a round trip each. The shell chunk
// holds (docs/decisions/725, ninth round):
// - everything the client entry and the root route import statically: every page loads it anyway;
// - small modules (≤ SMALL characters after transformation) that at least COMMON page routes import
//   statically, with everything they import, so that a request is not spent on a few hundred bytes.
// Stylesheets stay where Vite puts them: the shell's would be linked by every page.

const CLIENT_ROUTE = "?__remix-build-client-route";
const COMMON = 8;
const SMALL = 3000;

function isShellEntry(id: string): boolean {
  return /[\\/]app[\\/](entry\.client|root)\.tsx($|\?)/.test(id);
}

function isScript(id: string): boolean {
  return !/\.css($|\?)/.test(id);
}

/** The ids reachable by static imports from the given ids, not passing through `stop`. */
function reach(meta: ManualChunkMeta, from: string[], stop: Set<string>): Set<string> {
  const seen = new Set<string>();
  const todo = [...from];
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (seen.has(id) || stop.has(id)) continue;
    seen.add(id);
    todo.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

export function shellOf(meta: ManualChunkMeta): Set<string> {
  const ids = [...meta.getModuleIds()];
  const entries = ids.filter((id) => isShellEntry(id) && meta.getModuleInfo(id)?.isEntry);
  const shell = reach(meta, entries, new Set());

  const routes = new Map<string, number>();
  for (const route of ids.filter((id) => id.endsWith(CLIENT_ROUTE) && !shell.has(id))) {
    for (const id of reach(meta, [route], shell)) routes.set(id, (routes.get(id) ?? 0) + 1);
  }
  const common = new Set(
    [...routes]
      .filter(([id, n]) => n >= COMMON && isScript(id) && !id.endsWith(CLIENT_ROUTE))
      .filter(([id]) => (meta.getModuleInfo(id)?.code?.length ?? Infinity) <= SMALL)
      .map(([id]) => id),
  );
  // A module joins only with all it imports, so that the shell never pulls in a large dependency.
  for (let changed = true; changed; ) {
    changed = false;
    for (const id of common) {
      const imports = meta.getModuleInfo(id)?.importedIds ?? [];
      if (imports.some((dep) => !shell.has(dep) && !common.has(dep))) {
        common.delete(id);
        changed = true;
      }
    }
  }
  for (const id of common) shell.add(id);
  return new Set([...shell].filter(isScript));
}

export function shellChunk(): Plugin {
  let shell: Set<string> | undefined;
  return {
    name: "shell-chunk",
    apply: "build",
    config(_config, env) {
      if (env.isSsrBuild) return;
      return {
        build: {
          rollupOptions: {
            output: {
              manualChunks(id, meta) {
                shell ??= shellOf(meta);
                // A route's own module stays its own file: Remix's manifest names it.
                if (id.endsWith(CLIENT_ROUTE)) return undefined;
                return shell.has(id) ? "shell" : undefined;
              },
            },
          },
        },
      };
    },
    buildStart() {
      shell = undefined;
    },
  };
}
