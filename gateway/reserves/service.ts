/**
 * Proof of reserves (docs/decisions/333): takes snapshots of what the exchange owes each user and
 * what it holds, keeps them durable, and answers the public summary and a user's inclusion proof.
 * Snapshots come on the schedule and from the operator's command (`npm run reserves:snapshot`),
 * which writes a request row this service answers within a second.
 */
import { randomBytes } from "node:crypto";
import { RESERVES_CODES, TREE_VERSION, toHex, type InclusionProof, type ReservesSnapshot } from "../../protocol/reserves.ts";
import { refuse } from "../envelope.ts";
import type { ReservesConfig } from "./config.ts";
import type { LedgerSource } from "./ledger.ts";
import type { ReservesStore, SnapshotRow } from "./store.ts";
import { buildTreeSliced, proofOf, type Leaf, type SumTree } from "./tree.ts";
import { Ticker } from "../ticker.ts";

const POLL_MS = 1000;

export class ReservesService {
  private readonly clock = new Ticker();
  /** The latest snapshot's tree, or its rebuild under way (after a restart). */
  private cached: { id: number; tree: Promise<SumTree>; leaves: Map<string, Leaf> } | undefined;
  /** A snapshot under way: the tick takes no other meanwhile. */
  private taking: Promise<SnapshotRow> | undefined;

  constructor(
    private readonly store: ReservesStore,
    private readonly ledger: LedgerSource,
    private readonly config: ReservesConfig,
    private readonly log: (err: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Takes a snapshot: one synchronous pass over the ledgers (the cut), the tree built in slices
   * that give the event loop back (decision 333, measured), then one durable write.
   */
  take(reason: "schedule" | "operator" | "start", answers: readonly number[] = []): Promise<SnapshotRow> {
    this.taking ??= this.build(reason, answers).finally(() => (this.taking = undefined));
    return this.taking;
  }

  private async build(reason: string, answers: readonly number[]): Promise<SnapshotRow> {
    const takenAt = this.now();
    const cut = this.ledger();
    const coins = new Set(cut.reserves.keys());
    for (const m of cut.liabilities.values()) for (const c of m.keys()) coins.add(c);
    const assets = [...coins].sort();
    const leaves: Leaf[] = [...cut.liabilities].map(([userId, m]) => ({ userId, balances: assets.map((c) => m.get(c) ?? 0n) }));
    const secret = new Uint8Array(randomBytes(32));
    const tree = await buildTreeSliced(secret, assets.length, leaves);
    const row: Omit<SnapshotRow, "id"> = {
      takenAt,
      secret,
      rootHash: toHex(tree.root.hash),
      assets,
      liabilities: tree.root.sums,
      reserves: assets.map((c) => cut.reserves.get(c) ?? 0n),
      leafCount: leaves.length,
    };
    const id = this.store.save(row, leaves, reason, answers);
    this.cached = { id, tree: Promise.resolve(tree), leaves: new Map(leaves.map((l) => [l.userId, l])) };
    return { id, ...row };
  }

  latest(): ReservesSnapshot {
    const s = this.store.latest();
    if (!s) throw refuse(RESERVES_CODES.noSnapshot, "No proof-of-reserves snapshot has been taken yet");
    return {
      version: TREE_VERSION,
      snapshotId: s.id,
      time: s.takenAt,
      rootHash: s.rootHash,
      leafCount: s.leafCount,
      assets: s.assets.map((coin, i) => ({ coin, liabilities: String(s.liabilities[i] ?? 0n), reserves: String(s.reserves[i] ?? 0n) })),
    };
  }

  /** The user's proof in the latest snapshot; the tree is rebuilt from the stored leaves after a restart. */
  async proof(userId: string): Promise<InclusionProof> {
    const s = this.store.latest();
    if (!s) throw refuse(RESERVES_CODES.noSnapshot, "No proof-of-reserves snapshot has been taken yet");
    if (this.cached?.id !== s.id) {
      const leaves = this.store.leaves(s.id);
      this.cached = {
        id: s.id,
        tree: buildTreeSliced(s.secret, s.assets.length, leaves),
        leaves: new Map(leaves.map((l) => [l.userId, l])),
      };
    }
    const { tree, leaves } = this.cached;
    const leaf = leaves.get(userId);
    const proof = leaf && proofOf(await tree, { snapshotId: s.id, time: s.takenAt, assets: s.assets }, leaf);
    if (!proof) throw refuse(RESERVES_CODES.notInSnapshot, "Your account is not in the latest snapshot; it is in the next one");
    return proof;
  }

  /** Once a second: the operator's requests, and the schedule (a missed interval is caught up at once). */
  async tick(): Promise<void> {
    if (this.taking) return;
    const pending = this.store.pendingRequests();
    const last = this.store.latest();
    if (pending.length > 0) await this.take("operator", pending);
    else if (!last) await this.take("start");
    else if (this.now() - last.takenAt >= this.config.intervalMs) await this.take("schedule");
  }

  start(): void {
    const run = () => void this.tick().catch(this.log);
    run();
    this.clock.start(POLL_MS, run);
  }

  /** Stops the schedule and waits for a snapshot under way, so it never writes to a closed database. */
  async stop(): Promise<void> {
    this.clock.stop();
    await this.taking?.catch(() => undefined);
  }
}
