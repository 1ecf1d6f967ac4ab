/**
 * What the benches that run inside Chromium share: the page bundle (one script, one document)
 * and Debian's Chromium, launched as the browser tests launch it.
 */
import { join } from "node:path";
import { build } from "esbuild";
import { chromium, type Browser } from "playwright-core";
import { ROOT } from "../tests/setup/processes.ts";

/** Bundles `entry` (a path from the project root) for the browser; the document loads it from /bench.js. */
export async function benchPage(entry: string, title: string): Promise<{ js: string; html: string }> {
  const bundle = await build({
    entryPoints: [join(ROOT, entry)],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  });
  const js = bundle.outputFiles[0]!.text;
  return { js, html: `<!doctype html><meta charset="utf-8"><title>${title}</title><script src="/bench.js"></script>` };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
}
