/**
 * The wallet's SQL and nothing else (docs/decisions/330): the simulated chain's height and the
 * address secret, deposits, withdrawals and the address book. Rows that move money are written
 * by the exchange store's commit (its `extra` writes), in the transaction of their bills.
 */
import { randomBytes } from "node:crypto";
import type { Statement } from "better-sqlite3";
import { exactRows } from "../db/columns.ts";
import type { Db } from "../db/database.ts";
import type { Migration } from "../db/migrations.ts";
import type { DepositState, WithdrawState } from "../../protocol/wallet.ts";

/**
 * The columns a deposit and a withdrawal open and close with (who moves how much of which coin on
 * which chain; when the row was made and last changed) and the per-user index both are read by.
 * Migration 3300 builds both tables through it; the text it gives is the one 3300 was merged with.
 */
function chainMoveTable(table: string, columns: string[]): string {
  const lines = [
    "id            INTEGER PRIMARY KEY AUTOINCREMENT",
    "env           TEXT NOT NULL",
    "user_id       TEXT NOT NULL",
    "coin          TEXT NOT NULL",
    "chain         TEXT NOT NULL",
    "amount        INTEGER NOT NULL",
    ...columns,
    "created_at    INTEGER NOT NULL",
    "updated_at    INTEGER NOT NULL",
  ];
  return [
    `CREATE TABLE ${table} (`,
    `  ${lines.join(",\n        ")}`,
    `);`,
    `CREATE INDEX ${table}_user ON ${table}(env, user_id, id);`,
  ].join("\n      ");
}

export const WALLET_MIGRATIONS: Migration[] = [
  {
    version: 3300,
    name: "wallet: simulated chain, deposits, withdrawals, address book",
    sql: `
      CREATE TABLE wallet_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      ${chainMoveTable("wallet_deposits", [
        "to_address    TEXT NOT NULL",
        "tag           TEXT NOT NULL",
        "from_address  TEXT NOT NULL",
        "tx_hash       TEXT NOT NULL",
        "seen_height   INTEGER NOT NULL",
        "confirm       INTEGER NOT NULL DEFAULT 0",
        "need_confirm  INTEGER NOT NULL",
        "state         TEXT NOT NULL",
      ])}
      CREATE INDEX wallet_deposits_pending ON wallet_deposits(id) WHERE state = 'pending';
      ${chainMoveTable("wallet_withdrawals", [
        "fee           INTEGER NOT NULL",
        "to_address    TEXT NOT NULL",
        "tag           TEXT NOT NULL",
        "from_address  TEXT NOT NULL",
        "tx_hash       TEXT NOT NULL DEFAULT ''",
        "client_oid    TEXT NOT NULL DEFAULT ''",
        "via           TEXT NOT NULL",
        "state         TEXT NOT NULL",
        "requested_height INTEGER NOT NULL",
        "sent_height   INTEGER",
        "confirm       INTEGER NOT NULL DEFAULT 0",
        "need_confirm  INTEGER NOT NULL",
        "fail_reason   TEXT NOT NULL DEFAULT ''",
        "fail_requested INTEGER NOT NULL DEFAULT 0",
      ])}
      CREATE INDEX wallet_withdrawals_open ON wallet_withdrawals(id) WHERE state IN ('pending', 'processing');
      CREATE UNIQUE INDEX wallet_withdrawals_oid ON wallet_withdrawals(env, user_id, client_oid) WHERE client_oid <> '';
      CREATE TABLE wallet_address_book (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id    TEXT NOT NULL,
        label      TEXT NOT NULL,
        coin       TEXT NOT NULL,
        chain      TEXT NOT NULL,
        address    TEXT NOT NULL,
        tag        TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX wallet_address_book_user ON wallet_address_book(user_id, id);
    `,
  },
];

/** The columns both tables share (`chainMoveTable`), as a row reads them. */
interface ChainMoveRow {
  id: number;
  env: string;
  user_id: string;
  coin: string;
  chain: string;
  amount: bigint;
  to_address: string;
  tag: string;
  from_address: string;
  tx_hash: string;
  confirm: number;
  need_confirm: number;
  created_at: number;
  updated_at: number;
}

export interface DepositRow extends ChainMoveRow {
  seen_height: number;
  state: DepositState;
}

export interface WithdrawalRow extends ChainMoveRow {
  fee: bigint;
  client_oid: string;
  via: string;
  state: WithdrawState;
  requested_height: number;
  sent_height: number | null;
  fail_reason: string;
  fail_requested: number;
}

export interface AddressBookRow {
  id: number;
  user_id: string;
  label: string;
  coin: string;
  chain: string;
  address: string;
  tag: string;
  created_at: number;
}

export type NewDeposit = Omit<DepositRow, "id" | "confirm" | "state" | "updated_at">;
export type NewWithdrawal = Pick<
  WithdrawalRow,
  | "env"
  | "user_id"
  | "coin"
  | "chain"
  | "amount"
  | "fee"
  | "to_address"
  | "tag"
  | "from_address"
  | "client_oid"
  | "via"
  | "requested_height"
  | "need_confirm"
  | "created_at"
>;

/** A records query: one user's rows of an environment, newest first, below a cursor. */
export interface RecordQuery {
  env: string;
  userId: string;
  coin: string | null;
  id: number | null;
  start: number;
  end: number;
  before: number;
  limit: number;
}

const num = (r: Record<string, unknown>, k: string) => Number(r[k]);
function depositOf(r: Record<string, unknown>): DepositRow {
  return {
    ...(r as unknown as DepositRow),
    id: num(r, "id"),
    seen_height: num(r, "seen_height"),
    confirm: num(r, "confirm"),
    need_confirm: num(r, "need_confirm"),
    created_at: num(r, "created_at"),
    updated_at: num(r, "updated_at"),
  };
}
function withdrawalOf(r: Record<string, unknown>): WithdrawalRow {
  return {
    ...(r as unknown as WithdrawalRow),
    id: num(r, "id"),
    requested_height: num(r, "requested_height"),
    sent_height: r.sent_height === null ? null : num(r, "sent_height"),
    confirm: num(r, "confirm"),
    need_confirm: num(r, "need_confirm"),
    fail_requested: num(r, "fail_requested"),
    created_at: num(r, "created_at"),
    updated_at: num(r, "updated_at"),
  };
}

const RECORDS_WHERE = `env = @env AND user_id = @userId AND (@coin IS NULL OR coin = @coin) AND (@id IS NULL OR id = @id)
  AND created_at >= @start AND created_at <= @end AND id < @before ORDER BY id DESC LIMIT @limit`;

export class WalletStore {
  private readonly insertDeposit: Statement;
  private readonly insertWithdrawal: Statement;

  constructor(readonly db: Db) {
    this.insertDeposit = db.prepare(`INSERT INTO wallet_deposits (env, user_id, coin, chain, amount, to_address, tag, from_address, tx_hash,
      seen_height, need_confirm, state, created_at, updated_at) VALUES (@env, @user_id, @coin, @chain, @amount, @to_address, @tag,
      @from_address, @tx_hash, @seen_height, @need_confirm, 'pending', @created_at, @created_at)`);
    this.insertWithdrawal = db.prepare(`INSERT INTO wallet_withdrawals (env, user_id, coin, chain, amount, fee, to_address, tag,
      from_address, client_oid, via, state, requested_height, need_confirm, created_at, updated_at) VALUES (@env, @user_id, @coin, @chain,
      @amount, @fee, @to_address, @tag, @from_address, @client_oid, @via, 'pending', @requested_height, @need_confirm, @created_at, @created_at)`);
  }

  /** The address secret: the operator's, else one made at the first start and kept, so addresses never change. */
  addressSecret(configured: string | undefined): string {
    if (configured) return configured;
    this.db.prepare("INSERT OR IGNORE INTO wallet_meta (key, value) VALUES ('address_secret', ?)").run(randomBytes(32).toString("hex"));
    return (this.db.prepare("SELECT value FROM wallet_meta WHERE key = 'address_secret'").get() as { value: string }).value;
  }

  height(): number {
    const r = this.db.prepare("SELECT value FROM wallet_meta WHERE key = 'height'").get() as { value: string } | undefined;
    return r ? Number(r.value) : 0;
  }

  /** The next block: the height goes up by one, durably. */
  nextBlock(): number {
    const h = this.height() + 1;
    this.db
      .prepare("INSERT INTO wallet_meta (key, value) VALUES ('height', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
      .run(String(h));
    return h;
  }

  addDeposit(d: NewDeposit): number {
    return Number(this.insertDeposit.run(d).lastInsertRowid);
  }

  pendingDeposits(): DepositRow[] {
    return exactRows(this.db, "SELECT * FROM wallet_deposits WHERE state = 'pending' ORDER BY id").map(depositOf);
  }

  setDepositConfirm(id: number, confirm: number, now: number): void {
    this.db.prepare("UPDATE wallet_deposits SET confirm = ?, updated_at = ? WHERE id = ? AND state = 'pending'").run(confirm, now, id);
  }

  /** Run inside the commit that credits the deposit. */
  finishDeposit(id: number, confirm: number, now: number): void {
    this.db
      .prepare("UPDATE wallet_deposits SET confirm = ?, state = 'success', updated_at = ? WHERE id = ? AND state = 'pending'")
      .run(confirm, now, id);
  }

  deposits(q: RecordQuery): DepositRow[] {
    return exactRows(this.db, `SELECT * FROM wallet_deposits WHERE ${RECORDS_WHERE}`, q).map(depositOf);
  }

  /** Run inside the commit that holds the funds; the new id. */
  addWithdrawal(w: NewWithdrawal): number {
    return Number(this.insertWithdrawal.run(w).lastInsertRowid);
  }

  withdrawal(env: string, userId: string, id: number): WithdrawalRow | undefined {
    const r = exactRows(this.db, "SELECT * FROM wallet_withdrawals WHERE env = ? AND user_id = ? AND id = ?", env, userId, id)[0];
    return r ? withdrawalOf(r) : undefined;
  }

  withdrawalByClientOid(env: string, userId: string, clientOid: string): WithdrawalRow | undefined {
    const r = exactRows(
      this.db,
      "SELECT * FROM wallet_withdrawals WHERE env = ? AND user_id = ? AND client_oid = ? AND client_oid <> ''",
      env,
      userId,
      clientOid,
    )[0];
    return r ? withdrawalOf(r) : undefined;
  }

  openWithdrawals(): WithdrawalRow[] {
    return exactRows(this.db, "SELECT * FROM wallet_withdrawals WHERE state IN ('pending', 'processing') ORDER BY id").map(withdrawalOf);
  }

  withdrawals(q: RecordQuery): WithdrawalRow[] {
    return exactRows(this.db, `SELECT * FROM wallet_withdrawals WHERE ${RECORDS_WHERE}`, q).map(withdrawalOf);
  }

  /** Moves a withdrawal on from `from`; false when it was not in that state any more. */
  setWithdrawal(
    id: number,
    from: WithdrawState,
    f: { state: WithdrawState; now: number; confirm?: number; sentHeight?: number; txHash?: string; failReason?: string },
  ): boolean {
    const r = this.db
      .prepare(
        `UPDATE wallet_withdrawals SET state = @state, updated_at = @now, confirm = coalesce(@confirm, confirm),
          sent_height = coalesce(@sentHeight, sent_height), tx_hash = coalesce(@txHash, tx_hash), fail_reason = coalesce(@failReason, fail_reason)
         WHERE id = @id AND state = @from`,
      )
      .run({
        id,
        from,
        state: f.state,
        now: f.now,
        confirm: f.confirm ?? null,
        sentHeight: f.sentHeight ?? null,
        txHash: f.txHash ?? null,
        failReason: f.failReason ?? null,
      });
    return r.changes === 1;
  }

  setWithdrawalConfirm(id: number, confirm: number, now: number): void {
    this.db
      .prepare("UPDATE wallet_withdrawals SET confirm = ?, updated_at = ? WHERE id = ? AND state = 'processing'")
      .run(confirm, now, id);
  }

  /** The operator's "this one fails on the chain" (`wallet:deposit -- --fail-withdrawal`, cli/deposit.ts); the running gateway gives the funds back. */
  requestFailure(id: number): boolean {
    return (
      this.db.prepare("UPDATE wallet_withdrawals SET fail_requested = 1 WHERE id = ? AND state IN ('pending', 'processing')").run(id)
        .changes === 1
    );
  }

  addressBook(userId: string): AddressBookRow[] {
    return this.db.prepare("SELECT * FROM wallet_address_book WHERE user_id = ? ORDER BY id DESC").all(userId) as AddressBookRow[];
  }

  addAddress(a: Omit<AddressBookRow, "id">): number {
    return Number(
      this.db
        .prepare(
          "INSERT INTO wallet_address_book (user_id, label, coin, chain, address, tag, created_at) VALUES (@user_id, @label, @coin, @chain, @address, @tag, @created_at)",
        )
        .run(a).lastInsertRowid,
    );
  }

  deleteAddress(userId: string, id: number): boolean {
    return this.db.prepare("DELETE FROM wallet_address_book WHERE user_id = ? AND id = ?").run(userId, id).changes === 1;
  }

  /**
   * The spot legs of the user's own transfers, newest first (docs/decisions/330: `wallet/transfer`
   * records are these bills), each with the clientOid it was made with ("" without). Sub-account
   * transfers have their own records and are left out here, and `outward` (spot was the source)
   * filters by direction, so a page is never cut short after its LIMIT.
   */
  transferBills(q: {
    env: string;
    userId: string;
    coin: string | null;
    clientOid: string | null;
    outward: boolean | null;
    start: number;
    end: number;
    before: number;
    limit: number;
  }) {
    return exactRows(
      this.db,
      `SELECT b.seq, b.coin, b.size, b.ref_id, b.c_time, o.client_oid FROM ex_bills b
        LEFT JOIN ex_transfer_oids o ON o.env = b.env AND o.user_id = b.user_id AND o.transfer_id = b.ref_id
        WHERE b.env = @env AND b.user_id = @userId AND b.group_type = 'transfer' AND b.ref_id <> '' AND (@coin IS NULL OR b.coin = @coin)
          AND (@clientOid IS NULL OR b.ref_id = (SELECT transfer_id FROM ex_transfer_oids
            WHERE env = @env AND user_id = @userId AND client_oid = @clientOid))
          AND (@outward IS NULL OR (b.size < 0) = @outward)
          AND NOT EXISTS (SELECT 1 FROM sub_transfers s
            WHERE s.transfer_id = b.ref_id AND (s.from_user_id = b.user_id OR s.to_user_id = b.user_id))
          AND b.c_time >= @start AND b.c_time <= @end AND b.seq < @before ORDER BY b.seq DESC LIMIT @limit`,
      { ...q, outward: q.outward === null ? null : q.outward ? 1 : 0 },
    ).map((r) => ({
      seq: Number(r.seq),
      coin: String(r.coin),
      size: r.size as bigint,
      refId: String(r.ref_id),
      ts: Number(r.c_time),
      clientOid: r.client_oid === null ? "" : String(r.client_oid),
    }));
  }

  /** Which of `refIds` moved coins to or from one of the user's margin accounts (`user#...`), and which account. */
  marginLegs(env: string, userId: string, refIds: string[]): Map<string, string> {
    if (refIds.length === 0) return new Map();
    const rows = this.db
      .prepare(
        `SELECT ref_id, user_id FROM ex_bills WHERE env = ? AND user_id > ? AND user_id < ? AND ref_id IN (${refIds.map(() => "?").join(",")})`,
      )
      .all(env, `${userId}#`, `${userId}$`, ...refIds) as Array<{ ref_id: string; user_id: string }>;
    return new Map(rows.map((r) => [r.ref_id, r.user_id]));
  }
}
