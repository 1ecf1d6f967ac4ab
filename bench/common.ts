/** What the benches share: their command-line options and one fixed pseudo-random stream. */

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
