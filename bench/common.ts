/** What the benches share: their command-line options, one fixed pseudo-random stream and where results go. */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
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

/** The fields of `/proc/<pid>/stat` after the parenthesised command name (state, ppid, …), or undefined. */
function procStat(pid: number): string[] | undefined {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return undefined;
  try {
    const stat = readFileSync(file, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined; // the process ended between the two reads
  }
}

/** CPU seconds (user + system, all threads) a process has used, from /proc (Linux); undefined elsewhere. */
export function cpuSeconds(pid: number | undefined): number | undefined {
  const fields = pid === undefined ? undefined : procStat(pid);
  // utime and stime are the stat file's 14th and 15th fields, in USER_HZ (100).
  return fields && (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds used by a process and every process below it (a server's workers, its embedded gateway), from /proc. */
export function treeCpuSeconds(root: number | undefined): number | undefined {
  if (root === undefined || cpuSeconds(root) === undefined) return undefined;
  const parent = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const fields = procStat(Number(name));
    if (fields) parent.set(Number(name), Number(fields[1]));
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  let total = 0;
  for (const pid of parent.keys()) if (inTree(pid)) total += cpuSeconds(pid) ?? 0;
  return total;
}
