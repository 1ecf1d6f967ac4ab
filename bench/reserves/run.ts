/**
 * The proof-of-reserves tree (docs/decisions/333): building a snapshot's Merkle sum tree of N
 * accounts × A assets on the event loop, making one proof, and checking it with WebCrypto as the
 * browser does. Prints a table and writes bench/results/reserves.json; asserts nothing.
 *   npm run bench:reserves [-- --accounts 100000 --assets 10]
 */
import { randomBytes } from "node:crypto";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { verifyInclusion } from "../../protocol/reserves.ts";
import { buildTree, buildTreeSliced, proofOf } from "../../gateway/reserves/tree.ts";
import { arg, writeResults, xorshift } from "../common.ts";

const accounts = arg("accounts", 100_000);
const assets = arg("assets", 10);
const next = xorshift();
const rows: Array<{ accounts: number; build: number; sliced: number; stall: number; proof: number; verify: number; depth: number }> = [];
for (const n of [Math.max(1, Math.floor(accounts / 10)), accounts]) {
  const leaves = Array.from({ length: n }, (_, i) => ({
    userId: String(1_000_000_000 + i),
    balances: Array.from({ length: assets }, () => BigInt(Math.floor(next() * 1e15))),
  }));
  const t0 = performance.now();
  const tree = buildTree(new Uint8Array(randomBytes(32)), assets, leaves);
  const t1 = performance.now();
  const proof = proofOf(
    tree,
    { snapshotId: 1, time: Date.now(), assets: Array.from({ length: assets }, (_, i) => `C${i}`) },
    leaves[n >> 1]!,
  )!;
  const t2 = performance.now();
  const ok = (await verifyInclusion(proof)).ok;
  const t3 = performance.now();
  if (!ok) throw new Error("the proof did not verify");
  // what the gateway does: the same build in slices, with the event loop's longest wait meanwhile
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const t4 = performance.now();
  await buildTreeSliced(new Uint8Array(randomBytes(32)), assets, leaves);
  const t5 = performance.now();
  delay.disable();
  const stall = delay.max / 1e6;
  rows.push({ accounts: n, build: t1 - t0, sliced: t5 - t4, stall, proof: t2 - t1, verify: t3 - t2, depth: proof.path.length });
}
const HEADERS = ["accounts", "assets", "build ms", "sliced ms", "stall ms", "proof ms", "verify ms", "depth"];
console.info(HEADERS.map((h) => h.padStart(10)).join(" "));
for (const r of rows)
  console.info(
    [r.accounts, assets, r.build.toFixed(0), r.sliced.toFixed(0), r.stall.toFixed(1), r.proof.toFixed(2), r.verify.toFixed(2), r.depth]
      .map((v) => String(v).padStart(10))
      .join(" "),
  );
writeResults("reserves", { assets, rows });
