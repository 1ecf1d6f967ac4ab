/**
 * Durable storage of the engine's state. Changes queue and are written in one SQLite transaction
 * per event-loop turn (group commit); callers are answered only after their change committed,
 * so a kill -9 loses nothing that was acknowledged.
 */
import type { Statement } from "better-sqlite3";
import { exactRows, type ColumnType } from "../db/columns.ts";
import type { Db } from "../db/database.ts";
import { unlinked } from "./engine/order.ts";
import { PLATFORM_COIN } from "../../protocol/fee-deduction.ts";
import { instrument } from "./instruments.ts";
import type { Balance, Bill, Change, Env, Order, Placed } from "./engine/types.ts";
import { userSides } from "./engine/types.ts";
import { SeenFilter } from "./seen-filter.ts";

interface Waiter {
  resolve(): void;
  reject(err: unknown): void;
}

export class Store {
  private queue: Change[] = [];
  private waiters: Waiter[] = [];
  private scheduled = false;
  private readonly upsertOrder: Statement;
  private readonly setDeductFee: Statement;
  private readonly insertFill: Statement;
  private readonly upsertBalance: Statement;
  private readonly insertBill: Statement;
  /** Told of every change once it is durable (private streams publish from here). */
  readonly committed = new Set<(ch: Change) => void>();
  /**
   * Told of every change inside its own transaction, just before it is written: a listener may add
   * writes to `ch.extra` that become durable with it (spot copy jobs, docs/decisions/360).
   */
  readonly committing = new Set<(ch: Change) => void>();
  /** Where a change kept with `keep` goes when it cannot be written (the gateway points it at its log). */
  reportError: (err: unknown) => void = (err) => console.error("exchange store: a kept change was not written", err);

  private readonly byId: Statement;
  private readonly byClientOid: Statement;
  private readonly byOwnIdAsOid: Statement;
  /**
   * Every (env, user, clientOid) given by a caller that this store has written or found stored, as a Bloom filter: a key it
   * rules out was never written, so the duplicate check skips its SQLite read (docs/decisions/355,
   * round 3). Sound because this store is the only writer of `ex_orders`; built on first use.
   */
  private oids: SeenFilter | undefined;

  constructor(readonly db: Db) {
    this.byId = db.prepare("SELECT * FROM ex_orders WHERE order_id = ? AND env = ? AND user_id = ?").safeIntegers(true);
    // the partial index's own condition lets SQLite use it: only a clientOid the caller gave is indexed
    this.byClientOid = db
      .prepare(`SELECT * FROM ex_orders WHERE env = ? AND user_id = ? AND client_oid = ? AND ${GIVEN_OID}`)
      .safeIntegers(true);
    // an order placed without a clientOid has its own id as one
    this.byOwnIdAsOid = db
      .prepare("SELECT * FROM ex_orders WHERE order_id = ? AND env = ? AND user_id = ? AND client_oid = order_id")
      .safeIntegers(true);
    this.upsertOrder = db.prepare(`INSERT INTO ex_orders (order_id, seq, env, user_id, symbol, side, order_type, force, stp_mode,
        price, size, quote_size, filled, filled_quote, fee, frozen, status, client_oid, c_time, u_time, cancel_reason, source)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT(order_id) DO UPDATE SET filled = excluded.filled, filled_quote = excluded.filled_quote, fee = excluded.fee,
        frozen = excluded.frozen, status = excluded.status, u_time = excluded.u_time, cancel_reason = excluded.cancel_reason`);
    this.setDeductFee = db.prepare("UPDATE ex_orders SET deduct_fee = ? WHERE order_id = ?");
    this.insertFill = db.prepare(`INSERT OR IGNORE INTO ex_fills (trade_id, scope, env, user_id, order_id, symbol, side, order_type,
        price, size, amount, fee, fee_coin, ts, deduct) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.upsertBalance = db.prepare(`INSERT INTO ex_balances (env, user_id, coin, available, frozen, u_time) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT(env, user_id, coin) DO UPDATE SET available = excluded.available, frozen = excluded.frozen, u_time = excluded.u_time`);
    this.insertBill =
      db.prepare(`INSERT INTO ex_bills (bill_id, seq, env, user_id, coin, group_type, business_type, size, balance, fees, ref_id, c_time)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  }

  /** Queues a change; resolves once it is durable. */
  commit(ch: Change): Promise<void> {
    if (ch.orders.length === 0 && ch.bills.length === 0 && ch.balances.length === 0 && ch.fills.length === 0 && ch.extra.length === 0)
      return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.queue.push(ch);
      this.waiters.push({ resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /**
   * Commits a change nobody waits for (what was done before a refusal, such as a new account's funding):
   * a failure to write it is reported, never an unhandled rejection.
   */
  keep(ch: Change): void {
    this.commit(ch).catch((err: unknown) => this.reportError(err));
  }

  /** Writes everything queued in one transaction. */
  flush(): void {
    this.scheduled = false;
    const queue = this.queue;
    const waiters = this.waiters;
    this.queue = [];
    this.waiters = [];
    if (queue.length === 0) return;
    try {
      if (!this.db.open) throw new Error("The exchange store is closed; the change was not written");
      this.db.transaction(() => {
        for (const ch of queue) {
          for (const l of this.committing) l(ch);
          this.write(ch);
        }
      })();
      for (const w of waiters) w.resolve();
    } catch (err) {
      for (const w of waiters) w.reject(err);
      return;
    }
    for (const l of this.committed) for (const ch of queue) l(ch);
  }

  /** Writes one change now (the caller owns the transaction). */
  write(ch: Change): void {
    // A change may list the same order or balance many times; each is written once, with its final values.
    for (const o of new Set(ch.orders)) {
      if (o.house) continue;
      // before the row, so no reader can find the row and miss the key; a rollback leaves a harmless extra key
      if (o.clientOid !== "" && o.clientOid !== o.id && this.oids) this.oids.add(oidKey(o.env, o.userId, o.clientOid));
      this.upsertOrder.run(orderParams(o));
      if (o.deductFee > 0n) this.setDeductFee.run(o.deductFee, o.id);
    }
    for (const f of ch.fills) {
      const inst = instrument(f.symbol);
      if (!inst) continue;
      for (const { order: o, scope, fee, deduct } of userSides(f)) {
        const amount = f.quote;
        const feeCoin = deduct ? PLATFORM_COIN : o.side === "buy" ? inst.baseCoin : inst.quoteCoin;
        this.insertFill.run(
          f.tradeId,
          scope,
          f.env,
          o.userId,
          o.id,
          f.symbol,
          o.side,
          o.type,
          f.price,
          f.size,
          amount,
          fee,
          feeCoin,
          f.ts,
          deduct ? 1 : 0,
        );
      }
    }
    for (const b of new Set(ch.balances)) this.upsertBalance.run(b.env, b.userId, b.coin, b.available, b.frozen, b.uTime);
    for (const b of ch.bills) {
      this.insertBill.run(String(b.id), b.id, b.env, b.userId, b.coin, b.group, b.business, b.size, b.balance, b.fees, b.refId, b.ts);
    }
    for (const f of ch.extra) f();
  }

  loadBalances(): Balance[] {
    return exactRows(this.db, "SELECT env, user_id, coin, available, frozen, u_time FROM ex_balances").map((r) => ({
      env: r.env as Env,
      userId: r.user_id as string,
      coin: r.coin as string,
      available: r.available as bigint,
      frozen: r.frozen as bigint,
      uTime: Number(r.u_time),
    }));
  }

  /** Open orders in time priority. */
  loadOpenOrders(): Order[] {
    return exactRows(this.db, "SELECT * FROM ex_orders WHERE status IN ('live', 'partially_filled') ORDER BY seq").map(rowToOrder);
  }

  findOrder(env: Env, userId: string, by: { orderId?: string; clientOid?: string }): Order | undefined {
    const row = by.orderId
      ? this.byId.get(by.orderId, env, userId)
      : by.clientOid
        ? (this.byClientOid.get(env, userId, by.clientOid) ?? this.byOwnIdAsOid.get(by.clientOid, env, userId))
        : undefined;
    return row ? rowToOrder(row as Record<string, unknown>) : undefined;
  }

  /**
   * Whether a stored order of the user has this clientOid: answered from memory when the filter
   * rules it out, else by the unique index (the same read as `findOrder`).
   */
  hasClientOid(env: Env, userId: string, clientOid: string): boolean {
    if (clientOid === "") return false;
    // the id of one of the user's orders placed without a clientOid (ids are digits only; the primary key answers)
    if (ALL_DIGITS.test(clientOid) && this.byOwnIdAsOid.get(clientOid, env, userId) !== undefined) return true;
    if (!this.oidFilter().mayHave(oidKey(env, userId, clientOid))) return false;
    return this.byClientOid.get(env, userId, clientOid) !== undefined;
  }

  /**
   * The filter, built from the given-clientOid index the first time (one scan, at start: `load`),
   * sized for twice the keys found; it grows by itself from then on, without reading them again.
   */
  oidFilter(): SeenFilter {
    if (this.oids) return this.oids;
    const rows = this.db
      .prepare(`SELECT env, user_id, client_oid FROM ex_orders WHERE ${GIVEN_OID}`)
      .raw(true)
      .iterate() as IterableIterator<[string, string, string]>;
    const keys: string[] = [];
    for (const [env, user, oid] of rows) keys.push(oidKey(env, user, oid));
    const filter = new SeenFilter(Math.max(1 << 16, keys.length * 2));
    for (const k of keys) filter.add(k);
    this.oids = filter;
    return filter;
  }

  maxSeq(): number {
    const a = this.db.prepare("SELECT max(seq) AS m FROM ex_orders").get() as { m: number | null };
    const b = this.db.prepare("SELECT max(seq) AS m FROM ex_bills").get() as { m: number | null };
    return Math.max(a.m ?? 0, b.m ?? 0);
  }

  /** When this exchange's history begins: fixed the first time it starts. */
  genesis(): number {
    const saved = this.meta("genesis");
    if (saved !== undefined) return Number(saved);
    const now = Date.now();
    this.setMeta("genesis", String(now));
    return now;
  }

  /** A value of the exchange's own bookkeeping (`ex_meta`): the genesis, the simulator's state. */
  meta(key: string): string | undefined {
    return (this.db.prepare("SELECT value FROM ex_meta WHERE key = ?").get(key) as { value: string } | undefined)?.value;
  }

  setMeta(key: string, value: string): void {
    this.db.prepare("INSERT INTO ex_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(key, value);
  }

  /** Users who switched fee deduction in the platform coin on (docs/decisions/353). */
  loadFeeDeduct(): string[] {
    return (this.db.prepare("SELECT user_id FROM ex_fee_deduct WHERE deduct = 1").all() as Array<{ user_id: string }>).map(
      (r) => r.user_id,
    );
  }

  setFeeDeduct(userId: string, on: boolean, at: number): void {
    this.db
      .prepare(
        "INSERT INTO ex_fee_deduct (user_id, deduct, updated_at) VALUES (?, ?, ?) ON CONFLICT(user_id) DO UPDATE SET deduct = excluded.deduct, updated_at = excluded.updated_at",
      )
      .run(userId, on ? 1 : 0, at);
  }

  /** Funded accounts and their VIP tiers. */
  loadAccounts(): Array<{ env: string; user_id: string; vip: number }> {
    return this.db.prepare("SELECT env, user_id, vip FROM ex_accounts").all() as Array<{ env: string; user_id: string; vip: number }>;
  }

  addAccount(env: Env, userId: string, at: number): void {
    this.db.prepare("INSERT OR IGNORE INTO ex_accounts (env, user_id, vip, funded_at) VALUES (?, ?, 0, ?)").run(env, userId, at);
  }

  setVip(env: Env, userId: string, vip: number, at: number): void {
    this.db
      .prepare(
        "INSERT INTO ex_accounts (env, user_id, vip, funded_at) VALUES (?, ?, ?, ?) ON CONFLICT(env, user_id) DO UPDATE SET vip = excluded.vip",
      )
      .run(env, userId, vip, at);
  }

  /** Operator credits not applied yet (see cli/credit.ts), oldest first. */
  pendingDeposits(): Array<{ id: bigint; env: string; user_id: string; coin: string; amount: bigint }> {
    return this.db
      .prepare("SELECT id, env, user_id, coin, amount FROM ex_deposits WHERE applied_at IS NULL ORDER BY id LIMIT 100")
      .safeIntegers(true)
      .all() as Array<{ id: bigint; env: string; user_id: string; coin: string; amount: bigint }>;
  }

  markDeposit(id: bigint, at: number): void {
    this.db.prepare("UPDATE ex_deposits SET applied_at = ? WHERE id = ?").run(at, id);
  }

  /** Filled and cancelled orders of a user, newest first. */
  orderHistory(q: {
    env: Env;
    user: string;
    symbol: string | null;
    before: number;
    start: number;
    end: number;
    orderId: string | null;
    limit: number;
  }): Order[] {
    return exactRows(
      this.db,
      `SELECT * FROM ex_orders WHERE env = @env AND user_id = @user AND status IN ('filled', 'cancelled')
    AND (@symbol IS NULL OR symbol = @symbol) AND seq < @before AND c_time >= @start AND c_time <= @end AND (@orderId IS NULL OR order_id = @orderId)
    ORDER BY seq DESC LIMIT @limit`,
      q,
    ).map(rowToOrder);
  }

  /** A user's fills of one symbol, newest first (rows as stored, with their order's `source`; amounts as bigint). */
  fills(q: {
    env: Env;
    user: string;
    symbol: string;
    orderId: string | null;
    start: number;
    end: number;
    before: string;
    limit: number;
  }): Array<Record<string, unknown>> {
    return exactRows(
      this.db,
      `SELECT f.*, (SELECT o.source FROM ex_orders o WHERE o.order_id = f.order_id) AS source FROM ex_fills f
    WHERE f.env = @env AND f.user_id = @user AND f.symbol = @symbol
    AND (@orderId IS NULL OR f.order_id = @orderId) AND f.ts >= @start AND f.ts <= @end AND f.trade_id < @before
    ORDER BY f.trade_id DESC LIMIT @limit`,
      q,
    );
  }

  /** A user's bills, newest first. */
  bills(q: {
    env: Env;
    user: string;
    coin: string | null;
    group: string | null;
    business: string | null;
    start: number;
    end: number;
    before: number;
    limit: number;
  }): Bill[] {
    return exactRows(
      this.db,
      `SELECT * FROM ex_bills WHERE env = @env AND user_id = @user AND (@coin IS NULL OR coin = @coin)
    AND (@group IS NULL OR group_type = @group) AND (@business IS NULL OR business_type = @business)
    AND c_time >= @start AND c_time <= @end AND seq < @before ORDER BY seq DESC LIMIT @limit`,
      q,
    ).map((r) => ({
      id: Number(r.seq),
      env: q.env,
      userId: q.user,
      coin: r.coin as string,
      group: r.group_type as Bill["group"],
      business: r.business_type as Bill["business"],
      size: r.size as bigint,
      balance: r.balance as bigint,
      fees: r.fees as bigint,
      refId: r.ref_id as string,
      ts: Number(r.c_time),
    }));
  }
}

/** The condition of `ex_orders_given_oid`: a clientOid the caller gave (migration 154). */
const GIVEN_OID = "client_oid <> '' AND client_oid <> order_id";
const ALL_DIGITS = /^[0-9]+$/;

/** The key of an order's clientOid, as the engine spells it (`Engine.clientOidKey`). */
const oidKey = (env: string, userId: string, clientOid: string) => `${env}:${userId}:${clientOid}`;

/**
 * An order's values for `ex_orders`, in the column order of the upsert. Positional: binding is
 * measurably cheaper than named parameters on this hot path.
 */
export function orderParams(o: Order) {
  return [
    o.id,
    o.seq,
    o.env,
    o.userId,
    o.symbol,
    o.side,
    o.type,
    o.force,
    o.stp,
    o.price,
    o.size,
    o.quoteSize,
    o.filled,
    o.filledQuote,
    o.fee,
    o.frozen,
    o.status,
    o.clientOid,
    o.cTime,
    o.uTime,
    o.cancelReason,
    o.source,
  ];
}

/** The columns of what an order and a plan order share (`Placed`), first in each of their tables. */
export const PLACED_COLUMNS = {
  id: "TEXT",
  seq: "INTEGER",
  env: "TEXT",
  userId: "TEXT",
  symbol: "TEXT",
  side: "TEXT",
} as const satisfies Record<keyof Placed, ColumnType>;

export function rowToOrder(r: Record<string, unknown>): Order {
  return {
    id: r.order_id as string,
    seq: Number(r.seq),
    env: r.env as Env,
    userId: r.user_id as string,
    symbol: r.symbol as string,
    side: r.side as Order["side"],
    type: r.order_type as Order["type"],
    force: r.force as Order["force"],
    stp: r.stp_mode as Order["stp"],
    price: Number(r.price),
    size: Number(r.size),
    quoteSize: BigInt(r.quote_size as bigint),
    filled: Number(r.filled),
    filledQuote: BigInt(r.filled_quote as bigint),
    fee: BigInt(r.fee as bigint),
    deductFee: BigInt((r.deduct_fee as bigint | undefined) ?? 0n),
    frozen: BigInt(r.frozen as bigint),
    status: r.status as Order["status"],
    clientOid: r.client_oid as string,
    cTime: Number(r.c_time),
    uTime: Number(r.u_time),
    cancelReason: r.cancel_reason as string,
    house: false,
    source: r.source as string,
    ...unlinked(),
  };
}
