import { mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { STANDALONE_BASE, STANDALONE_DIR, STANDALONE_MANIFEST, standaloneEntryName } from "./server/standalone-assets.ts";

/**
 * The second client build: every `app/standalone/<name>.ts(x)` is an entry of its own, outside
 * Remix's bundle, for pages that ship only a few scripts (docs/decisions/019).
 */
function entries(): Record<string, string> {
  const found: Record<string, string> = {};
  for (const file of readdirSync(STANDALONE_DIR)) {
    const name = standaloneEntryName(file);
    if (name) found[name] = `${STANDALONE_DIR}/${file}`;
  }
  return found;
}

const outDir = `build/client${STANDALONE_BASE}`;

/** The manifest leaves the served folder: a static server must never list what the build holds. */
const manifestOutOfClient: Plugin = {
  name: "standalone-manifest-out-of-client",
  apply: "build",
  closeBundle() {
    mkdirSync("build", { recursive: true });
    renameSync(`${outDir}.vite/manifest.json`, STANDALONE_MANIFEST);
    rmSync(`${outDir}.vite`, { recursive: true, force: true });
  },
};

export default defineConfig({
  base: STANDALONE_BASE,
  publicDir: false,
  build: {
    outDir,
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
    rollupOptions: {
      input: entries(),
      output: { entryFileNames: "[name]-[hash].js", chunkFileNames: "chunk-[hash].js", assetFileNames: "[name]-[hash][extname]" },
    },
  },
  plugins: [tsconfigPaths(), manifestOutOfClient],
});
