import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/**
 * The build's hashed assets compressed once, at build time, at the strongest settings (brotli 11,
 * gzip 9), next to the originals (`x.js.br`, `x.js.gz`); the web server sends them as they are
 * (docs/decisions/024). Compressing per request, as the `compression` middleware does, costs the
 * server CPU on every asset request and, at the speed a request allows (brotli 4), sends more bytes.
 */

/** Text formats worth compressing; images, fonts and archives are compressed already. */
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".svg", ".json", ".webmanifest", ".txt", ".xml", ".html"]);
/** Below this a compressed copy saves less than its headers cost (the `compression` middleware's own threshold). */
export const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export interface Precompressed {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // Dot-folders (the standalone build's `.vite` manifest) are never served.
    if (entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Whether a file is one this step compresses (by its name and size). */
export function worthCompressing(path: string, size: number): boolean {
  return COMPRESSIBLE.has(extname(path).toLowerCase()) && size >= MIN_BYTES;
}

/**
 * Writes `.br` and `.gz` beside every compressible file of `dirs` (recursively). A copy that would
 * not be smaller is not written, so the server sends the original. Running it again rewrites the
 * same copies; the copies themselves are never compressed again.
 */
export async function precompress(dirs: readonly string[], concurrency = 4): Promise<Precompressed> {
  const todo: string[] = [];
  for (const dir of dirs) for await (const path of filesUnder(dir)) todo.push(path);
  const total: Precompressed = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const one = async (path: string) => {
    const size = (await stat(path)).size;
    if (!worthCompressing(path, size)) return;
    const body = await readFile(path);
    const [br, gzipped] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gz(body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    total.files++;
    total.bytes += body.length;
    total.brotliBytes += Math.min(br.length, body.length);
    total.gzipBytes += Math.min(gzipped.length, body.length);
    if (br.length < body.length) await writeFile(`${path}.br`, br);
    if (gzipped.length < body.length) await writeFile(`${path}.gz`, gzipped);
  };
  // A few at a time: zlib runs in libuv's pool, so this uses the machine's cores without a queue of thousands.
  let next = 0;
  const worker = async () => {
    while (next < todo.length) await one(todo[next++] as string);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return total;
}
