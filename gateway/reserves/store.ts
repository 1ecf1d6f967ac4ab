/**
 * The reserves area's SQL (docs/decisions/333): each snapshot with its secret and every leaf's
 * balances, enough to rebuild the tree and any proof; and the operator's snapshot requests.
 * Amounts are decimal TEXT of integer ledger units (a sum may pass 2^63).
 */
import type { Db } from "../db/database.ts";
import type { Migration } from "../db/migrations.ts";
import type { Leaf } from "./tree.ts";

export const RESERVES_MIGRATIONS: Migration[] = [
  {
    version: 3330,
    name: "proof of reserves: snapshots, leaves, operator requests",
    sql: `
      CREATE TABLE rs_snapshots (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        taken_at    INTEGER NOT NULL,
        secret      BLOB NOT NULL,
        root_hash   TEXT NOT NULL,
        assets      TEXT NOT NULL,
        liabilities TEXT NOT NULL,
        reserves    TEXT NOT NULL,
        leaf_count  INTEGER NOT NULL,
        reason      TEXT NOT NULL
      );
      CREATE TABLE rs_leaves (
        snapshot_id INTEGER NOT NULL REFERENCES rs_snapshots(id),
        user_id     TEXT NOT NULL,
        balances    TEXT NOT NULL,
        PRIMARY KEY (snapshot_id, user_id)
      ) WITHOUT ROWID;
      CREATE TABLE rs_requests (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        requested_at INTEGER NOT NULL,
        snapshot_id  INTEGER
      );
    `,
  },
];

export interface SnapshotRow {
  id: number;
  takenAt: number;
  secret: Uint8Array;
  rootHash: string;
  assets: string[];
  liabilities: bigint[];
  reserves: bigint[];
  leafCount: number;
}

type RawSnapshot = {
  id: number;
  taken_at: number;
  secret: Buffer;
  root_hash: string;
  assets: string;
  liabilities: string;
  reserves: string;
  leaf_count: number;
};

const amounts = (text: string): bigint[] => (text === "" ? [] : text.split(",").map((x) => BigInt(x)));
const joined = (xs: readonly bigint[]) => xs.map(String).join(",");

/** A stored snapshot as the service reads it. */
function rowOf(r: RawSnapshot | undefined): SnapshotRow | undefined {
  if (!r) return undefined;
  return {
    id: r.id,
    takenAt: r.taken_at,
    secret: new Uint8Array(r.secret),
    rootHash: r.root_hash,
    assets: JSON.parse(r.assets) as string[],
    liabilities: amounts(r.liabilities),
    reserves: amounts(r.reserves),
    leafCount: r.leaf_count,
  };
}

export class ReservesStore {
  private readonly q;

  constructor(private readonly db: Db) {
    this.q = {
      insert: db.prepare(
        "INSERT INTO rs_snapshots (taken_at, secret, root_hash, assets, liabilities, reserves, leaf_count, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      ),
      leaf: db.prepare("INSERT INTO rs_leaves (snapshot_id, user_id, balances) VALUES (?, ?, ?)"),
      latest: db.prepare("SELECT * FROM rs_snapshots ORDER BY id DESC LIMIT 1"),
      byId: db.prepare("SELECT * FROM rs_snapshots WHERE id = ?"),
      leaves: db.prepare("SELECT user_id, balances FROM rs_leaves WHERE snapshot_id = ?"),
      request: db.prepare("INSERT INTO rs_requests (requested_at) VALUES (?)"),
      pending: db.prepare("SELECT id FROM rs_requests WHERE snapshot_id IS NULL ORDER BY id"),
      answer: db.prepare("UPDATE rs_requests SET snapshot_id = ? WHERE id = ?"),
      answerOf: db.prepare("SELECT snapshot_id FROM rs_requests WHERE id = ?"),
    };
  }

  /** One transaction: the snapshot, its leaves and the requests it answers. */
  save(s: Omit<SnapshotRow, "id">, leaves: readonly Leaf[], reason: string, answers: readonly number[] = []): number {
    return this.db.transaction(() => {
      const id = Number(
        this.q.insert.run(
          s.takenAt,
          s.secret,
          s.rootHash,
          JSON.stringify(s.assets),
          joined(s.liabilities),
          joined(s.reserves),
          s.leafCount,
          reason,
        ).lastInsertRowid,
      );
      for (const l of leaves) this.q.leaf.run(id, l.userId, joined(l.balances));
      for (const r of answers) this.q.answer.run(id, r);
      return id;
    })();
  }

  latest(): SnapshotRow | undefined {
    return rowOf(this.q.latest.get() as RawSnapshot | undefined);
  }

  /** One snapshot by its id (the one that answered an operator's request). */
  snapshot(id: number): SnapshotRow | undefined {
    return rowOf(this.q.byId.get(id) as RawSnapshot | undefined);
  }

  leaves(snapshotId: number): Leaf[] {
    return (this.q.leaves.all(snapshotId) as Array<{ user_id: string; balances: string }>).map((r) => ({
      userId: r.user_id,
      balances: amounts(r.balances),
    }));
  }

  /** The operator command's request; the running gateway answers it within a second. */
  request(now = Date.now()): number {
    return Number(this.q.request.run(now).lastInsertRowid);
  }

  pendingRequests(): number[] {
    return (this.q.pending.all() as Array<{ id: number }>).map((r) => r.id);
  }

  answerOf(requestId: number): number | null {
    return (this.q.answerOf.get(requestId) as { snapshot_id: number | null } | undefined)?.snapshot_id ?? null;
  }
}
