/**
 * The browser's check of a user's inclusion proof (docs/proof-of-reserves.md §3): the tree steps of
 * `verifyInclusion` (WebCrypto), then one more, that the root is the published snapshot's.
 */
import { verifyInclusion, type InclusionProof, type ReservesSnapshot, type Sha256, type VerifyStep } from "../../../protocol/reserves";

export type CheckStep = VerifyStep | { kind: "published"; level: number; ok: boolean; hash?: string; problem?: string };

export interface ProofCheck {
  ok: boolean;
  steps: CheckStep[];
}

export async function checkProof(proof: InclusionProof, snapshot: ReservesSnapshot, sha256?: Sha256): Promise<ProofCheck> {
  const tree = await verifyInclusion(proof, sha256);
  if (!tree.ok) return tree;
  const same =
    proof.snapshotId === snapshot.snapshotId &&
    proof.root.hash === snapshot.rootHash &&
    proof.assets.length === snapshot.assets.length &&
    snapshot.assets.every((a, i) => a.coin === proof.assets[i] && a.liabilities === proof.root.sums[i]);
  const last: CheckStep = {
    kind: "published",
    level: proof.path.length,
    hash: snapshot.rootHash,
    ok: same,
    ...(same ? {} : { problem: "published" }),
  };
  return { ok: same, steps: [...tree.steps, last] };
}
