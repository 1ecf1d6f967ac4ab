import { migrate, type Db } from "../db/database.ts";
import type { Migration } from "../db/migrations.ts";

/**
 * The exchange's tables (versions 100-199). Amounts are INTEGER ledger units (1e-8 of a coin),
 * prices ticks and sizes lots of the order's instrument: never REAL.
 */
export const EXCHANGE_MIGRATIONS: Migration[] = [
  {
    version: 100,
    name: "exchange-core",
    sql: `
      CREATE TABLE ex_orders (
        order_id      TEXT PRIMARY KEY,
        seq           INTEGER NOT NULL,
        env           TEXT NOT NULL,
        user_id       TEXT NOT NULL,
        symbol        TEXT NOT NULL,
        side          TEXT NOT NULL,
        order_type    TEXT NOT NULL,
        force         TEXT NOT NULL,
        stp_mode      TEXT NOT NULL,
        price         INTEGER NOT NULL,
        size          INTEGER NOT NULL,
        quote_size    INTEGER NOT NULL,
        filled        INTEGER NOT NULL,
        filled_quote  INTEGER NOT NULL,
        fee           INTEGER NOT NULL,
        frozen        INTEGER NOT NULL,
        status        TEXT NOT NULL,
        client_oid    TEXT NOT NULL,
        c_time        INTEGER NOT NULL,
        u_time        INTEGER NOT NULL,
        cancel_reason TEXT NOT NULL,
        source        TEXT NOT NULL
      );
      CREATE UNIQUE INDEX ex_orders_client_oid ON ex_orders(env, user_id, client_oid) WHERE client_oid <> '';
      CREATE INDEX ex_orders_open ON ex_orders(seq) WHERE status IN ('live', 'partially_filled');
      CREATE INDEX ex_orders_user ON ex_orders(env, user_id, seq);

      CREATE TABLE ex_fills (
        trade_id   TEXT NOT NULL,
        scope      TEXT NOT NULL,
        env        TEXT NOT NULL,
        user_id    TEXT NOT NULL,
        order_id   TEXT NOT NULL,
        symbol     TEXT NOT NULL,
        side       TEXT NOT NULL,
        order_type TEXT NOT NULL,
        price      INTEGER NOT NULL,
        size       INTEGER NOT NULL,
        amount     INTEGER NOT NULL,
        fee        INTEGER NOT NULL,
        fee_coin   TEXT NOT NULL,
        ts         INTEGER NOT NULL,
        PRIMARY KEY (trade_id, scope)
      ) WITHOUT ROWID;
      CREATE INDEX ex_fills_user ON ex_fills(env, user_id, trade_id);

      CREATE TABLE ex_balances (
        env       TEXT NOT NULL,
        user_id   TEXT NOT NULL,
        coin      TEXT NOT NULL,
        available INTEGER NOT NULL,
        frozen    INTEGER NOT NULL,
        u_time    INTEGER NOT NULL,
        PRIMARY KEY (env, user_id, coin)
      ) WITHOUT ROWID;

      CREATE TABLE ex_bills (
        bill_id       TEXT PRIMARY KEY,
        seq           INTEGER NOT NULL,
        env           TEXT NOT NULL,
        user_id       TEXT NOT NULL,
        coin          TEXT NOT NULL,
        group_type    TEXT NOT NULL,
        business_type TEXT NOT NULL,
        size          INTEGER NOT NULL,
        balance       INTEGER NOT NULL,
        fees          INTEGER NOT NULL,
        ref_id        TEXT NOT NULL,
        c_time        INTEGER NOT NULL
      );
      CREATE INDEX ex_bills_user ON ex_bills(env, user_id, seq);

      -- which accounts got their welcome / demo funds, and their VIP tier
      CREATE TABLE ex_accounts (
        env       TEXT NOT NULL,
        user_id   TEXT NOT NULL,
        vip       INTEGER NOT NULL DEFAULT 0,
        funded_at INTEGER NOT NULL,
        PRIMARY KEY (env, user_id)
      ) WITHOUT ROWID;

      -- operator credits, applied by the running gateway (or at its next start)
      CREATE TABLE ex_deposits (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        env        TEXT NOT NULL,
        user_id    TEXT NOT NULL,
        coin       TEXT NOT NULL,
        amount     INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        applied_at INTEGER
      );
      CREATE INDEX ex_deposits_pending ON ex_deposits(id) WHERE applied_at IS NULL;

      -- 1-minute candles of the live market built from trades (older history is synthetic)
      CREATE TABLE ex_candles (
        symbol    TEXT NOT NULL,
        ts        INTEGER NOT NULL,
        open      INTEGER NOT NULL,
        high      INTEGER NOT NULL,
        low       INTEGER NOT NULL,
        close     INTEGER NOT NULL,
        base_vol  INTEGER NOT NULL,
        quote_vol INTEGER NOT NULL,
        PRIMARY KEY (symbol, ts)
      ) WITHOUT ROWID;

      CREATE TABLE ex_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

      -- Bitget-style API keys; the accounts module creates them from the web client
      CREATE TABLE api_keys (
        api_key         TEXT PRIMARY KEY,
        user_id         TEXT NOT NULL,
        secret          TEXT NOT NULL,
        passphrase_salt TEXT NOT NULL,
        passphrase_hash TEXT NOT NULL,
        permissions     TEXT NOT NULL DEFAULT 'read,trade',
        ip_allow        TEXT NOT NULL DEFAULT '',
        label           TEXT NOT NULL DEFAULT '',
        created_at      INTEGER NOT NULL,
        revoked_at      INTEGER
      );
      CREATE INDEX api_keys_user ON api_keys(user_id);
    `,
  },
  {
    version: 101,
    name: "exchange-plan-orders",
    sql: `
      -- trigger (plan) orders and spot TP/SL, outside the book until they trigger
      CREATE TABLE ex_plans (
        plan_id        TEXT PRIMARY KEY,
        seq            INTEGER NOT NULL,
        env            TEXT NOT NULL,
        user_id        TEXT NOT NULL,
        symbol         TEXT NOT NULL,
        side           TEXT NOT NULL,
        order_type     TEXT NOT NULL,
        trigger_price  INTEGER NOT NULL,
        execute_price  INTEGER NOT NULL,
        size           TEXT NOT NULL,
        plan_type      TEXT NOT NULL,
        trigger_type   TEXT NOT NULL,
        direction      TEXT NOT NULL,
        tpsl_type      TEXT NOT NULL,
        client_oid     TEXT NOT NULL,
        parent_id      TEXT NOT NULL DEFAULT '',
        oco_id         TEXT NOT NULL DEFAULT '',
        status         TEXT NOT NULL,
        order_id       TEXT NOT NULL DEFAULT '',
        fail_reason    TEXT NOT NULL DEFAULT '',
        source         TEXT NOT NULL,
        c_time         INTEGER NOT NULL,
        u_time         INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX ex_plans_client_oid ON ex_plans(env, user_id, client_oid) WHERE client_oid <> '';
      CREATE INDEX ex_plans_live ON ex_plans(seq) WHERE status IN ('live', 'not_trigger', 'pending');
      CREATE INDEX ex_plans_user ON ex_plans(env, user_id, seq);
    `,
  },
  {
    version: 102,
    name: "exchange-transfer-client-oids",
    sql: `
      -- the clientOid of a wallet transfer, written in the transfer's own commit (docs/decisions/330)
      -- (transfer ids come from each area's own counter: unique per user and environment, not globally)
      CREATE TABLE ex_transfer_oids (
        env         TEXT NOT NULL,
        user_id     TEXT NOT NULL,
        transfer_id TEXT NOT NULL,
        client_oid  TEXT NOT NULL,
        created_at  INTEGER NOT NULL,
        PRIMARY KEY (env, user_id, transfer_id),
        UNIQUE (env, user_id, client_oid)
      );
    `,
  },
  {
    version: 153,
    name: "exchange-platform-coin-fees",
    sql: `
      -- who pays trading fees in the platform coin (docs/decisions/353): one switch per user, both environments
      CREATE TABLE ex_fee_deduct (
        user_id    TEXT PRIMARY KEY,
        deduct     INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      -- what an order paid in the platform coin (its fee column stays the fee in the coin it received)
      ALTER TABLE ex_orders ADD COLUMN deduct_fee INTEGER NOT NULL DEFAULT 0;
      -- a fill's fee paid in the platform coin (fee_coin alone cannot say so: a BGBUSDT buy pays BGB either way)
      ALTER TABLE ex_fills ADD COLUMN deduct INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 154,
    name: "exchange-given-client-oids",
    sql: `
      -- only a clientOid the caller gave is indexed (docs/decisions/355, round 3): an order without one
      -- takes its own id as clientOid, unique already by the primary key, and no longer writes a leaf
      -- of this per-user index; the exchange looks such a clientOid up by the order id
      DROP INDEX ex_orders_client_oid;
      CREATE UNIQUE INDEX ex_orders_given_oid ON ex_orders(env, user_id, client_oid) WHERE client_oid <> '' AND client_oid <> order_id;
    `,
  },
];

/** Applies the exchange's migrations (idempotent): the gateway opens its database before modules install. */
export function migrateExchange(db: Db): void {
  migrate(db, EXCHANGE_MIGRATIONS);
}
