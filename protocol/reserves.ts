/**
 * Proof of reserves: the paths, the shapes and the Merkle sum tree's byte encoding, shared by the
 * gateway (which builds the tree) and the browser (which verifies a proof with WebCrypto). The
 * algorithm is written out in docs/proof-of-reserves.md; docs/decisions/333 says why.
 */

export const RESERVES_PATHS = {
  /** GET, public → `ReservesSnapshot`: the latest snapshot (33301 before the first one). */
  snapshot: "/v1/reserves/public/snapshot",
  /** POST `{}`, a logged-in session, signed mode 1 → `InclusionProof` of the caller in the latest snapshot. */
  proof: "/v1/reserves/proof",
  /** GET, public, `?days=1..365` → `FundHistory`: the futures protection fund per environment. */
  fundHistory: "/v1/mix/public/protection-fund/history",
} as const;

/** Refusals of the reserves area (HTTP 200 envelopes, as the events area's). */
export const RESERVES_CODES = {
  /** No snapshot has been taken yet. */
  noSnapshot: "33301",
  /** The caller has no leaf in the latest snapshot (registered after it was taken). */
  notInSnapshot: "33302",
} as const;

/** Amounts are integers of 10^-8 of a coin (docs/decisions/300), sent as decimal strings. */
export const RESERVES_SCALE = 8;
/** Every amount in the tree is an unsigned 128-bit integer. */
export const U128_LIMIT = 1n << 128n;
export const TREE_VERSION = 1;
/** The first byte of each hashed message: no leaf can pass for a node, nor a commitment for either. */
export const DOMAIN = { leaf: 0, node: 1, commitment: 2 } as const;

export interface AssetLine {
  coin: string;
  /** What the exchange owes its users of this coin: the root's sum. */
  liabilities: string;
  /** What the exchange holds of it: every ledger account but the treasury (docs/proof-of-reserves.md). */
  reserves: string;
}

export interface ReservesSnapshot {
  version: number;
  snapshotId: number;
  /** ms since the epoch. */
  time: number;
  /** Hex SHA-256 of the root node. */
  rootHash: string;
  leafCount: number;
  /** In the tree's order (sorted by coin name); each leaf's balances follow this order. */
  assets: AssetLine[];
}

export interface ProofStep {
  /** Where the sibling sits: "left" means sibling ‖ current, "right" current ‖ sibling. */
  side: "left" | "right";
  hash: string;
  sums: string[];
}

export interface InclusionProof {
  version: number;
  snapshotId: number;
  time: number;
  assets: string[];
  userId: string;
  /** Hex, 32 bytes: this user's salt in this snapshot (HMAC of the user id with the snapshot's secret). */
  salt: string;
  /** The user's liabilities per asset, integers in asset order. */
  balances: string[];
  /** Siblings from the leaf up to the root. */
  path: ProofStep[];
  root: { hash: string; sums: string[] };
}

export interface FundPoint {
  time: number;
  balance: string;
}

export interface FundHistory {
  marginCoin: "USDT";
  environments: Array<{ env: "live" | "paper"; productType: string; balance: string; points: FundPoint[] }>;
}

/** Bytes backed by a plain ArrayBuffer, as WebCrypto takes them. */
export type Bytes = Uint8Array<ArrayBuffer>;
export type Sha256 = (data: Bytes) => Promise<Uint8Array>;

/** SHA-256 with WebCrypto: the browser's and Node's (>= 20) `crypto.subtle`. */
export const subtleSha256: Sha256 = async (data) => new Uint8Array(await crypto.subtle.digest("SHA-256", data));

// ---- bytes ----------------------------------------------------------------------------------

const HEX = /^[0-9a-f]{64}$/;
const UINT = /^(0|[1-9][0-9]{0,38})$/;

export function toHex(b: Uint8Array): string {
  let s = "";
  for (const x of b) s += x.toString(16).padStart(2, "0");
  return s;
}

export function fromHex(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function putU128(view: DataView, at: number, v: bigint): void {
  if (v < 0n || v >= U128_LIMIT) throw new RangeError("amount outside 0..2^128-1");
  view.setBigUint64(at, v >> 64n);
  view.setBigUint64(at + 8, BigInt.asUintN(64, v));
}

/** One message: a domain byte, then byte strings and u128 amounts in order, written into one buffer. */
function message(domain: number, parts: ReadonlyArray<Uint8Array | readonly bigint[]>): Bytes {
  let size = 1;
  for (const p of parts) size += p instanceof Uint8Array ? p.length : p.length * 16;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out[0] = domain;
  let at = 1;
  for (const p of parts) {
    if (p instanceof Uint8Array) {
      out.set(p, at);
      at += p.length;
    } else
      for (const v of p) {
        putU128(view, at, v);
        at += 16;
      }
  }
  return out;
}

/** 0x02 ‖ salt (32 bytes) ‖ UTF-8 of the user id. */
export function commitmentMessage(salt: Uint8Array, userId: string): Bytes {
  return message(DOMAIN.commitment, [salt, new TextEncoder().encode(userId)]);
}

/** 0x00 ‖ commitment (32 bytes) ‖ u128 balance of each asset in order. */
export function leafMessage(commitment: Uint8Array, balances: readonly bigint[]): Bytes {
  return message(DOMAIN.leaf, [commitment, balances]);
}

/** 0x01 ‖ left hash ‖ left sums ‖ right hash ‖ right sums (each sum a u128, in asset order). */
export function nodeMessage(left: TreeNode, right: TreeNode): Bytes {
  return message(DOMAIN.node, [left.hash, left.sums, right.hash, right.sums]);
}

export interface TreeNode {
  hash: Uint8Array;
  sums: bigint[];
}

/** What stands in for a missing right child on a level of odd length: 32 zero bytes, all sums 0. */
export const padding = (assets: number): TreeNode => ({ hash: new Uint8Array(32), sums: Array<bigint>(assets).fill(0n) });

export const addSums = (a: readonly bigint[], b: readonly bigint[]): bigint[] => a.map((x, i) => x + (b[i] ?? 0n));

// ---- verification -------------------------------------------------------------------------

export type VerifyStepKind = "input" | "commitment" | "leaf" | "node" | "root";

export interface VerifyStep {
  kind: VerifyStepKind;
  /** The node's level above the leaf (0 for the leaf and what precedes it). */
  level: number;
  hash?: string;
  sums?: string[];
  ok: boolean;
  /** Why a step failed, as a stable key: bad-input, sum-overflow, root-hash, root-sums. */
  problem?: string;
}

export interface Verification {
  ok: boolean;
  steps: VerifyStep[];
}

/** Every field the check reads, of the right type and size: a file from anywhere is checked, never thrown on. */
function wellFormed(p: InclusionProof): boolean {
  if (typeof p !== "object" || p === null || !Array.isArray(p.assets) || typeof p.root !== "object" || p.root === null) return false;
  const n = p.assets.length;
  const amount = (x: unknown) => typeof x === "string" && UINT.test(x) && BigInt(x) < U128_LIMIT;
  const amounts = (xs: unknown) => Array.isArray(xs) && xs.length === n && xs.every(amount);
  return (
    p.version === TREE_VERSION &&
    n > 0 &&
    typeof p.userId === "string" &&
    HEX.test(p.salt) &&
    amounts(p.balances) &&
    Array.isArray(p.path) &&
    p.path.every(
      (s) => typeof s === "object" && s !== null && (s.side === "left" || s.side === "right") && HEX.test(s.hash) && amounts(s.sums),
    ) &&
    HEX.test(p.root.hash) &&
    amounts(p.root.sums)
  );
}

const big = (xs: readonly string[]) => xs.map((x) => BigInt(x));
const fits = (xs: readonly bigint[]) => xs.every((x) => x < U128_LIMIT);

/**
 * Recomputes the root from the user's own data and the siblings, step by step: the commitment,
 * the leaf, each node up the path (every sum must stay a u128: no node can hide a negative),
 * then compares hash and sums with the root. Never throws for a bad proof; says where it failed.
 */
export async function verifyInclusion(p: InclusionProof, sha256: Sha256 = subtleSha256): Promise<Verification> {
  const steps: VerifyStep[] = [];
  if (!wellFormed(p)) return { ok: false, steps: [{ kind: "input", level: 0, ok: false, problem: "bad-input" }] };
  const commitment = await sha256(commitmentMessage(fromHex(p.salt), p.userId));
  steps.push({ kind: "commitment", level: 0, hash: toHex(commitment), ok: true });
  let cur: TreeNode = { hash: await sha256(leafMessage(commitment, big(p.balances))), sums: big(p.balances) };
  steps.push({ kind: "leaf", level: 0, hash: toHex(cur.hash), sums: p.balances, ok: true });
  for (const [i, s] of p.path.entries()) {
    const sib: TreeNode = { hash: fromHex(s.hash), sums: big(s.sums) };
    const [left, right] = s.side === "left" ? [sib, cur] : [cur, sib];
    const sums = addSums(left.sums, right.sums);
    if (!fits(sums)) {
      steps.push({ kind: "node", level: i + 1, ok: false, problem: "sum-overflow" });
      return { ok: false, steps };
    }
    cur = { hash: await sha256(nodeMessage(left, right)), sums };
    steps.push({ kind: "node", level: i + 1, hash: toHex(cur.hash), sums: sums.map(String), ok: true });
  }
  const hashOk = toHex(cur.hash) === p.root.hash;
  const sumsOk = cur.sums.every((x, i) => String(x) === p.root.sums[i]);
  const problem = !hashOk ? "root-hash" : !sumsOk ? "root-sums" : undefined;
  steps.push({
    kind: "root",
    level: p.path.length,
    hash: toHex(cur.hash),
    sums: cur.sums.map(String),
    ok: !problem,
    ...(problem ? { problem } : {}),
  });
  return { ok: !problem, steps };
}
