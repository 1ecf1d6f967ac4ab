/**
 * The Merkle sum tree of one snapshot, built with Node's synchronous SHA-256 over the byte
 * encoding of protocol/reserves.ts (the browser verifies with the same definition). Leaves are
 * ordered by their commitment, so a leaf's position says nothing about who it is.
 */
import { createHash, createHmac } from "node:crypto";
import {
  addSums,
  commitmentMessage,
  leafMessage,
  nodeMessage,
  padding,
  toHex,
  type InclusionProof,
  type ProofStep,
  type TreeNode,
  TREE_VERSION,
} from "../../protocol/reserves.ts";

const sha256 = (b: Uint8Array): Uint8Array => new Uint8Array(createHash("sha256").update(b).digest());

/** A user's salt in a snapshot: HMAC-SHA256(snapshot secret, user id). Unguessable without the secret. */
export const saltOf = (secret: Uint8Array, userId: string): Uint8Array =>
  new Uint8Array(createHmac("sha256", secret).update(userId).digest());

export interface Leaf {
  userId: string;
  balances: bigint[];
}

export interface SumTree {
  /** levels[0] are the leaves in tree order; the last level is the root alone. */
  levels: TreeNode[][];
  /** Where each user's leaf sits in levels[0]. */
  indexOf: Map<string, number>;
  salts: Map<string, Uint8Array>;
  root: TreeNode;
}

/** Hashes between two yields of the sliced build: a few milliseconds of the event loop each. */
const SLICE = 2_000;

/** The build, pausing (yield) every SLICE hashes so a caller may give the event loop back meanwhile. */
function* building(secret: Uint8Array, assets: number, leaves: readonly Leaf[]): Generator<void, SumTree> {
  const salts = new Map<string, Uint8Array>();
  const made: Array<{ userId: string; key: string; node: TreeNode }> = [];
  for (const l of leaves) {
    const salt = saltOf(secret, l.userId);
    salts.set(l.userId, salt);
    const commitment = sha256(commitmentMessage(salt, l.userId));
    made.push({
      userId: l.userId,
      key: Buffer.from(commitment).toString("hex"),
      node: { hash: sha256(leafMessage(commitment, l.balances)), sums: [...l.balances] },
    });
    if (made.length % SLICE === 0) yield;
  }
  made.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const indexOf = new Map(made.map((m, i) => [m.userId, i]));
  const levels: TreeNode[][] = [made.map((m) => m.node)];
  if (levels[0]!.length === 0) levels[0]!.push(padding(assets));
  for (let level = levels[0]!; level.length > 1; ) {
    const up: TreeNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i]!;
      const right = level[i + 1] ?? padding(assets);
      up.push({ hash: sha256(nodeMessage(left, right)), sums: addSums(left.sums, right.sums) });
      if (up.length % SLICE === 0) yield;
    }
    levels.push(up);
    level = up;
  }
  return { levels, indexOf, salts, root: levels[levels.length - 1]![0]! };
}

/** Builds the tree at once (tests, small trees). */
export function buildTree(secret: Uint8Array, assets: number, leaves: readonly Leaf[]): SumTree {
  const steps = building(secret, assets, leaves);
  for (let r = steps.next(); ; r = steps.next()) if (r.done) return r.value;
}

/** Builds the tree in slices, giving the event loop back between them: a snapshot never stalls the gateway. */
export async function buildTreeSliced(secret: Uint8Array, assets: number, leaves: readonly Leaf[]): Promise<SumTree> {
  const steps = building(secret, assets, leaves);
  for (let r = steps.next(); ; r = steps.next()) {
    if (r.done) return r.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** The user's inclusion proof, or undefined when the user has no leaf. */
export function proofOf(
  tree: SumTree,
  meta: { snapshotId: number; time: number; assets: string[] },
  leaf: Leaf,
): InclusionProof | undefined {
  let index = tree.indexOf.get(leaf.userId);
  const salt = tree.salts.get(leaf.userId);
  if (index === undefined || !salt) return undefined;
  const path: ProofStep[] = [];
  for (const level of tree.levels.slice(0, -1)) {
    const sibling = level[index ^ 1] ?? padding(meta.assets.length);
    path.push({ side: index % 2 === 0 ? "right" : "left", hash: toHex(sibling.hash), sums: sibling.sums.map(String) });
    index >>= 1;
  }
  return {
    version: TREE_VERSION,
    ...meta,
    userId: leaf.userId,
    salt: toHex(salt),
    balances: leaf.balances.map(String),
    path,
    root: { hash: toHex(tree.root.hash), sums: tree.root.sums.map(String) },
  };
}
