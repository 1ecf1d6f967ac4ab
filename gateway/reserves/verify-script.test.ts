import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { verifyInclusion, type InclusionProof } from "../../protocol/reserves.ts";
import { buildTree, proofOf } from "./tree.ts";

/** The verifier script printed in docs/proof-of-reserves.md §4, run as a reader would run it. */
const doc = readFileSync(resolve(import.meta.dirname, "../../docs/proof-of-reserves.md"), "utf8");
const script = /```js\n(\/\/ verify-proof\.mjs[\s\S]*?)```/.exec(doc)?.[1];
const dir = mkdtempSync(join(tmpdir(), "por-"));
if (script) writeFileSync(join(dir, "verify-proof.mjs"), script);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runScript(proof: InclusionProof, published?: string): { ok: boolean; out: string } {
  const file = join(dir, `proof-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(proof));
  try {
    return {
      ok: true,
      out: execFileSync(process.execPath, [join(dir, "verify-proof.mjs"), file, ...(published ? [published] : [])], { encoding: "utf8" }),
    };
  } catch (err) {
    return { ok: false, out: String((err as { stdout?: string }).stdout ?? "") };
  }
}

describe("the verifier script of docs/proof-of-reserves.md", () => {
  it("is in the document", () => {
    expect(script).toBeDefined();
  });

  it("agrees with the browser's verifier on the same proofs, good and spoiled", async () => {
    const leaves = Array.from({ length: 11 }, (_, i) => ({ userId: `user-${i}`, balances: [BigInt(i) * 100_000_000n, 7n, BigInt(i % 3)] }));
    const tree = buildTree(new Uint8Array(32).fill(9), 3, leaves);
    const meta = { snapshotId: 1, time: 1_764_288_000_000, assets: ["BTC", "ETH", "USDT"] };
    for (const leaf of [leaves[0]!, leaves[5]!, leaves[10]!]) {
      const proof = proofOf(tree, meta, leaf)!;
      const spoiled = structuredClone(proof);
      spoiled.balances[1] = "8";
      const sibling = structuredClone(proof);
      sibling.path[1]!.sums[2] = String(BigInt(sibling.path[1]!.sums[2]!) + 1n);
      for (const p of [proof, spoiled, sibling]) {
        const node = runScript(p, proof.root.hash);
        expect(node.ok).toBe((await verifyInclusion(p)).ok);
      }
      expect(runScript(proof).out).toContain(`verified: root ${proof.root.hash}`);
      expect(runScript(proof, "0".repeat(64))).toMatchObject({
        ok: false,
        out: expect.stringContaining("FAILED at the published root hash"),
      });
    }
  });
});
