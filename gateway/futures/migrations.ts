/** Tables of the futures area (docs/decisions/310); versions 3100+ are the futures area's. */
import type { Migration } from "../db/migrations.ts";

const candleTable = (name: string) => `CREATE TABLE ${name} (
    symbol    TEXT NOT NULL,
    ts        INTEGER NOT NULL,
    open      INTEGER NOT NULL,
    high      INTEGER NOT NULL,
    low       INTEGER NOT NULL,
    close     INTEGER NOT NULL,
    base_vol  INTEGER NOT NULL,
    quote_vol INTEGER NOT NULL,
    PRIMARY KEY (symbol, ts)
  );`;

export const FUTURES_MIGRATIONS: Migration[] = [
  {
    version: 3100,
    name: "futures market: candles, mark candles, funding history",
    sql: `
      ${candleTable("fx_candles")}
      ${candleTable("fx_mark_candles")}
      CREATE TABLE fx_funding (
        env          TEXT NOT NULL,
        symbol       TEXT NOT NULL,
        funding_time INTEGER NOT NULL,
        rate_ppm     INTEGER NOT NULL,
        PRIMARY KEY (env, symbol, funding_time)
      );
      CREATE TABLE fx_meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
];

FUTURES_MIGRATIONS.push({
  version: 3101,
  name: "futures ledger: accounts, settings, positions and their history, orders, fills, bills",
  sql: `
    CREATE TABLE fx_accounts (
      env      TEXT NOT NULL,
      user_id  TEXT NOT NULL,
      balance  INTEGER NOT NULL,
      frozen   INTEGER NOT NULL,
      pos_mode TEXT NOT NULL,
      u_time   INTEGER NOT NULL,
      PRIMARY KEY (env, user_id)
    );
    CREATE TABLE fx_settings (
      env         TEXT NOT NULL,
      user_id     TEXT NOT NULL,
      symbol      TEXT NOT NULL,
      margin_mode TEXT NOT NULL,
      long_lever  INTEGER NOT NULL,
      short_lever INTEGER NOT NULL,
      cross_lever INTEGER NOT NULL,
      PRIMARY KEY (env, user_id, symbol)
    );
    CREATE TABLE fx_positions (
      env          TEXT NOT NULL,
      user_id      TEXT NOT NULL,
      symbol       TEXT NOT NULL,
      hold_side    TEXT NOT NULL,
      position_id  TEXT NOT NULL,
      size         INTEGER NOT NULL,
      cost         INTEGER NOT NULL,
      margin       INTEGER NOT NULL,
      margin_mode  TEXT NOT NULL,
      leverage     INTEGER NOT NULL,
      realised     INTEGER NOT NULL,
      fees         INTEGER NOT NULL,
      funding      INTEGER NOT NULL,
      opened_size  INTEGER NOT NULL,
      opened_cost  INTEGER NOT NULL,
      closed_size  INTEGER NOT NULL,
      closed_value INTEGER NOT NULL,
      c_time       INTEGER NOT NULL,
      u_time       INTEGER NOT NULL,
      PRIMARY KEY (env, user_id, symbol, hold_side)
    );
    CREATE TABLE fx_position_history (
      position_id  TEXT PRIMARY KEY,
      env          TEXT NOT NULL,
      user_id      TEXT NOT NULL,
      symbol       TEXT NOT NULL,
      hold_side    TEXT NOT NULL,
      margin_mode  TEXT NOT NULL,
      opened_size  INTEGER NOT NULL,
      opened_cost  INTEGER NOT NULL,
      closed_size  INTEGER NOT NULL,
      closed_value INTEGER NOT NULL,
      realised     INTEGER NOT NULL,
      fees         INTEGER NOT NULL,
      funding      INTEGER NOT NULL,
      c_time       INTEGER NOT NULL,
      u_time       INTEGER NOT NULL
    );
    CREATE INDEX fx_position_history_user ON fx_position_history (env, user_id, u_time);
    CREATE TABLE fx_orders (
      order_id      TEXT PRIMARY KEY,
      seq           INTEGER NOT NULL,
      env           TEXT NOT NULL,
      user_id       TEXT NOT NULL,
      symbol        TEXT NOT NULL,
      side          TEXT NOT NULL,
      trade_side    TEXT NOT NULL,
      pos_side      TEXT NOT NULL,
      pos_mode      TEXT NOT NULL,
      order_type    TEXT NOT NULL,
      force         TEXT NOT NULL,
      price         INTEGER NOT NULL,
      size          INTEGER NOT NULL,
      filled        INTEGER NOT NULL,
      filled_quote  INTEGER NOT NULL,
      fee           INTEGER NOT NULL,
      margin        INTEGER NOT NULL,
      profit        INTEGER NOT NULL,
      reduce_only   INTEGER NOT NULL,
      leverage      INTEGER NOT NULL,
      margin_mode   TEXT NOT NULL,
      status        TEXT NOT NULL,
      client_oid    TEXT NOT NULL,
      c_time        INTEGER NOT NULL,
      u_time        INTEGER NOT NULL,
      cancel_reason TEXT NOT NULL,
      source        TEXT NOT NULL
    );
    CREATE UNIQUE INDEX fx_orders_client_oid ON fx_orders (env, user_id, client_oid) WHERE client_oid <> '';
    CREATE INDEX fx_orders_user ON fx_orders (env, user_id, c_time);
    CREATE TABLE fx_fills (
      trade_id   TEXT NOT NULL,
      order_id   TEXT NOT NULL,
      env        TEXT NOT NULL,
      user_id    TEXT NOT NULL,
      symbol     TEXT NOT NULL,
      side       TEXT NOT NULL,
      trade_side TEXT NOT NULL,
      pos_side   TEXT NOT NULL,
      price      INTEGER NOT NULL,
      size       INTEGER NOT NULL,
      quote      INTEGER NOT NULL,
      fee        INTEGER NOT NULL,
      profit     INTEGER NOT NULL,
      scope      TEXT NOT NULL,
      ts         INTEGER NOT NULL,
      PRIMARY KEY (trade_id, order_id)
    );
    CREATE INDEX fx_fills_user ON fx_fills (env, user_id, ts);
    CREATE TABLE fx_bills (
      bill_id       INTEGER PRIMARY KEY,
      env           TEXT NOT NULL,
      user_id       TEXT NOT NULL,
      symbol        TEXT NOT NULL,
      coin          TEXT NOT NULL,
      business_type TEXT NOT NULL,
      amount        INTEGER NOT NULL,
      fee           INTEGER NOT NULL,
      balance       INTEGER NOT NULL,
      ts            INTEGER NOT NULL
    );
    CREATE INDEX fx_bills_user ON fx_bills (env, user_id, bill_id);
  `,
});

FUTURES_MIGRATIONS.push({
  version: 3102,
  name: "futures plan (trigger) and TP/SL orders",
  sql: `
    CREATE TABLE fx_plans (
      plan_id       TEXT PRIMARY KEY,
      seq           INTEGER NOT NULL,
      env           TEXT NOT NULL,
      user_id       TEXT NOT NULL,
      symbol        TEXT NOT NULL,
      plan_type     TEXT NOT NULL,
      trigger_type  TEXT NOT NULL,
      trigger_price INTEGER NOT NULL,
      execute_price INTEGER NOT NULL,
      order_type    TEXT NOT NULL,
      side          TEXT NOT NULL,
      trade_side    TEXT NOT NULL,
      hold_side     TEXT NOT NULL,
      reduce_only   INTEGER NOT NULL,
      size          INTEGER NOT NULL,
      margin_mode   TEXT NOT NULL,
      pos_mode      TEXT NOT NULL,
      client_oid    TEXT NOT NULL,
      direction     TEXT NOT NULL,
      status        TEXT NOT NULL,
      parent_id     TEXT NOT NULL,
      preset_tp     INTEGER NOT NULL,
      preset_sl     INTEGER NOT NULL,
      order_id      TEXT NOT NULL,
      fail_reason   TEXT NOT NULL,
      source        TEXT NOT NULL,
      trigger_time  INTEGER NOT NULL,
      c_time        INTEGER NOT NULL,
      u_time        INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX fx_plans_client_oid ON fx_plans (env, user_id, client_oid);
    CREATE INDEX fx_plans_active ON fx_plans (seq) WHERE status IN ('live', 'pending');
    CREATE INDEX fx_plans_user ON fx_plans (env, user_id, seq);
  `,
});

FUTURES_MIGRATIONS.push({
  version: 3103,
  name: "futures trailing plans (track_plan, moving_plan): callback ratio and the extreme price tracked since activation",
  sql: `
    ALTER TABLE fx_plans ADD COLUMN callback_ppm INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE fx_plans ADD COLUMN track_extreme INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX fx_plans_parent ON fx_plans (parent_id);
  `,
});

FUTURES_MIGRATIONS.push({
  version: 3104,
  name: "futures opening: the accounts that accepted the agreement and passed the quiz (docs/decisions/351)",
  sql: `
    CREATE TABLE fx_openings (
      user_id   TEXT PRIMARY KEY,
      agreement TEXT NOT NULL,
      opened_at INTEGER NOT NULL
    ) WITHOUT ROWID;
    -- Accounts that already traded live futures before the opening step existed count as opened.
    INSERT OR IGNORE INTO fx_openings (user_id, agreement, opened_at)
      SELECT user_id, 'before-opening', MIN(c_time) FROM (
        SELECT user_id, c_time FROM fx_orders WHERE env = 'live'
        UNION ALL SELECT user_id, c_time FROM fx_plans WHERE env = 'live'
      ) GROUP BY user_id;
  `,
});
