import { createHash, randomBytes, randomInt } from "node:crypto";
import type { Db } from "../db/database.ts";
import {
  CAPTCHA_CHALLENGE_TTL_MS, CAPTCHA_MAX_ATTEMPTS, CAPTCHA_TOKEN_TTL_MS, type CaptchaScene,
} from "../../protocol/captcha.ts";
import { makeChallenge, seededRandom, type Challenge } from "./challenge.ts";
import { judgeSlide, type SlideResult } from "./judge.ts";

export const CAPTCHA_MIGRATIONS = [
  {
    version: 550,
    name: "captcha",
    sql: `
      CREATE TABLE captcha_challenges (
        captcha_id TEXT PRIMARY KEY,
        biz_id     TEXT NOT NULL,
        scene      TEXT NOT NULL,
        answer_x   INTEGER NOT NULL,
        piece_y    INTEGER NOT NULL,
        background BLOB NOT NULL,
        piece      BLOB NOT NULL,
        attempts   INTEGER NOT NULL DEFAULT 0,
        expires_at INTEGER NOT NULL,
        solved_at  INTEGER
      );
      CREATE TABLE captcha_tokens (
        token_hash TEXT PRIMARY KEY,
        scene      TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at    INTEGER
      );
      CREATE TABLE risk_events (
        kind TEXT NOT NULL,
        key  TEXT NOT NULL,
        at   INTEGER NOT NULL
      );
      CREATE INDEX risk_events_key ON risk_events (kind, key, at);
    `,
  },
];

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

export type CheckOutcome =
  | { ok: true; captchaToken: string }
  | { ok: false; reason: "unknown" | "expired" | "used" | "exhausted" | "wrong" | "biz" };

/** Challenges, their answers (never sent out) and the single-use tokens a solved one earns. */
export class CaptchaStore {
  constructor(private readonly db: Db, private readonly now: () => number = Date.now) {}

  create(scene: CaptchaScene): { captchaId: string; bizId: string; challenge: Challenge } {
    const captchaId = randomBytes(16).toString("hex");
    const bizId = randomBytes(8).toString("hex");
    const challenge = makeChallenge(seededRandom(randomInt(2 ** 31)));
    this.db.prepare(`INSERT INTO captcha_challenges
      (captcha_id, biz_id, scene, answer_x, piece_y, background, piece, expires_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(
      captchaId, bizId, scene, challenge.answerX, challenge.pieceY, challenge.background, challenge.piece,
      this.now() + CAPTCHA_CHALLENGE_TTL_MS,
    );
    this.db.prepare("DELETE FROM captcha_challenges WHERE expires_at < ?").run(this.now() - CAPTCHA_CHALLENGE_TTL_MS);
    return { captchaId, bizId, challenge };
  }

  image(captchaId: string, part: "background" | "piece"): Buffer | undefined {
    const row = this.db.prepare(`SELECT ${part === "piece" ? "piece" : "background"} AS img, expires_at
      FROM captcha_challenges WHERE captcha_id = ? AND solved_at IS NULL`).get(captchaId) as
      { img: Buffer; expires_at: number } | undefined;
    return row && row.expires_at >= this.now() ? row.img : undefined;
  }

  check(captchaId: string, bizId: string, result: SlideResult): CheckOutcome {
    return this.db.transaction((): CheckOutcome => {
      const row = this.db.prepare("SELECT * FROM captcha_challenges WHERE captcha_id = ?").get(captchaId) as
        { biz_id: string; scene: string; answer_x: number; attempts: number; expires_at: number; solved_at: number | null } | undefined;
      if (!row) return { ok: false, reason: "unknown" };
      if (row.biz_id !== bizId) return { ok: false, reason: "biz" };
      if (row.solved_at !== null) return { ok: false, reason: "used" };
      if (row.expires_at < this.now()) return { ok: false, reason: "expired" };
      if (row.attempts >= CAPTCHA_MAX_ATTEMPTS) return { ok: false, reason: "exhausted" };
      this.db.prepare("UPDATE captcha_challenges SET attempts = attempts + 1 WHERE captcha_id = ?").run(captchaId);
      if (!judgeSlide(row.answer_x, result).ok) return { ok: false, reason: "wrong" };
      this.db.prepare("UPDATE captcha_challenges SET solved_at = ? WHERE captcha_id = ?").run(this.now(), captchaId);
      const captchaToken = randomBytes(24).toString("base64url");
      this.db.prepare("INSERT INTO captcha_tokens (token_hash, scene, expires_at) VALUES (?, ?, ?)")
        .run(sha256(captchaToken), row.scene, this.now() + CAPTCHA_TOKEN_TTL_MS);
      return { ok: true, captchaToken };
    })();
  }

  /** Spends a token for a scene: true once, false for unknown, expired, reused or other-scene tokens. */
  consumeToken(token: string | undefined, scene: CaptchaScene): boolean {
    if (!token) return false;
    const r = this.db.prepare(`UPDATE captcha_tokens SET used_at = ?
      WHERE token_hash = ? AND scene = ? AND used_at IS NULL AND expires_at >= ?`)
      .run(this.now(), sha256(token), scene, this.now());
    return r.changes === 1;
  }
}

/** Counts of risky events (failed logins, registrations) per key in a sliding window. */
export class RiskCounter {
  constructor(private readonly db: Db, private readonly now: () => number = Date.now) {}

  record(kind: string, keys: string[]): void {
    const insert = this.db.prepare("INSERT INTO risk_events (kind, key, at) VALUES (?, ?, ?)");
    const at = this.now();
    this.db.transaction(() => keys.forEach((k) => insert.run(kind, k, at)))();
  }

  /** The largest count among the keys within the window. */
  count(kind: string, keys: string[], windowMs: number): number {
    const q = this.db.prepare("SELECT count(*) AS n FROM risk_events WHERE kind = ? AND key = ? AND at >= ?");
    return Math.max(0, ...keys.map((k) => (q.get(kind, k, this.now() - windowMs) as { n: number }).n));
  }

  clear(kind: string, keys: string[]): void {
    const del = this.db.prepare("DELETE FROM risk_events WHERE kind = ? AND key = ?");
    this.db.transaction(() => keys.forEach((k) => del.run(kind, k)))();
  }
}
