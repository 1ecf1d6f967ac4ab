/**
 * Summarises a V8 `.cpuprofile` (written by `node --cpu-prof`) into its top self-time frames, as a
 * Markdown table: share of all samples, self milliseconds, function and where it lives (path
 * relative to the repository, node_modules shortened to the package). `--by file` groups by file.
 * `--skip-ms N` leaves out the first N ms (the process's start, before the load began).
 *   node --import tsx bench/profile-summary.ts <file.cpuprofile> [--top 25] [--by function|file] [--skip-ms 0]
 */
import { readFileSync } from "node:fs";
import { argText, arg } from "./common.ts";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Where a frame lives, short: `pkg:<name>` for a dependency, the repository path otherwise. */
export function place(url: string): string {
  if (!url) return "(native)";
  const path = url.replace(/^file:\/\//, "");
  const nm = path.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = path.slice(nm + "node_modules/".length).split("/");
    return `pkg:${rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (path.startsWith("node:")) return path;
  const root = process.cwd() + "/";
  return path.startsWith(root) ? path.slice(root.length) : path;
}

/** Self time per key, in microseconds, and the profile's total. */
export function selfTimes(profile: Profile, key: (f: CallFrame) => string, skipUs = 0): { byKey: Map<string, number>; totalUs: number } {
  const frameOf = new Map<number, CallFrame>();
  for (const n of profile.nodes) frameOf.set(n.id, n.callFrame);
  const byKey = new Map<string, number>();
  let totalUs = 0;
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    at += profile.timeDeltas[i] ?? 0;
    if (at < skipUs) continue;
    const k = key(frameOf.get(profile.samples[i]!)!);
    byKey.set(k, (byKey.get(k) ?? 0) + dt);
    totalUs += dt;
  }
  return { byKey, totalUs };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: profile-summary.ts <file.cpuprofile> [--top N] [--by function|file]");
  const top = arg("top", 25);
  const by = argText("by", "function");
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const key =
    by === "file"
      ? (f: CallFrame) => (f.url ? place(f.url) : f.functionName)
      : (f: CallFrame) => `${f.functionName || "(anonymous)"}\t${f.url ? `${place(f.url)}:${f.lineNumber + 1}` : ""}`;
  const { byKey, totalUs } = selfTimes(profile, key, arg("skip-ms", 0) * 1000);
  const idle = [...byKey].filter(([k]) => k.startsWith("(idle)")).reduce((s, [, v]) => s + v, 0);
  const busy = totalUs - idle;
  console.info(`${file}: ${(totalUs / 1000).toFixed(0)} ms sampled, ${(busy / 1000).toFixed(0)} ms busy (shares below are of busy time)\n`);
  console.info(
    by === "file" ? "| % busy | self ms | file |\n|---:|---:|---|" : "| % busy | self ms | function | where |\n|---:|---:|---|---|",
  );
  const rows = [...byKey].filter(([k]) => !k.startsWith("(idle)")).sort((a, b) => b[1] - a[1]);
  for (const [k, us] of rows.slice(0, top)) {
    const cells = k.split("\t").map((c) => c.replaceAll("|", "\\|"));
    console.info(`| ${((us * 100) / busy).toFixed(1)} | ${(us / 1000).toFixed(0)} | ${cells.join(" | ")} |`);
  }
}
