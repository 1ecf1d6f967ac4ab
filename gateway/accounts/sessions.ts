import { createHash, randomBytes } from "node:crypto";
import type { Statement } from "better-sqlite3";
import type { Db } from "../db/database.ts";

/** Session lifetimes: idle expiry, absolute refresh window. */
export const SESSION_RULES = {
  idleMs: 2 * 60 * 60_000,
  refreshMs: 30 * 24 * 60 * 60_000,
  /** last_seen is written at most this often, so reads stay reads. */
  touchEveryMs: 60_000,
} as const;

export type EndReason = "logout" | "replaced" | "revoked" | "frozen" | "refreshed" | "expired";

export interface SessionRow {
  id: string;
  user_id: string;
  device_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  ended_at: number | null;
  end_reason: EndReason | null;
}

export interface IssuedSession {
  /** `bt_sid`: public, readable by scripts, names the session. */
  id: string;
  /** `bt_session`: the secret bearer token (HttpOnly). */
  token: string;
  /** `bt_rtoken`: the refresh token (HttpOnly). */
  refreshToken: string;
  expiresAt: number;
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const secret = () => randomBytes(32).toString("base64url");

/**
 * Sessions are stored by the hashes of their tokens only: a copy of the database does not log
 * anyone in. Each login issues fresh tokens (rotation); a refresh replaces both.
 */
export class Sessions {
  /** `resolve` runs on every session-authenticated request (issue 31): its statements are compiled once. */
  private byTokenStatement: Statement | undefined;
  private touchStatement: Statement | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  issue(userId: string, meta: { deviceId: string; ip: string; userAgent: string }): IssuedSession {
    const at = this.now();
    const s: IssuedSession = {
      id: randomBytes(16).toString("hex"),
      token: secret(),
      refreshToken: secret(),
      expiresAt: at + SESSION_RULES.idleMs,
    };
    this.db
      .prepare(
        `INSERT INTO sessions (id, token_hash, refresh_hash, user_id, device_id, ip, user_agent,
        created_at, last_seen_at, expires_at, refresh_expires_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        s.id,
        sha256(s.token),
        sha256(s.refreshToken),
        userId,
        meta.deviceId,
        meta.ip,
        meta.userAgent.slice(0, 255),
        at,
        at,
        s.expiresAt,
        at + SESSION_RULES.refreshMs,
      );
    return s;
  }

  /** The live session a token belongs to, sliding its idle expiry; why not, otherwise. */
  resolve(token: string | undefined): { session: SessionRow } | { ended: EndReason | "missing" } {
    if (!token) return { ended: "missing" };
    this.byTokenStatement ??= this.db.prepare("SELECT * FROM sessions WHERE token_hash = ?");
    const row = this.byTokenStatement.get(sha256(token)) as SessionRow | undefined;
    if (!row) return { ended: "missing" };
    if (row.ended_at !== null) return { ended: row.end_reason ?? "revoked" };
    const at = this.now();
    if (row.expires_at < at) {
      this.end(row.id, "expired");
      return { ended: "expired" };
    }
    if (at - row.last_seen_at >= SESSION_RULES.touchEveryMs) {
      this.touchStatement ??= this.db.prepare("UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id = ?");
      this.touchStatement.run(at, at + SESSION_RULES.idleMs, row.id);
    }
    return { session: row };
  }

  /**
   * Swaps a refresh token for a new session (same user and device); the old one ends. An idle
   * expiry leaves the refresh token usable; a logout, revoke, reset or earlier refresh does not.
   */
  refresh(refreshToken: string | undefined, meta: { ip: string; userAgent: string }): { next: IssuedSession; from: string } | undefined {
    if (!refreshToken) return undefined;
    return this.db.transaction(() => {
      const row = this.db.prepare("SELECT * FROM sessions WHERE refresh_hash = ?").get(sha256(refreshToken)) as
        | (SessionRow & { refresh_expires_at: number; refresh_revoked: number })
        | undefined;
      const endedForGood = row !== undefined && row.ended_at !== null && row.end_reason !== "expired";
      if (!row || endedForGood || row.refresh_revoked || row.refresh_expires_at < this.now()) return undefined;
      // Marked even when idle expiry already ended it: a refresh token works once.
      this.db
        .prepare("UPDATE sessions SET ended_at = coalesce(ended_at, ?), end_reason = 'refreshed', refresh_revoked = 1 WHERE id = ?")
        .run(this.now(), row.id);
      return { next: this.issue(row.user_id, { deviceId: row.device_id, ip: meta.ip, userAgent: meta.userAgent }), from: row.id };
    })();
  }

  /**
   * Ends the sessions of a user (of one device when `deviceId` is given) for good, but `keep`:
   * the live ones end as revoked and every refresh token dies, including those of sessions idle
   * expiry already ended, which could otherwise still be refreshed. Returns how many live ones ended.
   */
  revoke(userId: string, opts: { deviceId?: string; keep?: string } = {}): number {
    const device = opts.deviceId === undefined ? "" : " AND device_id = @deviceId";
    return this.db.transaction(() => {
      const ended = this.db
        .prepare(
          `UPDATE sessions SET ended_at = @at, end_reason = 'revoked'
        WHERE user_id = @userId AND ended_at IS NULL AND id IS NOT @keep${device}`,
        )
        .run({ at: this.now(), userId, keep: opts.keep ?? null, deviceId: opts.deviceId ?? null }).changes;
      this.db
        .prepare(`UPDATE sessions SET refresh_revoked = 1 WHERE user_id = @userId AND refresh_revoked = 0 AND id IS NOT @keep${device}`)
        .run({ userId, keep: opts.keep ?? null, deviceId: opts.deviceId ?? null });
      return ended;
    })();
  }

  /**
   * Ends for good the sessions a browser's cookies name (its session token, its refresh token):
   * the live one ends with `reason`, and neither token works again, an idle-expired session's
   * refresh token included. Returns how many sessions it touched.
   */
  endByTokens(tokens: { token?: string | undefined; refreshToken?: string | undefined }, reason: EndReason): number {
    const hashes = [tokens.token, tokens.refreshToken].filter((t): t is string => !!t).map(sha256);
    if (hashes.length === 0) return 0;
    return this.db
      .prepare(
        `UPDATE sessions SET ended_at = coalesce(ended_at, @at), end_reason = coalesce(end_reason, @reason), refresh_revoked = 1
        WHERE token_hash IN (@a, @b) OR refresh_hash IN (@a, @b)`,
      )
      .run({ at: this.now(), reason, a: hashes[0], b: hashes[1] ?? hashes[0] }).changes;
  }

  userOf(id: string): string | undefined {
    return (this.db.prepare("SELECT user_id FROM sessions WHERE id = ?").get(id) as { user_id: string } | undefined)?.user_id;
  }

  end(id: string, reason: EndReason): void {
    this.db.prepare("UPDATE sessions SET ended_at = ?, end_reason = ? WHERE id = ? AND ended_at IS NULL").run(this.now(), reason, id);
  }

  /** Ends every live session of a user but `keep`; returns how many ended. */
  endAllOf(userId: string, reason: EndReason, keep?: string): number {
    return this.db
      .prepare("UPDATE sessions SET ended_at = ?, end_reason = ? WHERE user_id = ? AND ended_at IS NULL AND id IS NOT ?")
      .run(this.now(), reason, userId, keep ?? null).changes;
  }

  /** The devices of a user's live sessions, most recently seen first; `current` marks the asking session's. */
  devices(
    userId: string,
    currentId: string,
  ): Array<{ device_id: string; first_seen: number; last_seen: number; current: number; user_agent: string; ip: string }> {
    return this.db
      .prepare(
        `SELECT device_id, min(created_at) AS first_seen, max(last_seen_at) AS last_seen,
        max(CASE WHEN id = ? THEN 1 ELSE 0 END) AS current, user_agent, ip
      FROM sessions WHERE user_id = ? AND ended_at IS NULL GROUP BY device_id ORDER BY last_seen DESC`,
      )
      .all(currentId, userId) as Array<{
      device_id: string;
      first_seen: number;
      last_seen: number;
      current: number;
      user_agent: string;
      ip: string;
    }>;
  }

  live(userId: string): SessionRow[] {
    return this.db
      .prepare("SELECT * FROM sessions WHERE user_id = ? AND ended_at IS NULL AND expires_at >= ? ORDER BY created_at DESC")
      .all(userId, this.now()) as SessionRow[];
  }
}
