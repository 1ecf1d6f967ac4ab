/** The futures area's SQL (docs/decisions/310, 312): funding history, the ledger, orders, fills and bills. */
import type { Statement } from "better-sqlite3";
import { exactRows, rowCodec } from "../db/columns.ts";
import type { Db } from "../db/database.ts";
import { ManyRows } from "../db/many-rows.ts";
import type { MarginMode } from "../../protocol/mix.ts";
import { unlinked } from "../exchange/engine/order.ts";
import { PLACED_COLUMNS } from "../exchange/store.ts";
import type { Env } from "../exchange/engine/types.ts";
import type { FxAccount, FxBill, FxChange, FxOrder, FxSettings, Position } from "./ledger.ts";

export interface FundingRow {
  symbol: string;
  fundingTime: number;
  ratePpm: number;
}

export class FuturesStore {
  private readonly insertFunding: Statement;
  private readonly fundingPage: Statement;
  private readonly lastFunding: Statement;
  /** The write path's statements, prepared once each (a change writes many rows). */
  private readonly statements = new Map<string, Statement>();
  private readonly fillRows: ManyRows;
  private readonly billRows: ManyRows;
  private readonly orderRows: ManyRows;
  private readonly accountRows: ManyRows;
  private readonly positionRows: ManyRows;

  constructor(readonly db: Db) {
    this.fillRows = new ManyRows(
      db,
      "INSERT OR IGNORE INTO fx_fills (trade_id, order_id, env, user_id, symbol, side, trade_side, pos_side, price, size, quote, fee, profit, scope, ts)",
      15,
    );
    this.billRows = new ManyRows(
      db,
      "INSERT INTO fx_bills (bill_id, env, user_id, symbol, coin, business_type, amount, fee, balance, ts)",
      10,
    );
    this.orderRows = new ManyRows(db, ORDER_HEAD, ORDER_ROW.fields.length, ORDER_TAIL);
    this.accountRows = new ManyRows(
      db,
      "INSERT INTO fx_accounts (env, user_id, balance, frozen, pos_mode, u_time)",
      6,
      "ON CONFLICT(env, user_id) DO UPDATE SET balance = excluded.balance, frozen = excluded.frozen, pos_mode = excluded.pos_mode, u_time = excluded.u_time",
    );
    this.positionRows = new ManyRows(
      db,
      `INSERT INTO fx_positions (env, user_id, symbol, hold_side, position_id, size, cost, margin, margin_mode, leverage, realised, fees, funding,
           opened_size, opened_cost, closed_size, closed_value, c_time, u_time)`,
      19,
      `ON CONFLICT(env, user_id, symbol, hold_side) DO UPDATE SET position_id = excluded.position_id, size = excluded.size, cost = excluded.cost,
           margin = excluded.margin, margin_mode = excluded.margin_mode, leverage = excluded.leverage, realised = excluded.realised, fees = excluded.fees,
           funding = excluded.funding, opened_size = excluded.opened_size, opened_cost = excluded.opened_cost, closed_size = excluded.closed_size,
           closed_value = excluded.closed_value, c_time = excluded.c_time, u_time = excluded.u_time`,
    );
    this.insertFunding = db.prepare("INSERT OR IGNORE INTO fx_funding (env, symbol, funding_time, rate_ppm) VALUES (?, ?, ?, ?)");
    this.fundingPage = db.prepare(
      "SELECT symbol, funding_time, rate_ppm FROM fx_funding WHERE env = ? AND symbol = ? ORDER BY funding_time DESC LIMIT ? OFFSET ?",
    );
    this.lastFunding = db.prepare("SELECT max(funding_time) AS t FROM fx_funding WHERE env = ? AND symbol = ?");
  }

  /** Records a settled funding rate; a second record of the same time is ignored (restarts). */
  addFunding(env: Env, symbol: string, fundingTime: number, ratePpm: number): void {
    this.insertFunding.run(env, symbol, fundingTime, ratePpm);
  }

  /** Newest first, Bitget's page numbering (1-based). */
  funding(env: Env, symbol: string, pageSize: number, pageNo: number): FundingRow[] {
    const rows = this.fundingPage.all(env, symbol, pageSize, (pageNo - 1) * pageSize) as Array<{
      symbol: string;
      funding_time: number;
      rate_ppm: number;
    }>;
    return rows.map((r) => ({ symbol: r.symbol, fundingTime: r.funding_time, ratePpm: r.rate_ppm }));
  }

  lastFundingTime(env: Env, symbol: string): number | undefined {
    return (this.lastFunding.get(env, symbol) as { t: number | null }).t ?? undefined;
  }

  /** `sql` prepared once (`safe`: integers read as bigint, for the rows that carry money). */
  private statement(sql: string, safe = false): Statement {
    const key = safe ? `safe:${sql}` : sql;
    let st = this.statements.get(key);
    if (!st) this.statements.set(key, (st = safe ? this.db.prepare(sql).safeIntegers(true) : this.db.prepare(sql)));
    return st;
  }

  /** Writes one change (the caller owns the transaction). */
  write(ch: FxChange): void {
    // accounts and positions: upserts, many rows a statement (docs/decisions/358)
    const accounts = [...ch.accounts];
    if (accounts.length > 0)
      this.accountRows.run(accounts.length, (args, i) => {
        const a = accounts[i]!;
        args.push(a.env, a.userId, a.balance, a.frozen, a.posMode, a.uTime);
      });
    const kept: Position[] = [];
    for (const p of ch.positions) {
      if (p.size !== 0) kept.push(p);
      else
        this.statement("DELETE FROM fx_positions WHERE env = ? AND user_id = ? AND symbol = ? AND hold_side = ?").run(
          p.env,
          p.userId,
          p.symbol,
          p.holdSide,
        );
    }
    if (kept.length > 0)
      this.positionRows.run(kept.length, (args, i) => {
        const p = kept[i]!;
        args.push(
          p.env,
          p.userId,
          p.symbol,
          p.holdSide,
          p.id,
          p.size,
          p.cost,
          p.margin,
          p.marginMode,
          p.leverage,
          p.realised,
          p.fees,
          p.funding,
          p.openedSize,
          p.openedCost,
          p.closedSize,
          p.closedValue,
          p.cTime,
          p.uTime,
        );
      });
    for (const p of ch.closed) {
      this.statement(
        `INSERT OR REPLACE INTO fx_position_history (position_id, env, user_id, symbol, hold_side, margin_mode, opened_size, opened_cost, closed_size,
           closed_value, realised, fees, funding, c_time, u_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        p.id,
        p.env,
        p.userId,
        p.symbol,
        p.holdSide,
        p.marginMode,
        p.openedSize,
        p.openedCost,
        p.closedSize,
        p.closedValue,
        p.realised,
        p.fees,
        p.funding,
        p.cTime,
        p.uTime,
      );
    }
    const orders: FxOrder[] = [];
    for (const o of ch.orders) if (!o.house) orders.push(o);
    if (orders.length > 0)
      this.orderRows.run(orders.length, (args, i) => {
        const o = orders[i]!;
        // SQLite binds no booleans: reduceOnly goes as 0 or 1
        for (const f of ORDER_ROW.fields) args.push(f === "reduceOnly" ? (o.reduceOnly ? 1 : 0) : o[f]);
      });
    // fills and bills are plain inserts, many to a change when a lead fill is copied to every follower:
    // written BATCH rows to a statement (docs/decisions/358), one VM run instead of BATCH
    const fills = ch.fills;
    if (fills.length > 0)
      this.fillRows.run(fills.length, (args, i) => {
        const f = fills[i]!;
        const o = f.order;
        args.push(
          f.tradeId,
          o.id,
          o.env,
          o.userId,
          o.symbol,
          o.side,
          o.tradeSide,
          o.posSide,
          f.price,
          f.size,
          f.quote,
          f.fee,
          f.profit,
          f.scope,
          f.ts,
        );
      });
    const bills = ch.bills;
    if (bills.length > 0)
      this.billRows.run(bills.length, (args, i) => {
        const b = bills[i]!;
        args.push(b.id, b.env, b.userId, b.symbol, "USDT", b.business, b.amount, b.fee, b.balance, b.ts);
      });
    for (const f of ch.extra) f();
  }

  loadAccounts(): FxAccount[] {
    return exactRows(this.db, "SELECT * FROM fx_accounts").map((r) => ACCOUNT_ROW.fromRow(r));
  }

  loadSettings(): Array<{ env: Env; userId: string; symbol: string; s: FxSettings }> {
    const rows = this.db.prepare("SELECT * FROM fx_settings").all() as Array<Record<string, unknown>>;
    return rows.map((r) => ({
      env: r.env as Env,
      userId: r.user_id as string,
      symbol: r.symbol as string,
      s: {
        marginMode: r.margin_mode as MarginMode,
        longLever: Number(r.long_lever),
        shortLever: Number(r.short_lever),
        crossLever: Number(r.cross_lever),
      },
    }));
  }

  saveSettings(env: Env, userId: string, symbol: string, s: FxSettings): void {
    this.db
      .prepare(
        `INSERT INTO fx_settings (env, user_id, symbol, margin_mode, long_lever, short_lever, cross_lever) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(env, user_id, symbol) DO UPDATE SET margin_mode = excluded.margin_mode, long_lever = excluded.long_lever,
           short_lever = excluded.short_lever, cross_lever = excluded.cross_lever`,
      )
      .run(env, userId, symbol, s.marginMode, s.longLever, s.shortLever, s.crossLever);
  }

  loadPositions(): Position[] {
    return exactRows(this.db, "SELECT * FROM fx_positions").map((r) => POSITION_ROW.fromRow(r));
  }

  /** Open orders in time priority, to rest again in the books. */
  loadOpenOrders(): FxOrder[] {
    return exactRows(this.db, "SELECT * FROM fx_orders WHERE status IN ('live', 'partially_filled') ORDER BY seq").map(rowToFxOrder);
  }

  orders(q: HistoryQuery & { orderId?: string; clientOid?: string; before: number; open?: boolean }): FxOrder[] {
    const w = accountWindow(
      q,
      "c_time",
      ["seq < ?", q.before],
      [
        ["order_id = ?", q.orderId],
        ["client_oid = ? AND client_oid <> ''", q.clientOid],
      ],
    );
    const status = q.open ? "status IN ('live', 'partially_filled')" : "status IN ('filled', 'cancelled')";
    return exactRows(this.db, `SELECT * FROM fx_orders WHERE ${w.sql} AND ${status} ORDER BY seq DESC LIMIT ?`, ...w.args, q.limit).map(
      rowToFxOrder,
    );
  }

  findOrder(env: Env, userId: string, by: { orderId?: string; clientOid?: string }): FxOrder | undefined {
    // prepared once each (every order with a clientOid looks here first: a copy fill asks once per follower)
    const row = by.orderId
      ? this.statement("SELECT * FROM fx_orders WHERE order_id = ? AND env = ? AND user_id = ?", true).get(by.orderId, env, userId)
      : this.statement("SELECT * FROM fx_orders WHERE env = ? AND user_id = ? AND client_oid = ? AND client_oid <> ''", true).get(
          env,
          userId,
          by.clientOid ?? "",
        );
    return row ? rowToFxOrder(row as Record<string, unknown>) : undefined;
  }

  fills(q: HistoryQuery & { orderId?: string; before: string }) {
    const w = accountWindow(q, "ts", ["CAST(trade_id AS INTEGER) < CAST(? AS INTEGER)", q.before], [["order_id = ?", q.orderId]]);
    // the fill's position mode and source (a copy's fill is marked as its order is) are its order's
    return exactRows(
      this.db,
      `SELECT f.*, (SELECT pos_mode FROM fx_orders o WHERE o.order_id = f.order_id) AS pos_mode,
        (SELECT source FROM fx_orders o WHERE o.order_id = f.order_id) AS source FROM fx_fills f
        WHERE ${w.sql} ORDER BY ts DESC, trade_id DESC LIMIT ?`,
      ...w.args,
      q.limit,
    );
  }

  bills(q: HistoryQuery & { business?: string; before: number }): FxBill[] {
    const w = accountWindow(q, "ts", ["bill_id < ?", q.before], [["business_type = ?", q.business]]);
    return exactRows(this.db, `SELECT * FROM fx_bills WHERE ${w.sql} ORDER BY bill_id DESC LIMIT ?`, ...w.args, q.limit).map((r) =>
      BILL_ROW.fromRow(r),
    );
  }

  /**
   * Closed positions, newest close first; `before` (Bitget's `idLessThan`, the `endId` of the page
   * before) continues after that position of the caller's, in the same order. An id that is not
   * one of theirs continues after nothing: an empty page (docs/decisions/712).
   */
  positionHistory(q: HistoryQuery & { before?: string }) {
    // the cursor's row is looked up among the caller's own (the outer row's env and user)
    const page: Clause | undefined =
      q.before === undefined
        ? undefined
        : [
            `(u_time, position_id) < (SELECT c.u_time, c.position_id FROM fx_position_history c
               WHERE c.position_id = ? AND c.env = fx_position_history.env AND c.user_id = fx_position_history.user_id)`,
            q.before,
          ];
    const w = accountWindow(q, "u_time", page, []);
    return exactRows(
      this.db,
      `SELECT * FROM fx_position_history WHERE ${w.sql} ORDER BY u_time DESC, position_id DESC LIMIT ?`,
      ...w.args,
      q.limit,
    );
  }

  maxSeq(): number {
    const a = this.db.prepare("SELECT max(seq) AS m FROM fx_orders").get() as { m: number | null };
    const b = this.db.prepare("SELECT max(bill_id) AS m FROM fx_bills").get() as { m: number | null };
    const c = this.db.prepare("SELECT max(seq) AS m FROM fx_plans").get() as { m: number | null };
    return Math.max(a.m ?? 0, b.m ?? 0, c.m ?? 0);
  }

  meta(key: string): string | undefined {
    return (this.db.prepare("SELECT value FROM fx_meta WHERE key = ?").get(key) as { value: string } | undefined)?.value;
  }

  setMeta(key: string, value: string): void {
    this.db.prepare("INSERT INTO fx_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(key, value);
  }
}

const ACCOUNT_ROW = rowCodec<FxAccount>({
  env: "TEXT",
  userId: "TEXT",
  balance: "BIGINT",
  frozen: "BIGINT",
  posMode: "TEXT",
  uTime: "INTEGER",
});

const POSITION_ROW = rowCodec<Position>(
  {
    id: "TEXT",
    env: "TEXT",
    userId: "TEXT",
    symbol: "TEXT",
    holdSide: "TEXT",
    size: "INTEGER",
    cost: "BIGINT",
    margin: "BIGINT",
    marginMode: "TEXT",
    leverage: "INTEGER",
    realised: "BIGINT",
    fees: "BIGINT",
    funding: "BIGINT",
    openedSize: "INTEGER",
    openedCost: "BIGINT",
    closedSize: "INTEGER",
    closedValue: "BIGINT",
    cTime: "INTEGER",
    uTime: "INTEGER",
  },
  { id: "position_id" },
);

/**
 * The columns of `fx_orders`: the engine order's fields less those a futures order does not keep
 * (self-trade mode, market-buy budget, frozen quote, engine links), plus the futures ones.
 */
const ORDER_COLUMNS = {
  ...PLACED_COLUMNS,
  type: "TEXT",
  force: "TEXT",
  price: "INTEGER",
  size: "INTEGER",
  filled: "INTEGER",
  filledQuote: "BIGINT",
  fee: "BIGINT",
  status: "TEXT",
  clientOid: "TEXT",
  cTime: "INTEGER",
  uTime: "INTEGER",
  cancelReason: "TEXT",
  source: "TEXT",
  tradeSide: "TEXT",
  posSide: "TEXT",
  reduceOnly: "INTEGER",
  posMode: "TEXT",
  leverage: "INTEGER",
  marginMode: "TEXT",
  margin: "BIGINT",
  profit: "BIGINT",
} as const;

/** A futures order as `fx_orders` keeps it: `reduce_only` is 0 or 1. */
type FxOrderRow = Omit<Pick<FxOrder, keyof typeof ORDER_COLUMNS>, "reduceOnly"> & { reduceOnly: number };

const ORDER_ROW = rowCodec<FxOrderRow>(ORDER_COLUMNS, { id: "order_id", type: "order_type" });

/** The order write: every column from the codec, in `ORDER_ROW.fields` order (bound by position, many rows a statement); a known order updates only what a fill or a cancel changes. */
const ORDER_HEAD = `INSERT INTO fx_orders (${ORDER_ROW.fields.map((f) => ORDER_ROW.column(f)).join(", ")})`;
const ORDER_TAIL = `ON CONFLICT(order_id) DO UPDATE SET filled = excluded.filled, filled_quote = excluded.filled_quote, fee = excluded.fee, margin = excluded.margin,
    profit = excluded.profit, status = excluded.status, u_time = excluded.u_time, cancel_reason = excluded.cancel_reason`;

/**
 * A stored futures order as the engine holds it. Read back orders never had the placed orders'
 * object shape (that is `newOrder`'s literal plus the futures fields, docs/decisions/306), so the
 * codec's reading is spread here rather than written out field by field.
 */
function rowToFxOrder(r: Record<string, unknown>): FxOrder {
  const row = ORDER_ROW.fromRow(r);
  // futures fees are never paid in the platform coin (docs/decisions/353)
  return {
    ...row,
    stp: "cancel_taker",
    quoteSize: 0n,
    frozen: 0n,
    deductFee: 0n,
    house: false,
    reduceOnly: row.reduceOnly === 1,
    ...unlinked(),
  };
}

const BILL_ROW = rowCodec<FxBill>(
  {
    id: "INTEGER",
    env: "TEXT",
    userId: "TEXT",
    symbol: "TEXT",
    business: "TEXT",
    amount: "BIGINT",
    fee: "BIGINT",
    balance: "BIGINT",
    ts: "INTEGER",
  },
  { id: "bill_id", business: "business_type" },
);

/** What every history query takes: one account's rows, a time window, a page size and, optionally, one contract. */
interface HistoryQuery {
  env: Env;
  userId: string;
  symbol?: string;
  start: number;
  end: number;
  limit: number;
}

type Clause = [sql: string, arg: unknown];

/**
 * The WHERE of a history query: one account's rows between `start` and `end` on `timeColumn`, before
 * the page cursor (`page`), narrowed by the symbol and each optional clause whose value is given (an
 * empty string counts as absent, as Bitget's clients send it).
 */
function accountWindow(
  q: HistoryQuery,
  timeColumn: string,
  page: Clause | undefined,
  optional: Clause[],
): { sql: string; args: unknown[] } {
  const clauses: Clause[] = [
    ["env = ?", q.env],
    ["user_id = ?", q.userId],
    [`${timeColumn} >= ?`, q.start],
    [`${timeColumn} <= ?`, q.end],
    ...(page ? [page] : []),
    ...[["symbol = ?", q.symbol] as Clause, ...optional].filter(([, v]) => v !== undefined && v !== ""),
  ];
  return { sql: clauses.map(([c]) => c).join(" AND "), args: clauses.map(([, v]) => v) };
}
