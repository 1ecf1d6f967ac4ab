import { CODES } from "../../protocol/codes.ts";
import { TOTP_GUARD } from "../../protocol/account-paths.ts";
import type { Db } from "../db/database.ts";
import { refuse } from "../envelope.ts";
import { tooManyRequests } from "../security/limits.ts";
import { totpStepOf } from "./totp.ts";

interface GuardRow {
  last_step: number;
  failures: number;
  locked_until: number;
}

/**
 * Every Google Authenticator check of an account goes through here (login steps, bind, unbind,
 * API keys), so the rules hold across all of them (docs/decisions/506): a time step is accepted
 * once, and wrong codes lock the account's TOTP checks for a while. Kept in SQLite, so a restart
 * neither lifts a lock nor makes a used code good again.
 */
export class TotpGuard {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  private row(userId: string): GuardRow {
    return (
      (this.db.prepare("SELECT last_step, failures, locked_until FROM totp_guard WHERE user_id = ?").get(userId) as
        | GuardRow
        | undefined) ?? { last_step: 0, failures: 0, locked_until: 0 }
    );
  }

  /** Checks `code` against `secret` for the user; throws the refusal (wrong, reused, locked). */
  check(userId: string, secret: string | null, code: string | undefined): void {
    const at = this.now();
    // Decided in a transaction, thrown after it: a throw inside would roll the count back.
    const outcome = this.db.transaction((): { lockedMs: number } | { wrong: "wrong" | "reused" } | undefined => {
      const g = this.row(userId);
      if (g.locked_until > at) return { lockedMs: g.locked_until - at };
      const step = secret && code ? totpStepOf(secret, code, at) : undefined;
      // A code of a step already used (or older) is as good as a wrong one: it may have been seen.
      if (step !== undefined && step > g.last_step) {
        this.db
          .prepare(
            `INSERT INTO totp_guard (user_id, last_step, failures, locked_until) VALUES (?, ?, 0, 0)
          ON CONFLICT (user_id) DO UPDATE SET last_step = excluded.last_step, failures = 0, locked_until = 0`,
          )
          .run(userId, step);
        return undefined;
      }
      const failures = g.failures + 1;
      const over = failures - TOTP_GUARD.free;
      const lockedUntil = over >= 0 ? at + Math.min(TOTP_GUARD.maxLockMs, TOTP_GUARD.lockMs * 2 ** Math.min(over, 16)) : 0;
      this.db
        .prepare(
          `INSERT INTO totp_guard (user_id, last_step, failures, locked_until) VALUES (?, 0, ?, ?)
        ON CONFLICT (user_id) DO UPDATE SET failures = excluded.failures, locked_until = excluded.locked_until`,
        )
        .run(userId, failures, lockedUntil);
      return lockedUntil ? { lockedMs: lockedUntil - at } : { wrong: step === undefined ? "wrong" : "reused" };
    })();
    if (!outcome) return;
    if ("lockedMs" in outcome) throw locked(outcome.lockedMs);
    throw refuse(
      CODES.codeWrong,
      outcome.wrong === "wrong" ? "The authenticator code is incorrect" : "This authenticator code was already used; wait for the next one",
    );
  }

  /** How long the user's TOTP checks stay locked from now (0: not locked); reads, spends nothing (docs/decisions/342). */
  lockedMs(userId: string): number {
    return Math.max(0, this.row(userId).locked_until - this.now());
  }

  /** A new secret starts a new sequence of codes. */
  forgetSteps(userId: string): void {
    this.db.prepare("UPDATE totp_guard SET last_step = 0 WHERE user_id = ?").run(userId);
  }
}

export const locked = (ms: number) => tooManyRequests(ms, "Too many wrong authenticator codes; the authenticator is locked for now");
