/** The login history (`login_history`): successful logins, and where an account logged in from. */
import type { Db } from "../db/database.ts";

export interface LoginHistoryRow {
  at: number;
  ip: string;
  user_agent: string;
  result: string;
}

export class LoginHistory {
  constructor(private readonly db: Db) {}

  /** A successful login. */
  record(userId: string, at: number, meta: { ip: string; userAgent: string; deviceId: string }): void {
    this.db
      .prepare("INSERT INTO login_history (user_id, at, ip, user_agent, device_id, result) VALUES (?, ?, ?, ?, ?, 'ok')")
      .run(userId, at, meta.ip, meta.userAgent.slice(0, 255), meta.deviceId);
  }

  /** Whether the account ever logged in from this address. */
  knows(userId: string, ip: string): boolean {
    return (
      this.db.prepare("SELECT 1 FROM login_history WHERE user_id = ? AND ip = ? AND result = 'ok' LIMIT 1").get(userId, ip) !== undefined
    );
  }

  /** One page of an account's history, newest first. */
  page(userId: string, page: number, size: number): LoginHistoryRow[] {
    return this.db
      .prepare("SELECT at, ip, user_agent, result FROM login_history WHERE user_id = ? ORDER BY at DESC, id DESC LIMIT ? OFFSET ?")
      .all(userId, size, (page - 1) * size) as LoginHistoryRow[];
  }
}
