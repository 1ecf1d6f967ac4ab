/**
 * The convert area's table and nothing else (docs/decisions/334): one row per conversion that
 * executed, written in the same transaction as the spot order, fills and bills it moved.
 */
import type { Statement } from "better-sqlite3";
import { rowCodec } from "../db/columns.ts";
import type { Db } from "../db/database.ts";
import type { Migration } from "../db/migrations.ts";
import type { Env } from "../exchange/engine/types.ts";

export const CONVERT_MIGRATIONS: Migration[] = [
  {
    version: 3340,
    name: "convert: executed conversions",
    sql: `
      CREATE TABLE cv_records (
        id         INTEGER PRIMARY KEY,
        env        TEXT NOT NULL,
        user_id    TEXT NOT NULL,
        from_coin  TEXT NOT NULL,
        from_size  INTEGER NOT NULL,
        to_coin    TEXT NOT NULL,
        to_size    INTEGER NOT NULL,
        fee        INTEGER NOT NULL,
        price      TEXT NOT NULL,
        order_id   TEXT NOT NULL,
        trace_id   TEXT NOT NULL,
        ts         INTEGER NOT NULL
      );
      CREATE INDEX cv_records_user ON cv_records (env, user_id, id);
    `,
  },
];

/** One executed conversion: sizes and fee in ledger units (the fee is in the coin received). */
export interface ConvertRecord {
  id: number;
  env: Env;
  userId: string;
  fromCoin: string;
  fromSize: bigint;
  toCoin: string;
  toSize: bigint;
  fee: bigint;
  price: string;
  orderId: string;
  traceId: string;
  ts: number;
}

const CODEC = rowCodec<ConvertRecord>({
  id: "INTEGER",
  env: "TEXT",
  userId: "TEXT",
  fromCoin: "TEXT",
  fromSize: "BIGINT",
  toCoin: "TEXT",
  toSize: "BIGINT",
  fee: "BIGINT",
  price: "TEXT",
  orderId: "TEXT",
  traceId: "TEXT",
  ts: "INTEGER",
});

export interface RecordQuery {
  env: Env;
  userId: string;
  start: number;
  end: number;
  /** Only ids below this (Bitget's `idLessThan`). */
  before: number;
  limit: number;
}

export class ConvertStore {
  private readonly insertRow: Statement;
  private readonly listRows: Statement;

  constructor(db: Db) {
    this.insertRow = db.prepare(CODEC.insert("cv_records"));
    this.listRows = db
      .prepare(
        `SELECT * FROM cv_records WHERE env = ? AND user_id = ? AND ts >= ? AND ts <= ? AND id < ?
         ORDER BY id DESC LIMIT ?`,
      )
      .safeIntegers(true);
  }

  insert(r: ConvertRecord): void {
    this.insertRow.run(r);
  }

  /** The user's conversions in the window, newest first. */
  list(q: RecordQuery): ConvertRecord[] {
    const rows = this.listRows.all(q.env, q.userId, q.start, q.end, q.before, q.limit) as Array<Record<string, unknown>>;
    return rows.map((r) => CODEC.fromRow(r));
  }
}
