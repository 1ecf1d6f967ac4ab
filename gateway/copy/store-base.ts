/**
 * The tables every copy-trading product has, and nothing but their SQL (docs/decisions/361): leads,
 * follows, tracks (copied positions or holdings), the record of every copy placed or refused, and
 * the copy jobs written with a lead's fill and deleted with its copies. Futures copy trading names
 * them `copy_*` (docs/decisions/356), spot `copy_spot_*` (docs/decisions/360); each product's store
 * adds its own reads.
 */
import type { Statement } from "better-sqlite3";
import { rowCodec, type ColumnType, type RowCodec } from "../db/columns.ts";
import type { Db } from "../db/database.ts";
import { ManyRows } from "../db/many-rows.ts";
import type { Env } from "../exchange/engine/types.ts";

/** A queued copy job as stored: its id and the job itself as JSON. */
export interface JobRow {
  id: number;
  job: string;
}

/** A lead trader of one product in one environment. */
export interface LeadRow {
  env: Env;
  userId: string;
  profitSharePpm: number;
  createdAt: number;
}

/** A page of a user's tracks or records: ids below `before`, newest first. */
export interface PageQuery {
  env: Env;
  userId: string;
  before: number;
  limit: number;
  /** Only this pair's tracks (filtered before the limit, so a page is full). */
  symbol?: string | undefined;
  /** Only the tracks copying this lead. */
  leadId?: string | undefined;
}

/** What every product's follow row has (the keys the shared code reads). */
export interface BaseFollowRow {
  id: number;
  env: Env;
  followerId: string;
  leadId: string;
  /** The per-pair choices as JSON (the service reads and writes them). */
  settings: string;
  /** Realised result of the closed (sold) copies, less fees and the profit share paid. */
  net: bigint;
  status: string;
  createdAt: number;
  updatedAt: number;
}

/** What every product's track (a copied position side or holding) has. */
export interface BaseTrackRow {
  id: number;
  env: Env;
  /** `lead`: the lead's own; `follow`: a follower's copy of it. */
  role: "lead" | "follow";
  /** The follow a copy belongs to (0 for a lead's own track). */
  followId: number;
  userId: string;
  leadId: string;
  symbol: string;
  /** What is still held cost (ledger units of the quote coin). */
  cost: bigint;
  realised: bigint;
  /** Profit share paid on this track (follower) so far. */
  shared: bigint;
  openTime: number;
  closeTime: number;
  status: "open" | "closed" | "detached";
}

/** What every product's copy record (a copy placed or refused) has. */
export interface BaseRecordRow {
  id: number;
  env: Env;
  followId: number;
  followerId: string;
  leadId: string;
  leadOrderId: string;
  symbol: string;
  /** Lots the copy order asked for, then what filled. */
  size: number;
  orderId: string;
  status: "placed" | "refused";
  code: string;
  reason: string;
  ts: number;
}

/** The columns of the common fields, for each product's codecs. */
export const FOLLOW_COLUMNS = {
  id: "INTEGER",
  env: "TEXT",
  followerId: "TEXT",
  leadId: "TEXT",
  settings: "TEXT",
  net: "BIGINT",
  status: "TEXT",
  createdAt: "INTEGER",
  updatedAt: "INTEGER",
} as const satisfies Record<keyof BaseFollowRow, ColumnType>;
export const TRACK_COLUMNS = {
  id: "INTEGER",
  env: "TEXT",
  role: "TEXT",
  followId: "INTEGER",
  userId: "TEXT",
  leadId: "TEXT",
  symbol: "TEXT",
  cost: "BIGINT",
  realised: "BIGINT",
  shared: "BIGINT",
  openTime: "INTEGER",
  closeTime: "INTEGER",
  status: "TEXT",
} as const satisfies Record<keyof BaseTrackRow, ColumnType>;
export const RECORD_COLUMNS = {
  id: "INTEGER",
  env: "TEXT",
  followId: "INTEGER",
  followerId: "TEXT",
  leadId: "TEXT",
  leadOrderId: "TEXT",
  symbol: "TEXT",
  size: "INTEGER",
  orderId: "TEXT",
  status: "TEXT",
  code: "TEXT",
  reason: "TEXT",
  ts: "INTEGER",
} as const satisfies Record<keyof BaseRecordRow, ColumnType>;

export interface MaxIds {
  follows: number;
  tracks: number;
  records: number;
  jobs: number;
}

const LEAD = rowCodec<LeadRow>({ env: "TEXT", userId: "TEXT", profitSharePpm: "INTEGER", createdAt: "INTEGER" });

function pushFields<T>(args: unknown[], row: T, fields: ReadonlyArray<keyof T>): void {
  for (const f of fields) args.push(row[f]);
}

/** A product's copy tables (`${prefix}_leads`, `_follows`, `_tracks`, `_records`, `_jobs`), their rows by these codecs. */
export class CopyTables<F extends BaseFollowRow, T extends BaseTrackRow, R extends BaseRecordRow> {
  private readonly saveLeadRow: Statement;
  private readonly saveFollowRow: Statement;
  private readonly saveTrackRow: Statement;
  private readonly insertRecordRow: Statement;
  private readonly allLeads: Statement;
  private readonly liveFollows: Statement;
  private readonly openTracks: Statement;
  private readonly trackPage: Statement;
  private readonly recordPage: Statement;
  private readonly maxIds: Statement;
  private readonly insertJobRow: Statement;
  private readonly deleteJobRow: Statement;
  private readonly allJobs: Statement;
  private readonly trackRows: ManyRows;
  private readonly recordRows: ManyRows;
  private readonly followRows: ManyRows;

  constructor(
    protected readonly db: Db,
    prefix: "copy" | "copy_spot",
    protected readonly codecs: { follow: RowCodec<F>; track: RowCodec<T>; record: RowCodec<R> },
  ) {
    const { follow, track, record } = codecs;
    const [leads, follows, tracks, records, jobs] = ["leads", "follows", "tracks", "records", "jobs"].map((t) => `${prefix}_${t}`) as [
      string,
      string,
      string,
      string,
      string,
    ];
    const head = <X>(verb: string, table: string, codec: RowCodec<X>) =>
      `${verb} INTO ${table} (${codec.fields.map((f) => codec.column(f)).join(", ")})`;
    const replace = <X>(codec: RowCodec<X>, table: string) => codec.insert(table).replace(/^INSERT/, "INSERT OR REPLACE");
    this.trackRows = new ManyRows(db, head("INSERT OR REPLACE", tracks, track), track.fields.length);
    this.recordRows = new ManyRows(db, head("INSERT", records, record), record.fields.length);
    this.followRows = new ManyRows(db, head("INSERT OR REPLACE", follows, follow), follow.fields.length);
    this.saveLeadRow = db.prepare(
      `${LEAD.insert(leads)} ON CONFLICT (env, user_id) DO UPDATE SET profit_share_ppm = excluded.profit_share_ppm`,
    );
    this.saveFollowRow = db.prepare(replace(follow, follows));
    this.saveTrackRow = db.prepare(replace(track, tracks));
    this.insertRecordRow = db.prepare(record.insert(records));
    this.allLeads = db.prepare(`SELECT * FROM ${leads}`);
    this.liveFollows = db.prepare(`SELECT * FROM ${follows} WHERE status = 'active'`).safeIntegers(true);
    this.openTracks = db.prepare(`SELECT * FROM ${tracks} WHERE status = 'open'`).safeIntegers(true);
    this.trackPage = db
      .prepare(
        `SELECT * FROM ${tracks} WHERE env = ? AND user_id = ? AND role = ? AND status IN (SELECT value FROM json_each(?))
         AND (? IS NULL OR symbol = ?) AND (? IS NULL OR lead_id = ?)
         AND id < ? ORDER BY id DESC LIMIT ?`,
      )
      .safeIntegers(true);
    this.recordPage = db
      .prepare(`SELECT * FROM ${records} WHERE env = ? AND follower_id = ? AND id < ? ORDER BY id DESC LIMIT ?`)
      .safeIntegers(true);
    this.insertJobRow = db.prepare(`INSERT INTO ${jobs} (id, job) VALUES (?, ?)`);
    this.deleteJobRow = db.prepare(`DELETE FROM ${jobs} WHERE id = ?`);
    this.allJobs = db.prepare(`SELECT id, job FROM ${jobs} ORDER BY id`);
    this.maxIds = db.prepare(
      `SELECT (SELECT COALESCE(MAX(id), 0) FROM ${follows}) AS follows, (SELECT COALESCE(MAX(id), 0) FROM ${tracks}) AS tracks,
       (SELECT COALESCE(MAX(id), 0) FROM ${records}) AS records, (SELECT COALESCE(MAX(id), 0) FROM ${jobs}) AS jobs`,
    );
  }

  saveLead(r: LeadRow): void {
    this.saveLeadRow.run(r);
  }

  saveFollow(r: F): void {
    this.saveFollowRow.run(r);
  }

  saveTrack(r: T): void {
    this.saveTrackRow.run(r);
  }

  insertRecord(r: R): void {
    this.insertRecordRow.run(r);
  }

  /** Many tracks, records and follows at once (a copied lead fill's, in its change): 64 rows a statement. */
  saveMany(tracks: readonly T[], records: readonly R[], follows: readonly F[]): void {
    const { follow, track, record } = this.codecs;
    this.trackRows.run(tracks.length, (args, i) => pushFields(args, tracks[i]!, track.fields));
    this.recordRows.run(records.length, (args, i) => pushFields(args, records[i]!, record.fields));
    this.followRows.run(follows.length, (args, i) => pushFields(args, follows[i]!, follow.fields));
  }

  leads(): LeadRow[] {
    return (this.allLeads.all() as Array<Record<string, unknown>>).map((r) => LEAD.fromRow(r));
  }

  activeFollows(): F[] {
    return (this.liveFollows.all() as Array<Record<string, unknown>>).map((r) => this.codecs.follow.fromRow(r));
  }

  openTrackRows(): T[] {
    return (this.openTracks.all() as Array<Record<string, unknown>>).map((r) => this.codecs.track.fromRow(r));
  }

  tracks(q: PageQuery, role: T["role"], statuses: Array<T["status"]>): T[] {
    const rows = this.trackPage.all(
      q.env,
      q.userId,
      role,
      JSON.stringify(statuses),
      q.symbol ?? null,
      q.symbol ?? null,
      q.leadId ?? null,
      q.leadId ?? null,
      q.before,
      q.limit,
    ) as Array<Record<string, unknown>>;
    return rows.map((r) => this.codecs.track.fromRow(r));
  }

  records(q: PageQuery): R[] {
    const rows = this.recordPage.all(q.env, q.userId, q.before, q.limit) as Array<Record<string, unknown>>;
    return rows.map((r) => this.codecs.record.fromRow(r));
  }

  insertJob(id: number, job: string): void {
    this.insertJobRow.run(id, job);
  }

  deleteJob(id: number): void {
    this.deleteJobRow.run(id);
  }

  /** The jobs a crash left between a lead's durable fill and its copies, oldest first. */
  pendingJobs(): JobRow[] {
    return this.allJobs.all() as JobRow[];
  }

  maxIdsNow(): MaxIds {
    return this.maxIds.get() as MaxIds;
  }
}
