/** What the benches share: their command-line options, one fixed pseudo-random stream and where results go. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The word after `--name` on the command line, or `fallback`. */
export function argText(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? String(process.argv[i + 1]) : fallback;
}

/** The number after `--name` on the command line, or `fallback`. */
export function arg(name: string, fallback: number): number {
  return Number(argText(name, String(fallback)));
}

/** xorshift32 from a fixed seed: a fast stream in [0, 1) that is the same in every run, so runs are comparable. */
export function xorshift(seed = 0x2545f491): () => number {
  let s = seed;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** Writes `bench/results/<name>.json` (below the working directory, as `npm run bench:*` runs): the bench's name, when and on which Node it ran, then `fields`. */
export function writeResults(name: string, fields: Record<string, unknown>): void {
  const out = { bench: name, date: new Date().toISOString(), node: process.version, ...fields };
  mkdirSync(join(process.cwd(), "bench/results"), { recursive: true });
  writeFileSync(join(process.cwd(), `bench/results/${name}.json`), `${JSON.stringify(out, null, 2)}\n`);
}
