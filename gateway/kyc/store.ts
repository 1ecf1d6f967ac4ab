/**
 * The KYC area's tables (docs/decisions/352): each main account's verified identity, the
 * applications and their review, and the photos on file. SQL only; the rules are in service.ts.
 */
import type { Db } from "../db/database.ts";
import type { Migration } from "../db/migrations.ts";
import type { BasicDetails, ImageKind, KycLevel, KycStatus } from "../../protocol/kyc.ts";

export const KYC_MIGRATIONS: Migration[] = [
  {
    version: 3520,
    name: "kyc: identities, applications, photos on file",
    sql: `
      CREATE TABLE kyc_identity (
        user_id     TEXT PRIMARY KEY,
        level       INTEGER NOT NULL,
        real_name   TEXT NOT NULL,
        country     TEXT NOT NULL,
        birth_date  TEXT NOT NULL,
        id_number   TEXT NOT NULL,
        updated_at  INTEGER NOT NULL
      );
      CREATE TABLE kyc_applications (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id       TEXT NOT NULL,
        level         INTEGER NOT NULL,
        status        TEXT NOT NULL,
        real_name     TEXT NOT NULL,
        country       TEXT NOT NULL,
        birth_date    TEXT NOT NULL,
        id_number     TEXT NOT NULL,
        document_file TEXT NOT NULL DEFAULT '',
        selfie_file   TEXT NOT NULL DEFAULT '',
        reason        TEXT NOT NULL DEFAULT '',
        reviewer      TEXT NOT NULL DEFAULT '',
        created_at    INTEGER NOT NULL,
        reviewed_at   INTEGER
      );
      CREATE INDEX kyc_applications_user ON kyc_applications(user_id, id);
      CREATE UNIQUE INDEX kyc_applications_one_pending ON kyc_applications(user_id) WHERE status = 'pending';
      CREATE TABLE kyc_uploads (
        user_id     TEXT NOT NULL,
        kind        TEXT NOT NULL,
        file        TEXT NOT NULL,
        width       INTEGER NOT NULL,
        height      INTEGER NOT NULL,
        created_at  INTEGER NOT NULL,
        PRIMARY KEY (user_id, kind)
      );
    `,
  },
];

export interface IdentityRow extends BasicDetails {
  level: KycLevel;
}

export interface ApplicationRow extends BasicDetails {
  id: number;
  userId: string;
  level: KycLevel;
  status: KycStatus;
  documentFile: string;
  selfieFile: string;
  reason: string;
  reviewer: string;
  createdAt: number;
  reviewedAt: number | null;
}

export interface UploadRow {
  kind: ImageKind;
  file: string;
  width: number;
  height: number;
  createdAt: number;
}

const APP_COLUMNS = `id, user_id AS userId, level, status, real_name AS realName, country, birth_date AS birthDate,
  id_number AS idNumber, document_file AS documentFile, selfie_file AS selfieFile, reason, reviewer,
  created_at AS createdAt, reviewed_at AS reviewedAt`;

export class KycStore {
  constructor(readonly db: Db) {}

  identity(userId: string): IdentityRow | undefined {
    return this.db
      .prepare(
        `SELECT level, real_name AS realName, country, birth_date AS birthDate, id_number AS idNumber
         FROM kyc_identity WHERE user_id = ?`,
      )
      .get(userId) as IdentityRow | undefined;
  }

  latest(userId: string): ApplicationRow | undefined {
    return this.db.prepare(`SELECT ${APP_COLUMNS} FROM kyc_applications WHERE user_id = ? ORDER BY id DESC LIMIT 1`).get(userId) as
      | ApplicationRow
      | undefined;
  }

  application(id: number): ApplicationRow | undefined {
    return this.db.prepare(`SELECT ${APP_COLUMNS} FROM kyc_applications WHERE id = ?`).get(id) as ApplicationRow | undefined;
  }

  /** Waiting applications, oldest first; `before` keeps only those made at or before it. */
  pending(before = Number.MAX_SAFE_INTEGER): ApplicationRow[] {
    return this.db
      .prepare(`SELECT ${APP_COLUMNS} FROM kyc_applications WHERE status = 'pending' AND created_at <= ? ORDER BY id`)
      .all(before) as ApplicationRow[];
  }

  /** A new pending application; undefined when the user already has one waiting (the unique index decides). */
  addApplication(a: Omit<ApplicationRow, "id" | "status" | "reason" | "reviewer" | "reviewedAt">): number | undefined {
    try {
      return Number(
        this.db
          .prepare(
            `INSERT INTO kyc_applications (user_id, level, status, real_name, country, birth_date, id_number, document_file, selfie_file, created_at)
             VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(a.userId, a.level, a.realName, a.country, a.birthDate, a.idNumber, a.documentFile, a.selfieFile, a.createdAt)
          .lastInsertRowid,
      );
    } catch (err) {
      if ((err as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE") return undefined;
      throw err;
    }
  }

  /**
   * Decides a pending application in one transaction: its status, and on approval the identity of
   * the account and `users.identity_level` of the account and its sub-accounts. False when the
   * application was not pending any more (decided by someone else first).
   */
  decide(id: number, approve: boolean, reason: string, reviewer: string, now: number): boolean {
    return this.db.transaction(() => {
      const changed = this.db
        .prepare("UPDATE kyc_applications SET status = ?, reason = ?, reviewer = ?, reviewed_at = ? WHERE id = ? AND status = 'pending'")
        .run(approve ? "approved" : "rejected", reason, reviewer, now, id).changes;
      if (changed !== 1) return false;
      if (!approve) return true;
      const a = this.application(id) as ApplicationRow;
      this.db
        .prepare(
          `INSERT INTO kyc_identity (user_id, level, real_name, country, birth_date, id_number, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (user_id) DO UPDATE SET level = max(level, excluded.level), real_name = excluded.real_name,
             country = excluded.country, birth_date = excluded.birth_date, id_number = excluded.id_number, updated_at = excluded.updated_at`,
        )
        .run(a.userId, a.level, a.realName, a.country, a.birthDate, a.idNumber, now);
      this.db
        .prepare("UPDATE users SET identity_level = max(identity_level, ?), updated_at = ? WHERE id = ? OR parent_id = ?")
        .run(a.level, now, a.userId, a.userId);
      return true;
    })();
  }

  upload(userId: string, kind: ImageKind): UploadRow | undefined {
    return this.db
      .prepare("SELECT kind, file, width, height, created_at AS createdAt FROM kyc_uploads WHERE user_id = ? AND kind = ?")
      .get(userId, kind) as UploadRow | undefined;
  }

  /** Puts a photo on file in place of the last one of its kind; returns the file it replaced, if any. */
  setUpload(userId: string, kind: ImageKind, file: string, width: number, height: number, now: number): string | undefined {
    return this.db.transaction(() => {
      const before = this.upload(userId, kind)?.file;
      this.db
        .prepare(
          `INSERT INTO kyc_uploads (user_id, kind, file, width, height, created_at) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (user_id, kind) DO UPDATE SET file = excluded.file, width = excluded.width, height = excluded.height,
             created_at = excluded.created_at`,
        )
        .run(userId, kind, file, width, height, now);
      return before;
    })();
  }

  /** Whether an application refers to the file (an application's photos are kept with it). */
  fileInUse(file: string): boolean {
    return (
      this.db.prepare("SELECT 1 FROM kyc_applications WHERE document_file = ? OR selfie_file = ? LIMIT 1").get(file, file) !== undefined
    );
  }

  /** The account's withdrawals since `since` that are not cancelled or failed (the wallet's table, read only). */
  withdrawnSince(env: string, userId: string, since: number): Array<{ coin: string; amount: bigint }> {
    return this.db
      .prepare(
        `SELECT coin, amount FROM wallet_withdrawals
           WHERE env = ? AND user_id = ? AND created_at >= ? AND state NOT IN ('cancelled', 'failed')`,
      )
      .safeIntegers(true)
      .all(env, userId, since) as Array<{ coin: string; amount: bigint }>;
  }
}
