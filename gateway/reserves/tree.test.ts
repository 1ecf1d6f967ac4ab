import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { U128_LIMIT, verifyInclusion, type InclusionProof, type Sha256 } from "../../protocol/reserves.ts";
import { buildTree, proofOf, type Leaf } from "./tree.ts";

/** Node's own SHA-256, to check the WebCrypto one against. */
const nodeSha256: Sha256 = async (b) => new Uint8Array(createHash("sha256").update(b).digest());

const META = (assets: number) => ({ snapshotId: 7, time: 1_700_000_000_000, assets: ["BTC", "ETH", "SOL", "USDT"].slice(0, assets) });

const tree = fc.integer({ min: 1, max: 4 }).chain((assets) =>
  fc.record({
    assets: fc.constant(assets),
    secret: fc.uint8Array({ minLength: 32, maxLength: 32 }),
    leaves: fc.uniqueArray(
      fc.record({
        userId: fc.string({ minLength: 1, maxLength: 12 }),
        balances: fc.array(fc.bigInt({ min: 0n, max: 1n << 80n }), { minLength: assets, maxLength: assets }),
      }),
      { minLength: 1, maxLength: 40, selector: (l) => l.userId },
    ),
  }),
);

function proofsOf(t: { assets: number; secret: Uint8Array; leaves: Leaf[] }): InclusionProof[] {
  const built = buildTree(t.secret, t.assets, t.leaves);
  return t.leaves.map((l) => proofOf(built, META(t.assets), l)!);
}

const bump = (x: string) => String(BigInt(x) + 1n);

describe("the Merkle sum tree (docs/proof-of-reserves.md)", () => {
  it("gives every account a proof that verifies against the root, whose sums are the total liabilities", async () => {
    await fc.assert(
      fc.asyncProperty(tree, async (t) => {
        const proofs = proofsOf(t);
        const total = Array.from({ length: t.assets }, (_, i) => t.leaves.reduce((s, l) => s + l.balances[i]!, 0n));
        for (const p of proofs) {
          expect(p.root.sums).toEqual(total.map(String));
          const browser = await verifyInclusion(p);
          expect(browser.ok, JSON.stringify(browser.steps.at(-1))).toBe(true);
          // the browser's WebCrypto and Node's hash agree step by step
          expect((await verifyInclusion(p, nodeSha256)).steps).toEqual(browser.steps);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("fails a proof where any balance, sibling hash, sibling sum, side, salt, user id or root is changed", async () => {
    await fc.assert(
      fc.asyncProperty(tree, fc.nat(), fc.nat(), async (t, pick, where) => {
        const proofs = proofsOf(t);
        const p = proofs[pick % proofs.length]!;
        const spoilers: Array<(q: InclusionProof) => void> = [
          (q) => (q.balances[where % q.balances.length] = bump(q.balances[where % q.balances.length]!)),
          (q) => (q.userId += "x"),
          (q) => (q.salt = (q.salt[0] === "0" ? "1" : "0") + q.salt.slice(1)),
          (q) => (q.root.sums[where % q.root.sums.length] = bump(q.root.sums[where % q.root.sums.length]!)),
          (q) => (q.root.hash = (q.root.hash[0] === "0" ? "1" : "0") + q.root.hash.slice(1)),
        ];
        if (p.path.length > 0) {
          const step = (q: InclusionProof) => q.path[where % q.path.length]!;
          spoilers.push(
            (q) => (step(q).hash = (step(q).hash[5] === "a" ? "b" : "a").padStart(6, step(q).hash.slice(0, 5)) + step(q).hash.slice(6)),
            (q) => (step(q).sums[where % q.assets.length] = bump(step(q).sums[where % q.assets.length]!)),
          );
          // swapping sides changes the hashed order unless both children are identical, which a sum tree with distinct commitments never has
          spoilers.push((q) => (step(q).side = step(q).side === "left" ? "right" : "left"));
        }
        for (const spoil of spoilers) {
          const q = structuredClone(p);
          spoil(q);
          const v = await verifyInclusion(q);
          expect(v.ok).toBe(false);
          expect(v.steps.at(-1)?.ok).toBe(false);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("refuses a sum that leaves 128 bits and a proof that is not well formed, saying where", async () => {
    const t = {
      assets: 1,
      secret: new Uint8Array(32),
      leaves: [
        { userId: "a", balances: [1n] },
        { userId: "b", balances: [2n] },
      ],
    };
    const [p] = proofsOf(t);
    const over = structuredClone(p!);
    over.path[0]!.sums[0] = String(U128_LIMIT - 1n);
    expect((await verifyInclusion(over)).steps.at(-1)).toMatchObject({ kind: "node", ok: false, problem: "sum-overflow" });
    const negative = structuredClone(p!);
    negative.balances[0] = "-1";
    expect((await verifyInclusion(negative)).steps).toEqual([{ kind: "input", level: 0, ok: false, problem: "bad-input" }]);
    // a file from anywhere: amounts past a u128, missing parts, a null step are refused, never thrown on
    const huge = structuredClone(p!);
    huge.balances[0] = String(U128_LIMIT);
    const noRoot = { ...structuredClone(p!), root: undefined };
    const noAssets = { ...structuredClone(p!), assets: undefined };
    const nullStep = { ...structuredClone(p!), path: [null] };
    for (const bad of [huge, noRoot, noAssets, nullStep, null]) {
      const r = await verifyInclusion(bad as unknown as typeof p & object);
      expect(r.steps).toEqual([{ kind: "input", level: 0, ok: false, problem: "bad-input" }]);
    }
  });

  it("orders leaves by commitment, so a snapshot's secret changes every position", () => {
    const leaves = Array.from({ length: 16 }, (_, i) => ({ userId: `u${i}`, balances: [BigInt(i)] }));
    const a = buildTree(new Uint8Array(32).fill(1), 1, leaves);
    const b = buildTree(new Uint8Array(32).fill(2), 1, leaves);
    const where = (t: typeof a) => leaves.map((l) => t.indexOf.get(l.userId));
    expect(where(a)).not.toEqual(where(b));
    expect(a.root.sums).toEqual(b.root.sums);
  });
});
