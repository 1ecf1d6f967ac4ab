import type { Db } from "../db/database.ts";

/**
 * The fund password's rows beside the user's (docs/decisions/350): the wrong-password count and
 * lock of each account, and the trade proofs of web sessions. SQL only; the rules are fund-service.ts.
 */
export class FundStore {
  constructor(private readonly db: Db) {}

  guard(userId: string): { failures: number; locked_until: number } {
    return (
      (this.db.prepare("SELECT failures, locked_until FROM fund_guard WHERE user_id = ?").get(userId) as
        | { failures: number; locked_until: number }
        | undefined) ?? { failures: 0, locked_until: 0 }
    );
  }

  setGuard(userId: string, failures: number, lockedUntil: number): void {
    this.db
      .prepare(
        `INSERT INTO fund_guard (user_id, failures, locked_until) VALUES (?, ?, ?)
        ON CONFLICT (user_id) DO UPDATE SET failures = excluded.failures, locked_until = excluded.locked_until`,
      )
      .run(userId, failures, lockedUntil);
  }

  /** Runs `fn` in one transaction (a guard count read and written together). */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  proof(sessionId: string): { user_id: string; until: number; once: number } | undefined {
    return this.db.prepare("SELECT user_id, until, once FROM fund_trade_proofs WHERE session_id = ?").get(sessionId) as
      | { user_id: string; until: number; once: number }
      | undefined;
  }

  setProof(sessionId: string, userId: string, until: number, once: boolean): void {
    this.db
      .prepare(
        `INSERT INTO fund_trade_proofs (session_id, user_id, until, once) VALUES (?, ?, ?, ?)
        ON CONFLICT (session_id) DO UPDATE SET user_id = excluded.user_id, until = excluded.until, once = excluded.once`,
      )
      .run(sessionId, userId, until, once ? 1 : 0);
  }

  /** Spends a one-order proof; true when this call spent it. */
  spendProof(sessionId: string): boolean {
    return this.db.prepare("DELETE FROM fund_trade_proofs WHERE session_id = ? AND once = 1").run(sessionId).changes === 1;
  }

  /** Every trade proof of the account ends (its fund password changed, was reset, or its mode changed). */
  forgetProofs(userId: string): void {
    this.db.prepare("DELETE FROM fund_trade_proofs WHERE user_id = ?").run(userId);
  }
}
