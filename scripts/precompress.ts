/**
 * `npm run build`'s last step: brotli and gzip copies of the client build's hashed assets
 * (docs/decisions/024). Usage: node --import tsx scripts/precompress.ts DIR...
 */
import { precompress } from "../server/precompress.ts";

const dirs = process.argv.slice(2);
if (dirs.length === 0) throw new Error("usage: precompress.ts DIR...");
const started = performance.now();
const done = await precompress(dirs);
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
console.info(
  `precompressed ${done.files} files in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
    `${kb(done.bytes)} → brotli ${kb(done.brotliBytes)}, gzip ${kb(done.gzipBytes)}`,
);
