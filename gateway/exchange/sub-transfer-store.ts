/** Transfers between a main account and its sub-accounts (`sub_transfers`, docs/decisions/503). */
import type { Db } from "../db/database.ts";
import type { Migration } from "../db/migrations.ts";

/** In the accounts module's range (docs/decisions/503): transfers are an account feature on the exchange's ledger. */
export const SUB_TRANSFER_MIGRATIONS: Migration[] = [
  {
    version: 503,
    name: "sub-account transfers",
    sql: `
      CREATE TABLE sub_transfers (
        transfer_id  TEXT PRIMARY KEY,
        main_user_id TEXT NOT NULL,
        from_user_id TEXT NOT NULL,
        to_user_id   TEXT NOT NULL,
        coin         TEXT NOT NULL,
        amount       INTEGER NOT NULL,
        client_oid   TEXT,
        created_at   INTEGER NOT NULL,
        UNIQUE (main_user_id, client_oid)
      );
    `,
  },
];

export interface SubTransfer {
  transferId: string;
  mainUserId: string;
  fromUserId: string;
  toUserId: string;
  coin: string;
  amount: bigint;
  clientOid: string | null;
}

export class SubTransferStore {
  constructor(private readonly db: Db) {}

  /** Whether a main account already used this clientOid. */
  hasClientOid(mainUserId: string, clientOid: string): boolean {
    return (
      this.db.prepare("SELECT 1 FROM sub_transfers WHERE main_user_id = ? AND client_oid = ?").get(mainUserId, clientOid) !== undefined
    );
  }

  record(t: SubTransfer, at: number): void {
    this.db
      .prepare(
        `INSERT INTO sub_transfers (transfer_id, main_user_id, from_user_id, to_user_id, coin, amount, client_oid, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(t.transferId, t.mainUserId, t.fromUserId, t.toUserId, t.coin, t.amount, t.clientOid, at);
  }
}
