/**
 * The copy-trading area's tables and nothing else (docs/decisions/356): lead traders, follows,
 * copy tracks (a lead's own and each follower's, one per position side) and the record of every
 * copy placed or refused. A track and a placed copy's record are written in the same transaction
 * as the follower's order (through the futures change), a refusal on its own.
 */
import type { Statement } from "better-sqlite3";
import { rowCodec } from "../db/columns.ts";
import type { Db } from "../db/database.ts";
import type { Migration } from "../db/migrations.ts";
import type { Env } from "../exchange/engine/types.ts";
import { CopyTables, type BaseFollowRow, type BaseRecordRow, type BaseTrackRow, type PageQuery } from "./store-base.ts";

export const COPY_MIGRATIONS: Migration[] = [
  {
    version: 3560,
    name: "copy trading: leads, follows, tracks and copy records",
    sql: `
      CREATE TABLE copy_leads (
        env               TEXT NOT NULL,
        user_id           TEXT NOT NULL,
        profit_share_ppm  INTEGER NOT NULL,
        created_at        INTEGER NOT NULL,
        PRIMARY KEY (env, user_id)
      );
      CREATE TABLE copy_follows (
        id           INTEGER PRIMARY KEY,
        env          TEXT NOT NULL,
        follower_id  TEXT NOT NULL,
        lead_id      TEXT NOT NULL,
        settings     TEXT NOT NULL,
        loss_limit   INTEGER NOT NULL,
        net          INTEGER NOT NULL,
        status       TEXT NOT NULL,
        stop_reason  TEXT NOT NULL,
        created_at   INTEGER NOT NULL,
        updated_at   INTEGER NOT NULL
      );
      CREATE INDEX copy_follows_follower ON copy_follows (env, follower_id, status);
      CREATE TABLE copy_tracks (
        id              INTEGER PRIMARY KEY,
        env             TEXT NOT NULL,
        role            TEXT NOT NULL,
        follow_id       INTEGER NOT NULL,
        user_id         TEXT NOT NULL,
        lead_id         TEXT NOT NULL,
        symbol          TEXT NOT NULL,
        hold_side       TEXT NOT NULL,
        size            INTEGER NOT NULL,
        opened_size     INTEGER NOT NULL,
        open_value      INTEGER NOT NULL,
        cost            INTEGER NOT NULL,
        closed_size     INTEGER NOT NULL,
        close_value     INTEGER NOT NULL,
        open_fee        INTEGER NOT NULL,
        close_fee       INTEGER NOT NULL,
        realised        INTEGER NOT NULL,
        shared          INTEGER NOT NULL,
        leverage        INTEGER NOT NULL,
        open_order_id   TEXT NOT NULL,
        close_order_id  TEXT NOT NULL,
        open_time       INTEGER NOT NULL,
        close_time      INTEGER NOT NULL,
        status          TEXT NOT NULL
      );
      CREATE INDEX copy_tracks_user ON copy_tracks (env, user_id, role, status, id);
      CREATE TABLE copy_records (
        id             INTEGER PRIMARY KEY,
        env            TEXT NOT NULL,
        follow_id      INTEGER NOT NULL,
        follower_id    TEXT NOT NULL,
        lead_id        TEXT NOT NULL,
        lead_order_id  TEXT NOT NULL,
        symbol         TEXT NOT NULL,
        hold_side      TEXT NOT NULL,
        action         TEXT NOT NULL,
        size           INTEGER NOT NULL,
        order_id       TEXT NOT NULL,
        status         TEXT NOT NULL,
        code           TEXT NOT NULL,
        reason         TEXT NOT NULL,
        ts             INTEGER NOT NULL
      );
      CREATE INDEX copy_records_follower ON copy_records (env, follower_id, id);
    `,
  },
  {
    version: 3561,
    name: "copy trading: copy jobs written with the lead's fill, deleted with its copies",
    sql: `
      CREATE TABLE copy_jobs (
        id   INTEGER PRIMARY KEY,
        job  TEXT NOT NULL
      );
    `,
  },
  {
    version: 3580,
    name: "copy statements: a lead's copies by lead (its profit share per copy)",
    sql: `CREATE INDEX copy_tracks_lead ON copy_tracks (env, lead_id, role, id);`,
  },
];

export type { JobRow, LeadRow, PageQuery } from "./store-base.ts";

export interface FollowRow extends BaseFollowRow {
  /** Ledger units; 0: none. */
  lossLimit: bigint;
  /** `net`: the realised result of the closed copies, PnL less fees and the profit share paid. */
  status: "active" | "stopped" | "cancelled";
  stopReason: string;
}

/** A lead's own position side, or a follower's copy of it. */
export interface TrackRow extends BaseTrackRow {
  holdSide: "long" | "short";
  /** Lots still held by this track. */
  size: number;
  openedSize: number;
  /** Entry value of everything opened (ledger units); `cost`: the entry value of what is still held. */
  openValue: bigint;
  closedSize: number;
  closeValue: bigint;
  openFee: bigint;
  closeFee: bigint;
  leverage: number;
  openOrderId: string;
  closeOrderId: string;
}

export interface CopyRecord extends BaseRecordRow {
  holdSide: string;
  action: "open" | "close";
}

// each codec in the table's column order: the copied fill writes these rows many to a statement, by position (docs/decisions/358)
const FOLLOW = rowCodec<FollowRow>({
  id: "INTEGER",
  env: "TEXT",
  followerId: "TEXT",
  leadId: "TEXT",
  settings: "TEXT",
  lossLimit: "BIGINT",
  net: "BIGINT",
  status: "TEXT",
  stopReason: "TEXT",
  createdAt: "INTEGER",
  updatedAt: "INTEGER",
});
const TRACK = rowCodec<TrackRow>({
  id: "INTEGER",
  env: "TEXT",
  role: "TEXT",
  followId: "INTEGER",
  userId: "TEXT",
  leadId: "TEXT",
  symbol: "TEXT",
  holdSide: "TEXT",
  size: "INTEGER",
  openedSize: "INTEGER",
  openValue: "BIGINT",
  cost: "BIGINT",
  closedSize: "INTEGER",
  closeValue: "BIGINT",
  openFee: "BIGINT",
  closeFee: "BIGINT",
  realised: "BIGINT",
  shared: "BIGINT",
  leverage: "INTEGER",
  openOrderId: "TEXT",
  closeOrderId: "TEXT",
  openTime: "INTEGER",
  closeTime: "INTEGER",
  status: "TEXT",
});
const RECORD = rowCodec<CopyRecord>({
  id: "INTEGER",
  env: "TEXT",
  followId: "INTEGER",
  followerId: "TEXT",
  leadId: "TEXT",
  leadOrderId: "TEXT",
  symbol: "TEXT",
  holdSide: "TEXT",
  action: "TEXT",
  size: "INTEGER",
  orderId: "TEXT",
  status: "TEXT",
  code: "TEXT",
  reason: "TEXT",
  ts: "INTEGER",
});

/**
 * A page of closed tracks for a statement (docs/decisions/358): the user's own (`by: "user"`) or,
 * for a lead, its followers' copies (`by: "lead"`); closed within [start, end], of one pair and one
 * trader when named, and (`paid`) only those that paid a profit share. Filters are in SQL, so a page is
 * full unless it is the last.
 */
export interface TrackHistoryQuery extends PageQuery {
  by: "user" | "lead";
  role: TrackRow["role"];
  statuses: TrackRow["status"][];
  start: number;
  end: number;
  symbol?: string;
  leadId?: string;
  paid?: boolean;
}

/** Futures copy trading's tables (`copy_*`), and the statement pages' reads. */
export class CopyStore extends CopyTables<FollowRow, TrackRow, CopyRecord> {
  /** The statement pages' queries, by their SQL (a few filter combinations), prepared once each. */
  private readonly historyPages = new Map<string, Statement>();

  constructor(db: Db) {
    super(db, "copy", { follow: FOLLOW, track: TRACK, record: RECORD });
  }

  trackHistory(q: TrackHistoryQuery): TrackRow[] {
    const where = [q.by === "lead" ? "env = ? AND lead_id = ?" : "env = ? AND user_id = ?", "role = ?"];
    const args: unknown[] = [q.env, q.userId, q.role];
    where.push("status IN (SELECT value FROM json_each(?))", "close_time BETWEEN ? AND ?", "id < ?");
    args.push(JSON.stringify(q.statuses), q.start, q.end, q.before);
    if (q.symbol !== undefined) {
      where.push("symbol = ?");
      args.push(q.symbol);
    }
    if (q.leadId !== undefined) {
      where.push("lead_id = ?");
      args.push(q.leadId);
    }
    if (q.paid) where.push("shared > 0");
    const sql = `SELECT * FROM copy_tracks WHERE ${where.join(" AND ")} ORDER BY id DESC LIMIT ?`;
    let st = this.historyPages.get(sql);
    if (!st) this.historyPages.set(sql, (st = this.db.prepare(sql).safeIntegers(true)));
    return (st.all(...args, q.limit) as Array<Record<string, unknown>>).map((r) => TRACK.fromRow(r));
  }
}

// ---- public profiles (docs/decisions/357) ---------------------------------------------------------

export const COPY_PROFILE_MIGRATIONS: Migration[] = [
  {
    version: 3570,
    name: "copy trading: a lead's public profile settings (position visibility)",
    sql: `
      CREATE TABLE copy_lead_settings (
        env                  TEXT NOT NULL,
        user_id              TEXT NOT NULL,
        position_visibility  TEXT NOT NULL,
        updated_at           INTEGER NOT NULL,
        PRIMARY KEY (env, user_id)
      );
      CREATE INDEX copy_tracks_lead_closed ON copy_tracks (env, role, status, close_time);
    `,
  },
];

/** What the public statistics read of a closed lead track. */
export interface ClosedLeadTrack {
  userId: string;
  closeTime: number;
  realised: bigint;
  openFee: bigint;
  closeFee: bigint;
  openValue: bigint;
  leverage: number;
}

const CLOSED = rowCodec<ClosedLeadTrack>({
  userId: "TEXT",
  closeTime: "INTEGER",
  realised: "BIGINT",
  openFee: "BIGINT",
  closeFee: "BIGINT",
  openValue: "BIGINT",
  leverage: "INTEGER",
});

/** The reads of the public lead pages, and the lead's visibility setting. */
export class CopyProfileStore {
  private readonly closedSince: Statement;
  private readonly closedOfSince: Statement;
  private readonly aumByLead: Statement;
  private readonly visibilityOf: Statement;
  private readonly saveVisibility: Statement;

  constructor(db: Db) {
    const cols = "user_id, close_time, realised, open_fee, close_fee, open_value, leverage";
    this.closedSince = db
      .prepare(`SELECT ${cols} FROM copy_tracks WHERE env = ? AND role = 'lead' AND status = 'closed' AND close_time > ?`)
      .safeIntegers(true);
    this.closedOfSince = db
      .prepare(`SELECT ${cols} FROM copy_tracks WHERE env = ? AND role = 'lead' AND status = 'closed' AND close_time > ? AND user_id = ?`)
      .safeIntegers(true);
    // assets under copy: the margin of the followers' open copies (entry value still held / leverage)
    this.aumByLead = db
      .prepare(
        `SELECT lead_id AS leadId, SUM(CASE WHEN leverage > 0 THEN cost / leverage ELSE cost END) AS aum
         FROM copy_tracks WHERE env = ? AND role = 'follow' AND status = 'open' GROUP BY lead_id`,
      )
      .safeIntegers(true);
    this.visibilityOf = db.prepare("SELECT position_visibility AS v FROM copy_lead_settings WHERE env = ? AND user_id = ?");
    this.saveVisibility = db.prepare(
      `INSERT INTO copy_lead_settings (env, user_id, position_visibility, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (env, user_id) DO UPDATE SET position_visibility = excluded.position_visibility, updated_at = excluded.updated_at`,
    );
  }

  /** Every lead's tracks closed after `since` (ms), or one lead's. */
  closedLeadTracks(env: Env, since: number, userId?: string): ClosedLeadTrack[] {
    const rows = (userId === undefined ? this.closedSince.all(env, since) : this.closedOfSince.all(env, since, userId)) as Array<
      Record<string, unknown>
    >;
    return rows.map((r) => CLOSED.fromRow(r));
  }

  /** Assets under copy by lead (ledger units). */
  assetsUnderCopy(env: Env): Map<string, bigint> {
    const rows = this.aumByLead.all(env) as Array<{ leadId: string; aum: bigint | null }>;
    return new Map(rows.map((r) => [r.leadId, BigInt(r.aum ?? 0n)]));
  }

  positionVisibility(env: Env, userId: string): string | undefined {
    return (this.visibilityOf.get(env, userId) as { v: string } | undefined)?.v;
  }

  setPositionVisibility(env: Env, userId: string, v: string, ts: number): void {
    this.saveVisibility.run(env, userId, v, ts);
  }
}

// ---- lead display names (docs/decisions/363) ------------------------------------------------------

export const LEAD_NAME_MIGRATIONS: Migration[] = [
  {
    version: 3630,
    name: "copy trading: one display name per lead, unique by its folded key",
    sql: `
      CREATE TABLE copy_lead_names (
        user_id     TEXT PRIMARY KEY,
        name        TEXT NOT NULL,
        name_key    TEXT NOT NULL UNIQUE,
        updated_at  INTEGER NOT NULL
      );
    `,
  },
];

/** A lead's display name as stored: its spelling and its folded key (unique). */
export interface LeadNameRow {
  userId: string;
  name: string;
  nameKey: string;
  updatedAt: number;
}

const LEAD_NAME = rowCodec<LeadNameRow>({ userId: "TEXT", name: "TEXT", nameKey: "TEXT", updatedAt: "INTEGER" });

/** The leads' display names, one per user across the products and environments. */
export class LeadNameStore {
  private readonly all: Statement;
  private readonly save: Statement;

  constructor(db: Db) {
    this.all = db.prepare("SELECT * FROM copy_lead_names");
    this.save = db.prepare(
      `${LEAD_NAME.insert("copy_lead_names")} ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, name_key = excluded.name_key,
       updated_at = excluded.updated_at`,
    );
  }

  names(): LeadNameRow[] {
    return (this.all.all() as Array<Record<string, unknown>>).map((r) => LEAD_NAME.fromRow(r));
  }

  /** Writes the user's name; a key another user holds fails on the unique index (the service checks first). */
  saveName(r: LeadNameRow): void {
    this.save.run(r);
  }
}
