import type { Migration } from "../db/migrations.ts";

/**
 * The events area's tables (versions 800–819 are this module's). Money is INTEGER ledger units
 * of USDT (1e-8), returns parts per million: never REAL (docs/decisions/300, 800).
 */
export const EVENT_MIGRATIONS: Migration[] = [
  {
    version: 800,
    name: "events",
    sql: `
      CREATE TABLE events (
        id         INTEGER PRIMARY KEY,
        slug       TEXT NOT NULL UNIQUE,
        kind       TEXT NOT NULL,
        starts_at  INTEGER NOT NULL,
        ends_at    INTEGER NOT NULL,
        image      TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        -- set once the final standings are written; nothing about them changes afterwards
        final_at   INTEGER
      );

      CREATE TABLE event_texts (
        event_id   INTEGER NOT NULL REFERENCES events(id),
        locale     TEXT NOT NULL,
        title      TEXT NOT NULL,
        summary    TEXT NOT NULL,
        rules_html TEXT NOT NULL,
        PRIMARY KEY (event_id, locale)
      ) WITHOUT ROWID;

      CREATE TABLE event_participants (
        event_id     INTEGER NOT NULL REFERENCES events(id),
        user_id      TEXT NOT NULL,
        name         TEXT NOT NULL,
        enrolled_at  INTEGER NOT NULL,
        start_equity INTEGER NOT NULL,
        PRIMARY KEY (event_id, user_id)
      ) WITHOUT ROWID;

      -- the frozen standings of an ended competition, one row per participant
      CREATE TABLE event_results (
        event_id     INTEGER NOT NULL REFERENCES events(id),
        user_id      TEXT NOT NULL,
        rank_pnl     INTEGER NOT NULL,
        rank_return  INTEGER NOT NULL,
        equity       INTEGER NOT NULL,
        pnl          INTEGER NOT NULL,
        return_ppm   INTEGER NOT NULL,
        disqualified INTEGER NOT NULL,
        PRIMARY KEY (event_id, user_id)
      ) WITHOUT ROWID;

      -- operator signatures already used, kept past the freshness window so none is accepted twice
      CREATE TABLE event_operator_signatures (
        sign       TEXT PRIMARY KEY,
        expires_at INTEGER NOT NULL
      ) WITHOUT ROWID;
    `,
  },
];
