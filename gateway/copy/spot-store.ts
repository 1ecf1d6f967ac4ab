/**
 * Spot copy trading's tables and nothing else (docs/decisions/360): spot lead traders, spot follows,
 * copied holdings (a lead's own and each follower's, one per pair), the record of every copy placed
 * or refused, and the copy jobs written with the lead's fill and deleted with its copies.
 */
import { rowCodec } from "../db/columns.ts";
import type { Db } from "../db/database.ts";
import type { Migration } from "../db/migrations.ts";
import {
  CopyTables,
  FOLLOW_COLUMNS,
  RECORD_COLUMNS,
  TRACK_COLUMNS,
  type BaseFollowRow,
  type BaseRecordRow,
  type BaseTrackRow,
  type PageQuery,
} from "./store-base.ts";

export const SPOT_COPY_MIGRATIONS: Migration[] = [
  {
    version: 3600,
    name: "spot copy trading: leads, follows, copied holdings, copy records and jobs",
    sql: `
      CREATE TABLE copy_spot_leads (
        env               TEXT NOT NULL,
        user_id           TEXT NOT NULL,
        profit_share_ppm  INTEGER NOT NULL,
        created_at        INTEGER NOT NULL,
        PRIMARY KEY (env, user_id)
      );
      CREATE TABLE copy_spot_follows (
        id           INTEGER PRIMARY KEY,
        env          TEXT NOT NULL,
        follower_id  TEXT NOT NULL,
        lead_id      TEXT NOT NULL,
        settings     TEXT NOT NULL,
        net          INTEGER NOT NULL,
        status       TEXT NOT NULL,
        created_at   INTEGER NOT NULL,
        updated_at   INTEGER NOT NULL
      );
      CREATE TABLE copy_spot_tracks (
        id             INTEGER PRIMARY KEY,
        env            TEXT NOT NULL,
        role           TEXT NOT NULL,
        follow_id      INTEGER NOT NULL,
        user_id        TEXT NOT NULL,
        lead_id        TEXT NOT NULL,
        symbol         TEXT NOT NULL,
        held           INTEGER NOT NULL,
        bought         INTEGER NOT NULL,
        buy_quote      INTEGER NOT NULL,
        buy_fee        INTEGER NOT NULL,
        cost           INTEGER NOT NULL,
        sold           INTEGER NOT NULL,
        sell_quote     INTEGER NOT NULL,
        sell_fee       INTEGER NOT NULL,
        realised       INTEGER NOT NULL,
        shared         INTEGER NOT NULL,
        buy_order_id   TEXT NOT NULL,
        sell_order_id  TEXT NOT NULL,
        open_time      INTEGER NOT NULL,
        close_time     INTEGER NOT NULL,
        status         TEXT NOT NULL
      );
      CREATE INDEX copy_spot_tracks_user ON copy_spot_tracks (env, user_id, role, status, id);
      CREATE TABLE copy_spot_records (
        id             INTEGER PRIMARY KEY,
        env            TEXT NOT NULL,
        follow_id      INTEGER NOT NULL,
        follower_id    TEXT NOT NULL,
        lead_id        TEXT NOT NULL,
        lead_order_id  TEXT NOT NULL,
        symbol         TEXT NOT NULL,
        side           TEXT NOT NULL,
        size           INTEGER NOT NULL,
        order_id       TEXT NOT NULL,
        status         TEXT NOT NULL,
        code           TEXT NOT NULL,
        reason         TEXT NOT NULL,
        ts             INTEGER NOT NULL
      );
      CREATE INDEX copy_spot_records_follower ON copy_spot_records (env, follower_id, id);
      CREATE TABLE copy_spot_jobs (
        id   INTEGER PRIMARY KEY,
        job  TEXT NOT NULL
      );
    `,
  },
];

export interface SpotFollowRow extends BaseFollowRow {
  /** `net`: the realised result of the sold copies, proceeds less their cost, fees and the profit share paid. */
  status: "active" | "cancelled";
}

/** A copied holding of one pair: base amounts in ledger units of the base coin, quote amounts in the quote coin's. */
export interface SpotTrackRow extends BaseTrackRow {
  /** Base still held by the copy (what arrived, less what was sold). */
  held: bigint;
  /** Base that arrived from the copy's buys (net of a fee paid in the base coin). */
  bought: bigint;
  buyQuote: bigint;
  /** Buy fees paid in the base coin. */
  buyFee: bigint;
  sold: bigint;
  sellQuote: bigint;
  /** Sell fees paid in the quote coin; `realised`: Σ (sell proceeds less fees − cost of what was sold). */
  sellFee: bigint;
  buyOrderId: string;
  sellOrderId: string;
}

export interface SpotCopyRecord extends BaseRecordRow {
  side: "buy" | "sell";
}

const FOLLOW = rowCodec<SpotFollowRow>(FOLLOW_COLUMNS);
const TRACK = rowCodec<SpotTrackRow>({
  ...TRACK_COLUMNS,
  held: "BIGINT",
  bought: "BIGINT",
  buyQuote: "BIGINT",
  buyFee: "BIGINT",
  sold: "BIGINT",
  sellQuote: "BIGINT",
  sellFee: "BIGINT",
  buyOrderId: "TEXT",
  sellOrderId: "TEXT",
});
const RECORD = rowCodec<SpotCopyRecord>({ ...RECORD_COLUMNS, side: "TEXT" });

export type SpotPageQuery = PageQuery;

/** Spot copy trading's tables (`copy_spot_*`). */
export class SpotCopyStore extends CopyTables<SpotFollowRow, SpotTrackRow, SpotCopyRecord> {
  constructor(db: Db) {
    super(db, "copy_spot", { follow: FOLLOW, track: TRACK, record: RECORD });
  }
}
