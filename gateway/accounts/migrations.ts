import type { Migration } from "../db/migrations.ts";

export const ACCOUNT_MIGRATIONS: Migration[] = [
  {
    version: 500,
    name: "accounts",
    sql: `
      CREATE TABLE users (
        id                  TEXT PRIMARY KEY,
        login_name          TEXT NOT NULL,
        email               TEXT UNIQUE,
        area_code           TEXT,
        mobile              TEXT,
        pwd_hash            TEXT NOT NULL,
        nick_name           TEXT NOT NULL DEFAULT '',
        anti_phishing_code  TEXT NOT NULL DEFAULT '',
        google_secret       TEXT,
        email_enabled       INTEGER NOT NULL DEFAULT 0,
        mobile_enabled      INTEGER NOT NULL DEFAULT 0,
        google_enabled      INTEGER NOT NULL DEFAULT 0,
        fund_pwd_hash       TEXT,
        identity_level      INTEGER NOT NULL DEFAULT 0,
        vip_level           INTEGER NOT NULL DEFAULT 0,
        frozen              INTEGER NOT NULL DEFAULT 0,
        one_web_session     INTEGER NOT NULL DEFAULT 0,
        parent_id           TEXT REFERENCES users (id),
        user_type           INTEGER NOT NULL DEFAULT 0,
        created_at          INTEGER NOT NULL,
        updated_at          INTEGER NOT NULL,
        UNIQUE (area_code, mobile)
      );
      CREATE INDEX users_parent ON users (parent_id);

      CREATE TABLE verify_codes (
        id         INTEGER PRIMARY KEY,
        target     TEXT NOT NULL,
        scene      TEXT NOT NULL,
        channel    TEXT NOT NULL,
        code_hash  TEXT NOT NULL,
        attempts   INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at    INTEGER
      );
      CREATE INDEX verify_codes_target ON verify_codes (target, scene, created_at);

      CREATE TABLE sessions (
        id            TEXT PRIMARY KEY,
        token_hash    TEXT NOT NULL UNIQUE,
        refresh_hash  TEXT NOT NULL UNIQUE,
        user_id       TEXT NOT NULL REFERENCES users (id),
        device_id     TEXT NOT NULL DEFAULT '',
        ip            TEXT NOT NULL DEFAULT '',
        user_agent    TEXT NOT NULL DEFAULT '',
        created_at    INTEGER NOT NULL,
        last_seen_at  INTEGER NOT NULL,
        expires_at    INTEGER NOT NULL,
        refresh_expires_at INTEGER NOT NULL,
        ended_at      INTEGER,
        end_reason    TEXT
      );
      CREATE INDEX sessions_user ON sessions (user_id, ended_at);

      CREATE TABLE login_history (
        id         INTEGER PRIMARY KEY,
        user_id    TEXT NOT NULL,
        at         INTEGER NOT NULL,
        ip         TEXT NOT NULL,
        user_agent TEXT NOT NULL,
        device_id  TEXT NOT NULL,
        result     TEXT NOT NULL
      );
      CREATE INDEX login_history_user ON login_history (user_id, at);
    `,
  },
  {
    version: 501,
    name: "pending logins",
    sql: `
      CREATE TABLE pending_logins (
        token_hash TEXT PRIMARY KEY,
        user_id    TEXT NOT NULL REFERENCES users (id),
        channels   TEXT NOT NULL,
        public_key TEXT NOT NULL,
        algorithm  TEXT NOT NULL,
        device_id  TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at    INTEGER
      );
    `,
  },
  {
    version: 502,
    name: "login steps, agency accounts",
    sql: `
      ALTER TABLE users ADD COLUMN agency INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE pending_logins ADD COLUMN step TEXT NOT NULL DEFAULT 'device';
      ALTER TABLE pending_logins ADD COLUMN next_steps TEXT NOT NULL DEFAULT '';
      ALTER TABLE pending_logins ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX login_history_ip ON login_history (user_id, ip, result);
    `,
  },
  {
    version: 510,
    name: "dead refresh tokens, TOTP guard",
    sql: `
      ALTER TABLE sessions ADD COLUMN refresh_revoked INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE totp_guard (
        user_id      TEXT PRIMARY KEY REFERENCES users (id),
        last_step    INTEGER NOT NULL DEFAULT 0,
        failures     INTEGER NOT NULL DEFAULT 0,
        locked_until INTEGER NOT NULL DEFAULT 0
      );
    `,
  },
  {
    version: 520,
    name: "a login carries its device proof to the session it ends in",
    sql: `ALTER TABLE pending_logins ADD COLUMN device_proof TEXT;`,
  },
  {
    version: 537,
    name: "fund password: trade mode, withdrawal hold after a reset, wrong-password guard, trade proofs",
    sql: `
      ALTER TABLE users ADD COLUMN fund_trade_mode TEXT NOT NULL DEFAULT 'never';
      ALTER TABLE users ADD COLUMN fund_hold_until INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE fund_guard (
        user_id      TEXT PRIMARY KEY REFERENCES users (id),
        failures     INTEGER NOT NULL DEFAULT 0,
        locked_until INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE fund_trade_proofs (
        session_id TEXT PRIMARY KEY,
        user_id    TEXT NOT NULL REFERENCES users (id),
        until      INTEGER NOT NULL,
        once       INTEGER NOT NULL
      );
    `,
  },
];
