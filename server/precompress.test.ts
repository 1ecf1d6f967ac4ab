import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { MIN_BYTES, precompress, worthCompressing } from "./precompress";

describe("precompress", () => {
  const dirs: string[] = [];
  const dir = () => {
    const d = mkdtempSync(join(tmpdir(), "mix-precompress-"));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  const script = (n: number) => Array.from({ length: n }, (_, i) => `export const value${i} = "${"x".repeat(i % 40)}";`).join("\n");

  it("writes brotli and gzip copies that decompress to the original, in nested folders too", async () => {
    const root = dir();
    mkdirSync(join(root, "nested"));
    const js = script(200);
    writeFileSync(join(root, "app-1a2b.js"), js);
    writeFileSync(join(root, "nested", "style-3c4d.css"), `.a{color:red}\n`.repeat(200));
    const done = await precompress([root]);
    expect(done.files).toBe(2);
    expect(brotliDecompressSync(readFileSync(join(root, "app-1a2b.js.br"))).toString()).toBe(js);
    expect(gunzipSync(readFileSync(join(root, "app-1a2b.js.gz"))).toString()).toBe(js);
    expect(readdirSync(join(root, "nested")).sort()).toEqual(["style-3c4d.css", "style-3c4d.css.br", "style-3c4d.css.gz"]);
    expect(done.brotliBytes).toBeLessThan(done.gzipBytes);
    expect(done.gzipBytes).toBeLessThan(done.bytes);
  });

  it("leaves small files, formats that are compressed already and dot-folders alone", async () => {
    const root = dir();
    writeFileSync(join(root, "tiny.js"), "export {};");
    writeFileSync(join(root, "icon.png"), Buffer.alloc(4096, 7));
    writeFileSync(join(root, "font.woff2"), Buffer.alloc(4096, 7));
    mkdirSync(join(root, ".vite"));
    writeFileSync(join(root, ".vite", "manifest.json"), JSON.stringify({ big: "y".repeat(4096) }));
    const done = await precompress([root]);
    expect(done.files).toBe(0);
    expect(readdirSync(root).sort()).toEqual([".vite", "font.woff2", "icon.png", "tiny.js"]);
    expect(readdirSync(join(root, ".vite"))).toEqual(["manifest.json"]);
  });

  it("writes no copy that would be larger than the file, and never compresses its own copies again", async () => {
    const root = dir();
    // Random bytes do not compress: no copy is written, the server sends the file as it is.
    writeFileSync(join(root, "noise.js"), randomBytes(4096));
    writeFileSync(join(root, "app.js"), script(200));
    await precompress([root]);
    await precompress([root]);
    const names = readdirSync(root).sort();
    expect(names.filter((n) => n.startsWith("noise"))).toEqual(["noise.js"]);
    expect(names.filter((n) => n.startsWith("app"))).toEqual(["app.js", "app.js.br", "app.js.gz"]);
  });

  it("judges by extension, in any case, and by the size threshold", () => {
    expect(worthCompressing("a/b.JS", MIN_BYTES)).toBe(true);
    expect(worthCompressing("a/b.js", MIN_BYTES - 1)).toBe(false);
    expect(worthCompressing("a/b.js.br", 10_000)).toBe(false);
    expect(worthCompressing("a/b.js.gz", 10_000)).toBe(false);
    expect(worthCompressing("a/site.webmanifest", 10_000)).toBe(true);
    expect(worthCompressing("a/b.woff2", 10_000)).toBe(false);
  });
});
