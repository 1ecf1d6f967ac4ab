/** Logins waiting for a verification step (`pending_logins`, docs/decisions/501), by the hash of their token. */
import type { VerifyStep } from "../../protocol/account-paths.ts";
import type { Db } from "../db/database.ts";

export interface PendingRow {
  token_hash: string;
  user_id: string;
  channels: string;
  public_key: string;
  algorithm: string;
  device_id: string;
  expires_at: number;
  used_at: number | null;
  step: VerifyStep;
  next_steps: string;
  attempts: number;
  device_proof: string | null;
}

export type NewPending = Omit<PendingRow, "used_at" | "attempts">;

export class PendingLogins {
  constructor(private readonly db: Db) {}

  open(p: NewPending): void {
    this.db
      .prepare(
        `INSERT INTO pending_logins
    (token_hash, user_id, channels, public_key, algorithm, device_id, expires_at, step, next_steps, device_proof)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(p.token_hash, p.user_id, p.channels, p.public_key, p.algorithm, p.device_id, p.expires_at, p.step, p.next_steps, p.device_proof);
  }

  byHash(tokenHash: string): PendingRow | undefined {
    return this.db.prepare("SELECT * FROM pending_logins WHERE token_hash = ?").get(tokenHash) as PendingRow | undefined;
  }

  countAttempt(tokenHash: string): void {
    this.db.prepare("UPDATE pending_logins SET attempts = attempts + 1 WHERE token_hash = ?").run(tokenHash);
  }

  markUsed(tokenHash: string, at: number): void {
    this.db.prepare("UPDATE pending_logins SET used_at = ? WHERE token_hash = ?").run(at, tokenHash);
  }
}
