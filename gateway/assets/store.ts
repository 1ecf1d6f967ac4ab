/** Equity snapshots (`asset_snapshots`, docs/decisions/331): one row per user, environment, interval and account kind. */
import type { AssetAccountType } from "../../protocol/assets.ts";
import type { Db } from "../db/database.ts";
import type { Migration } from "../db/migrations.ts";
import type { Env } from "../exchange/engine/types.ts";

/** In the assets area's range, after futures (3100) and margin (3200). */
export const ASSET_MIGRATIONS: Migration[] = [
  {
    version: 3310,
    name: "equity snapshots",
    sql: `
      CREATE TABLE asset_snapshots (
        env          TEXT NOT NULL,
        user_id      TEXT NOT NULL,
        slot         INTEGER NOT NULL,
        account_type TEXT NOT NULL,
        usdt         INTEGER NOT NULL,
        taken_at     INTEGER NOT NULL,
        PRIMARY KEY (env, user_id, slot, account_type)
      ) WITHOUT ROWID;
      CREATE INDEX asset_snapshots_slot ON asset_snapshots (slot);
    `,
  },
];

export interface SnapshotRow {
  env: Env;
  userId: string;
  /** The start of the interval the snapshot stands for (ms since the epoch). */
  slot: number;
  accountType: AssetAccountType;
  /** USDT ledger units (10^-8). */
  usdt: bigint;
  takenAt: number;
}

export class AssetStore {
  private readonly insert;
  private readonly history;
  private readonly latest;

  constructor(private readonly db: Db) {
    this.insert = db.prepare(
      `INSERT OR IGNORE INTO asset_snapshots (env, user_id, slot, account_type, usdt, taken_at)
       VALUES (@env, @userId, @slot, @accountType, @usdt, @takenAt)`,
    );
    this.history = db
      .prepare(
        `SELECT slot, account_type, usdt, taken_at FROM asset_snapshots
         WHERE env = ? AND user_id = ? AND slot >= ? ORDER BY slot, account_type`,
      )
      .safeIntegers(true);
    this.latest = db.prepare("SELECT MAX(slot) AS slot FROM asset_snapshots");
  }

  /** Writes one interval's rows in one transaction; a row already taken for its slot stays as it was. */
  write(rows: readonly SnapshotRow[]): number {
    let n = 0;
    this.db.transaction(() => {
      for (const r of rows) n += this.insert.run(r).changes;
    })();
    return n;
  }

  /** The user's rows of slots at or after `from`, oldest first. */
  since(env: Env, userId: string, from: number): SnapshotRow[] {
    const rows = this.history.all(env, userId, from) as Array<{ slot: bigint; account_type: string; usdt: bigint; taken_at: bigint }>;
    return rows.map((r) => ({
      env,
      userId,
      slot: Number(r.slot),
      accountType: r.account_type as AssetAccountType,
      usdt: r.usdt,
      takenAt: Number(r.taken_at),
    }));
  }

  /** The newest slot any snapshot was taken for (0 before the first). */
  latestSlot(): number {
    return Number((this.latest.get() as { slot: number | null }).slot ?? 0);
  }
}
