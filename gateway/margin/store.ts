/**
 * The margin area's SQL (docs/decisions/320): liabilities per account and coin, the records of
 * borrowing, repayment, interest, liquidation and transfers, and each margin order's loan type.
 * Every write is handed to the spot store's change as an `extra`, so coins and liabilities land in
 * one transaction before the caller is answered.
 */
import type { Statement } from "better-sqlite3";
import type { LoanType, MarginAccountMode } from "../../protocol/margin.ts";
import { rowCodec } from "../db/columns.ts";
import type { Db } from "../db/database.ts";
import type { Migration } from "../db/migrations.ts";
import type { Env } from "../exchange/engine/types.ts";

export const MARGIN_MIGRATIONS: Migration[] = [
  {
    version: 3200,
    name: "margin: liabilities, records, order loan types",
    sql: `
      CREATE TABLE mg_loans (
        env              TEXT NOT NULL,
        account          TEXT NOT NULL,
        coin             TEXT NOT NULL,
        principal        INTEGER NOT NULL,
        interest         INTEGER NOT NULL,
        next_interest_at INTEGER NOT NULL,
        u_time           INTEGER NOT NULL,
        PRIMARY KEY (env, account, coin)
      );
      CREATE TABLE mg_records (
        id        INTEGER PRIMARY KEY,
        env       TEXT NOT NULL,
        user_id   TEXT NOT NULL,
        mode      TEXT NOT NULL,
        symbol    TEXT NOT NULL,
        kind      TEXT NOT NULL,
        coin      TEXT NOT NULL,
        amount    INTEGER NOT NULL,
        principal INTEGER NOT NULL,
        interest  INTEGER NOT NULL,
        rate      INTEGER NOT NULL,
        balance   INTEGER NOT NULL,
        ref       TEXT NOT NULL,
        ts        INTEGER NOT NULL,
        end_ts    INTEGER NOT NULL
      );
      CREATE INDEX mg_records_user ON mg_records (env, user_id, mode, kind, id);
      CREATE TABLE mg_orders (
        order_id  TEXT PRIMARY KEY,
        env       TEXT NOT NULL,
        account   TEXT NOT NULL,
        loan_type TEXT NOT NULL
      );
      CREATE TABLE mg_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `,
  },
];

export interface Loan {
  env: Env;
  account: string;
  coin: string;
  principal: bigint;
  interest: bigint;
  /** When the next hour of interest is charged (ms on the gateway's clock). */
  nextInterestAt: number;
  uTime: number;
}

/**
 * One line of the margin history. `kind` is Bitget's financial `marginType` or one of
 * `interest` and `liquidation`; the numeric columns mean, by kind:
 * - borrow: amount borrowed; repay: amount, and its principal and interest parts;
 * - interest: amount charged, `rate` the daily rate (10^-8);
 * - liquidation: `amount` the assets' value, `principal` the debt's value, `interest` the fund's
 *   cover, `rate` the risk rate at the start (10^-4), `endTs` when it ended.
 * `balance` is the coin's balance in the account after the line.
 */
export interface MarginRecord {
  id: number;
  env: Env;
  userId: string;
  mode: MarginAccountMode;
  symbol: string;
  kind: string;
  coin: string;
  amount: bigint;
  principal: bigint;
  interest: bigint;
  rate: bigint;
  balance: bigint;
  ref: string;
  ts: number;
  endTs: number;
}

const loanCodec = rowCodec<Loan>({
  env: "TEXT",
  account: "TEXT",
  coin: "TEXT",
  principal: "BIGINT",
  interest: "BIGINT",
  nextInterestAt: "INTEGER",
  uTime: "INTEGER",
});

const recordCodec = rowCodec<MarginRecord>({
  id: "INTEGER",
  env: "TEXT",
  userId: "TEXT",
  mode: "TEXT",
  symbol: "TEXT",
  kind: "TEXT",
  coin: "TEXT",
  amount: "BIGINT",
  principal: "BIGINT",
  interest: "BIGINT",
  rate: "BIGINT",
  balance: "BIGINT",
  ref: "TEXT",
  ts: "INTEGER",
  endTs: "INTEGER",
});

export interface RecordQuery {
  env: Env;
  userId: string;
  mode: MarginAccountMode;
  symbol: string | null;
  kinds: readonly string[];
  coin: string | null;
  start: number;
  end: number;
  before: number;
  limit: number;
}

export class MarginStore {
  private readonly upsertLoan: Statement;
  private readonly deleteLoan: Statement;
  private readonly insertRecord: Statement;
  private readonly insertOrder: Statement;
  private readonly getMeta: Statement;
  private readonly putMeta: Statement;

  constructor(readonly db: Db) {
    this.upsertLoan = db.prepare(
      `${loanCodec.insert("mg_loans")} ON CONFLICT(env, account, coin) DO UPDATE SET principal = excluded.principal,
        interest = excluded.interest, next_interest_at = excluded.next_interest_at, u_time = excluded.u_time`,
    );
    this.deleteLoan = db.prepare("DELETE FROM mg_loans WHERE env = ? AND account = ? AND coin = ?");
    this.insertRecord = db.prepare(recordCodec.insert("mg_records"));
    this.insertOrder = db.prepare("INSERT OR IGNORE INTO mg_orders (order_id, env, account, loan_type) VALUES (?, ?, ?, ?)");
    this.getMeta = db.prepare("SELECT value FROM mg_meta WHERE key = ?");
    this.putMeta = db.prepare("INSERT INTO mg_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
  }

  loadLoans(): Loan[] {
    const rows = this.db.prepare("SELECT * FROM mg_loans").safeIntegers(true).all() as Array<Record<string, unknown>>;
    return rows.map((r) => loanCodec.fromRow(r));
  }

  /** Writes a loan's current values, or drops it once nothing is owed. */
  writeLoan(l: Loan): void {
    if (l.principal === 0n && l.interest === 0n) this.deleteLoan.run(l.env, l.account, l.coin);
    else this.upsertLoan.run(l);
  }

  writeRecord(r: MarginRecord): void {
    this.insertRecord.run(r);
  }

  maxRecordId(): number {
    const row = this.db.prepare("SELECT MAX(id) AS m FROM mg_records").get() as { m: number | null };
    return row.m ?? 0;
  }

  records(q: RecordQuery): MarginRecord[] {
    const kinds = q.kinds.map(() => "?").join(", ");
    const rows = this.db
      .prepare(
        `SELECT * FROM mg_records WHERE env = ? AND user_id = ? AND mode = ? AND (? IS NULL OR symbol = ?) AND kind IN (${kinds})
          AND (? IS NULL OR coin = ?) AND ts >= ? AND ts <= ? AND id < ? ORDER BY id DESC LIMIT ?`,
      )
      .safeIntegers(true)
      .all(q.env, q.userId, q.mode, q.symbol, q.symbol, ...q.kinds, q.coin, q.coin, q.start, q.end, q.before, q.limit) as Array<
      Record<string, unknown>
    >;
    return rows.map((r) => recordCodec.fromRow(r));
  }

  addOrder(orderId: string, env: Env, account: string, loanType: LoanType): void {
    this.insertOrder.run(orderId, env, account, loanType);
  }

  /** Loan types of the margin orders still open, to re-arm auto-repay after a restart. */
  loanTypes(orderIds: readonly string[]): Map<string, LoanType> {
    const out = new Map<string, LoanType>();
    const q = this.db.prepare("SELECT loan_type FROM mg_orders WHERE order_id = ?");
    for (const id of orderIds) {
      const r = q.get(id) as { loan_type: LoanType } | undefined;
      if (r) out.set(id, r.loan_type);
    }
    return out;
  }

  loanType(orderId: string): LoanType | undefined {
    return (this.db.prepare("SELECT loan_type FROM mg_orders WHERE order_id = ?").get(orderId) as { loan_type: LoanType } | undefined)
      ?.loan_type;
  }

  meta(key: string): string | undefined {
    return (this.getMeta.get(key) as { value: string } | undefined)?.value;
  }

  setMeta(key: string, value: string): void {
    this.putMeta.run(key, value);
  }
}
