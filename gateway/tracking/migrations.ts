import type { Migration } from "../db/migrations.ts";

/** Tracking's own tables (versions 700–719 are this module's). */
export const TRACKING_MIGRATIONS: Migration[] = [
  {
    version: 700,
    name: "tracking events",
    sql: `
      CREATE TABLE tracking_events (
        id                INTEGER PRIMARY KEY,
        page_unique_id    TEXT NOT NULL,
        seq               INTEGER NOT NULL,
        log_seq           INTEGER NOT NULL,
        type              INTEGER NOT NULL,
        page_status       INTEGER,
        event_tracking    TEXT NOT NULL,
        event_tracking_id TEXT NOT NULL,
        device_id         TEXT NOT NULL,
        session_id        TEXT NOT NULL,
        uid               TEXT NOT NULL,
        url               TEXT NOT NULL,
        event_time        INTEGER NOT NULL,
        received_at       INTEGER NOT NULL,
        client_ip         TEXT NOT NULL,
        pfb               TEXT NOT NULL,
        body              TEXT NOT NULL,
        UNIQUE (page_unique_id, seq)
      );
      CREATE INDEX tracking_events_device ON tracking_events (device_id, id);
    `,
  },
  {
    version: 701,
    name: "csp reports",
    sql: `
      CREATE TABLE csp_reports (
        id           INTEGER PRIMARY KEY,
        received_at  INTEGER NOT NULL,
        client_ip    TEXT NOT NULL,
        kind         TEXT NOT NULL,
        document_uri TEXT NOT NULL,
        directive    TEXT NOT NULL,
        blocked_uri  TEXT NOT NULL,
        body         TEXT NOT NULL
      );
    `,
  },
];
