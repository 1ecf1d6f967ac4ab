import { createHash, randomInt } from "node:crypto";
import type { Db } from "../db/database.ts";
import { CODE_RULE, type CodeChannel, type CodeScene } from "../../protocol/accounts.ts";
import type { MessageTransport } from "./outbox.ts";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
/** A code may belong to the account that asked for it (binding): then only that account can spend it. */
const codeHash = (target: string, scene: string, code: string, owner: string) =>
  sha256(owner ? `${target}|${scene}|${owner}|${code}` : `${target}|${scene}|${code}`);

export type CodeCheck = "ok" | "wrong" | "expired" | "missing" | "exhausted";

export interface CodeMessage {
  subject: string;
  text: (code: string) => string;
}

/** Verification codes (docs/protocol.md §7): 6 digits, single use, 10 minutes, stored hashed. */
export class VerifyCodes {
  constructor(
    private readonly db: Db,
    private readonly transport: MessageTransport,
    private readonly now: () => number = Date.now,
  ) {}

  /** Sends a new code; refused (false) if an unspent one went to the same target for the scene within a minute. */
  send(target: string, channel: CodeChannel, scene: CodeScene, message: CodeMessage, owner = ""): boolean {
    const code = this.store(target, channel, scene, owner);
    if (code === undefined) return false;
    this.transport.send({ to: target, channel, subject: message.subject, text: message.text(code), code });
    return true;
  }

  /**
   * Stores a code that is never sent, for a target with no account: send-code and the checks
   * after it then behave exactly as for a real account (same cooldown, same refusals), so neither
   * can probe for accounts.
   */
  decoy(target: string, channel: CodeChannel, scene: CodeScene): boolean {
    return this.store(target, channel, scene) !== undefined;
  }

  private store(target: string, channel: CodeChannel, scene: CodeScene, owner = ""): string | undefined {
    const at = this.now();
    // A spent code does not hold the next one back: a second login within the minute needs its own.
    const recent = this.db
      .prepare("SELECT 1 FROM verify_codes WHERE target = ? AND scene = ? AND created_at > ? AND used_at IS NULL")
      .get(target, scene, at - CODE_RULE.resendAfterMs);
    if (recent) return undefined;
    const code = String(randomInt(10 ** CODE_RULE.digits)).padStart(CODE_RULE.digits, "0");
    this.db
      .prepare(
        `INSERT INTO verify_codes (target, scene, channel, code_hash, created_at, expires_at)
      VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(target, scene, channel, codeHash(target, scene, code, owner), at, at + CODE_RULE.ttlMs);
    return code;
  }

  /** Checks and spends the newest code for (target, scene). A wrong guess counts against it. */
  verify(target: string, scene: CodeScene, code: string, owner = ""): CodeCheck {
    return this.db.transaction((): CodeCheck => {
      const row = this.db
        .prepare(
          `SELECT id, code_hash, attempts, expires_at, used_at FROM verify_codes
        WHERE target = ? AND scene = ? ORDER BY created_at DESC, id DESC LIMIT 1`,
        )
        .get(target, scene) as { id: number; code_hash: string; attempts: number; expires_at: number; used_at: number | null } | undefined;
      if (!row || row.used_at !== null) return "missing";
      if (row.expires_at < this.now()) return "expired";
      if (row.attempts >= CODE_RULE.maxAttempts) return "exhausted";
      if (row.code_hash !== codeHash(target, scene, code, owner)) {
        this.db.prepare("UPDATE verify_codes SET attempts = attempts + 1 WHERE id = ?").run(row.id);
        return "wrong";
      }
      this.db.prepare("UPDATE verify_codes SET used_at = ? WHERE id = ?").run(this.now(), row.id);
      return "ok";
    })();
  }
}

export function mobileTarget(areaCode: string, mobile: string): string {
  return `+${areaCode.replace(/^\+/, "")}${mobile}`;
}
