/**
 * Spot copy trading's tables and nothing else (docs/decisions/360): spot lead traders, spot follows,
 * copied holdings (a lead's own and each follower's, one per pair), the record of every copy placed
 * or refused, and the copy jobs written with the lead's fill and deleted with its copies.
 */
import { rowCodec } from "../db/columns.ts";
import type { Db } from "../db/database.ts";
import type { Migration } from "../db/migrations.ts";
import type { Env } from "../exchange/engine/types.ts";
import { CopyTables, type PageQuery } from "./store-base.ts";

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

export interface SpotFollowRow {
  id: number;
  env: Env;
  followerId: string;
  leadId: string;
  /** The per-pair choices as JSON (the service reads and writes them). */
  settings: string;
  /** Realised result of the sold copies: proceeds less their cost, fees and the profit share paid. */
  net: bigint;
  status: "active" | "cancelled";
  createdAt: number;
  updatedAt: number;
}

/** A copied holding of one pair: base amounts in ledger units of the base coin, quote amounts in the quote coin's. */
export interface SpotTrackRow {
  id: number;
  env: Env;
  /** `lead`: what the lead bought while leading; `follow`: a follower's copy of it. */
  role: "lead" | "follow";
  followId: number;
  userId: string;
  leadId: string;
  symbol: string;
  /** Base still held by the copy (what arrived, less what was sold). */
  held: bigint;
  /** Base that arrived from the copy's buys (net of a fee paid in the base coin). */
  bought: bigint;
  buyQuote: bigint;
  /** Buy fees paid in the base coin. */
  buyFee: bigint;
  /** Quote paid for what is still held. */
  cost: bigint;
  sold: bigint;
  sellQuote: bigint;
  /** Sell fees paid in the quote coin. */
  sellFee: bigint;
  /** Σ (sell proceeds less fee − cost of what was sold). */
  realised: bigint;
  /** Profit share paid on this copy (follower) so far. */
  shared: bigint;
  buyOrderId: string;
  sellOrderId: string;
  openTime: number;
  closeTime: number;
  status: "open" | "closed" | "detached";
}

export interface SpotCopyRecord {
  id: number;
  env: Env;
  followId: number;
  followerId: string;
  leadId: string;
  leadOrderId: string;
  symbol: string;
  side: "buy" | "sell";
  /** Lots the copy order asked for, then what filled. */
  size: number;
  orderId: string;
  status: "placed" | "refused";
  code: string;
  reason: string;
  ts: number;
}

const FOLLOW = rowCodec<SpotFollowRow>({
  id: "INTEGER",
  env: "TEXT",
  followerId: "TEXT",
  leadId: "TEXT",
  settings: "TEXT",
  net: "BIGINT",
  status: "TEXT",
  createdAt: "INTEGER",
  updatedAt: "INTEGER",
});
const TRACK = rowCodec<SpotTrackRow>({
  id: "INTEGER",
  env: "TEXT",
  role: "TEXT",
  followId: "INTEGER",
  userId: "TEXT",
  leadId: "TEXT",
  symbol: "TEXT",
  held: "BIGINT",
  bought: "BIGINT",
  buyQuote: "BIGINT",
  buyFee: "BIGINT",
  cost: "BIGINT",
  sold: "BIGINT",
  sellQuote: "BIGINT",
  sellFee: "BIGINT",
  realised: "BIGINT",
  shared: "BIGINT",
  buyOrderId: "TEXT",
  sellOrderId: "TEXT",
  openTime: "INTEGER",
  closeTime: "INTEGER",
  status: "TEXT",
});
const RECORD = rowCodec<SpotCopyRecord>({
  id: "INTEGER",
  env: "TEXT",
  followId: "INTEGER",
  followerId: "TEXT",
  leadId: "TEXT",
  leadOrderId: "TEXT",
  symbol: "TEXT",
  side: "TEXT",
  size: "INTEGER",
  orderId: "TEXT",
  status: "TEXT",
  code: "TEXT",
  reason: "TEXT",
  ts: "INTEGER",
});

export type SpotPageQuery = PageQuery;

/** Spot copy trading's tables (`copy_spot_*`). */
export class SpotCopyStore extends CopyTables<SpotFollowRow, SpotTrackRow, SpotCopyRecord> {
  constructor(db: Db) {
    super(db, "copy_spot", { follow: FOLLOW, track: TRACK, record: RECORD });
  }
}
