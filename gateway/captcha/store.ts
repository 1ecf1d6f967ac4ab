import { createHash, randomBytes, randomInt } from "node:crypto";
import { z } from "zod";
import type { FastifyRequest } from "fastify";
import { HEADERS } from "../../protocol/headers.ts";
import type { Db } from "../db/database.ts";
import {
  CAPTCHA_CHALLENGE_TTL_MS,
  CAPTCHA_POW_ALGORITHM,
  CAPTCHA_TOKEN_TTL_MS,
  type CaptchaScene,
  CAPTCHA_POW_BITS,
} from "../../protocol/captcha.ts";
import { planChallenge, renderChallenge, type ChallengePlan } from "./challenge.ts";
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
  {
    // docs/decisions/013: a seed instead of two PNGs, the asking client, the proof of work, one
    // answer per challenge. Challenges and tokens live minutes, so the old rows are simply dropped.
    version: 551,
    name: "captcha-hardening",
    sql: `
      DROP TABLE captcha_challenges;
      CREATE TABLE captcha_challenges (
        captcha_id TEXT PRIMARY KEY,
        biz_id     TEXT NOT NULL,
        scene      TEXT NOT NULL,
        seed       INTEGER NOT NULL,
        answer_x   INTEGER NOT NULL,
        piece_y    INTEGER NOT NULL,
        client_ip  TEXT NOT NULL,
        device_id  TEXT NOT NULL,
        pow_prefix TEXT NOT NULL,
        pow_bits   INTEGER NOT NULL,
        renders    INTEGER NOT NULL DEFAULT 0,
        issued_at  INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        checked_at INTEGER,
        solved_at  INTEGER
      );
      CREATE INDEX captcha_challenges_expiry ON captcha_challenges (expires_at);
      DROP TABLE captcha_tokens;
      CREATE TABLE captcha_tokens (
        token_hash TEXT PRIMARY KEY,
        scene      TEXT NOT NULL,
        client_ip  TEXT NOT NULL,
        device_id  TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at    INTEGER
      );
      CREATE INDEX captcha_tokens_expiry ON captcha_tokens (expires_at);
    `,
  },
];

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** Who asked: a challenge and the token it earns are good only for the same address and device id. */
export interface CaptchaClient {
  ip: string;
  deviceId: string;
}

/** The client a challenge is bound to: the address the gateway sees and the browser's device id. */
export function captchaClientOf(req: Pick<FastifyRequest, "ip" | "headers">): CaptchaClient {
  const device = req.headers[HEADERS.deviceId];
  return { ip: req.ip, deviceId: typeof device === "string" ? device.slice(0, 128) : "" };
}

const PowBitsEnv = z.coerce.number().int().min(0).max(32);

/**
 * The captcha's settings: the proof-of-work difficulty may be lowered for tests and raised under
 * attack with `CAPTCHA_POW_BITS` (docs/decisions/013); a bad value stops the start.
 */
export function captchaOptionsFromEnv(env: Record<string, string | undefined> = process.env): CaptchaOptions {
  const raw = env.CAPTCHA_POW_BITS;
  const bits = raw === undefined || raw === "" ? CAPTCHA_POW_BITS : PowBitsEnv.safeParse(raw);
  if (typeof bits !== "number" && !bits.success) throw new Error(`invalid gateway environment: CAPTCHA_POW_BITS must be an integer 0-32`);
  return { powBits: typeof bits === "number" ? bits : bits.data, maxRenders: 4 };
}

export interface CaptchaOptions {
  /** Proof-of-work difficulty in leading zero bits (docs/decisions/013). */
  powBits: number;
  /** Renders of one challenge's pictures at most (a cache miss each), so one challenge cannot buy unbounded drawing. */
  maxRenders: number;
}

export type CheckOutcome =
  | { ok: true; captchaToken: string }
  | { ok: false; reason: "unknown" | "biz" | "client" | "used" | "expired" | "pow" | "position" | "trail" | "timing" };

/** Leading zero bits of a digest. */
export function leadingZeroBits(digest: Uint8Array): number {
  let n = 0;
  for (const byte of digest) {
    if (byte !== 0) return n + Math.clz32(byte) - 24;
    n += 8;
  }
  return n;
}

/** One SHA-256 of at most ~50 bytes: the server's side of the proof of work costs the same for every answer. */
export function powSolved(prefix: string, bits: number, nonce: string | undefined): boolean {
  if (nonce === undefined) return bits <= 0;
  return (
    leadingZeroBits(
      createHash(CAPTCHA_POW_ALGORITHM)
        .update(prefix + nonce, "utf8")
        .digest(),
    ) >= bits
  );
}

interface Row {
  biz_id: string;
  scene: string;
  seed: number;
  answer_x: number;
  client_ip: string;
  device_id: string;
  pow_prefix: string;
  pow_bits: number;
  issued_at: number;
  expires_at: number;
  checked_at: number | null;
}

type Pictures = { background: Buffer; piece: Buffer };

/** Pictures drawn lately, by challenge: both parts come from one drawing, and a reload does not draw again. */
class PictureCache {
  private readonly entries = new Map<string, { pictures: Pictures; until: number }>();
  constructor(
    private readonly max = 64,
    private readonly ttlMs = 60_000,
  ) {}

  get(id: string, now: number): Pictures | undefined {
    const e = this.entries.get(id);
    if (e && e.until >= now) return e.pictures;
    this.entries.delete(id);
    return undefined;
  }

  set(id: string, pictures: Pictures, now: number): void {
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(id, { pictures, until: now + this.ttlMs });
  }

  delete(id: string): void {
    this.entries.delete(id);
  }
}

/**
 * Challenges (a seed and the answer it implies, never sent out), the client each was handed to,
 * and the single-use tokens a solved one earns (docs/decisions/004, 013).
 */
export class CaptchaStore {
  private readonly pictures = new PictureCache();

  constructor(
    private readonly db: Db,
    private readonly options: CaptchaOptions,
    private readonly now: () => number = Date.now,
  ) {}

  create(
    scene: CaptchaScene,
    client: CaptchaClient,
  ): { captchaId: string; bizId: string; plan: ChallengePlan; pow: { algorithm: string; prefix: string; bits: number } } {
    const captchaId = randomBytes(16).toString("hex");
    const bizId = randomBytes(8).toString("hex");
    const plan = planChallenge(randomInt(2 ** 31));
    const pow = { algorithm: CAPTCHA_POW_ALGORITHM, prefix: randomBytes(16).toString("hex"), bits: this.options.powBits };
    const at = this.now();
    this.db.prepare("DELETE FROM captcha_challenges WHERE expires_at < ?").run(at - CAPTCHA_CHALLENGE_TTL_MS);
    this.db
      .prepare(
        `INSERT INTO captcha_challenges
      (captcha_id, biz_id, scene, seed, answer_x, piece_y, client_ip, device_id, pow_prefix, pow_bits, issued_at, expires_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        captchaId,
        bizId,
        scene,
        plan.seed,
        plan.answerX,
        plan.pieceY,
        client.ip,
        client.deviceId,
        pow.prefix,
        pow.bits,
        at,
        at + CAPTCHA_CHALLENGE_TTL_MS,
      );
    return { captchaId, bizId, plan, pow };
  }

  /**
   * A picture of an open challenge, for the address that asked for it (an `<img>` sends no device
   * id): drawn from the seed on the first request and cached briefly.
   */
  image(captchaId: string, part: "background" | "piece", ip: string): Buffer | undefined {
    const at = this.now();
    const row = this.db
      .prepare(
        `SELECT seed, client_ip, expires_at FROM captcha_challenges
      WHERE captcha_id = ? AND checked_at IS NULL`,
      )
      .get(captchaId) as { seed: number; client_ip: string; expires_at: number } | undefined;
    if (!row || row.expires_at < at || row.client_ip !== ip) return undefined;
    let pictures = this.pictures.get(captchaId, at);
    if (!pictures) {
      const counted = this.db
        .prepare("UPDATE captcha_challenges SET renders = renders + 1 WHERE captcha_id = ? AND renders < ?")
        .run(captchaId, this.options.maxRenders);
      if (counted.changes !== 1) return undefined;
      pictures = renderChallenge(planChallenge(row.seed));
      this.pictures.set(captchaId, pictures, at);
    }
    return pictures[part];
  }

  /**
   * Judges the one answer a challenge takes. Cheap checks first (the row, its client, its state,
   * one hash for the proof of work), then the trail. Once the challenge is found to be this
   * client's and open, the answer spends it, right or wrong.
   */
  check(captchaId: string, bizId: string, result: SlideResult, client: CaptchaClient): CheckOutcome {
    return this.db.transaction((): CheckOutcome => {
      const at = this.now();
      const row = this.db.prepare("SELECT * FROM captcha_challenges WHERE captcha_id = ?").get(captchaId) as Row | undefined;
      if (!row) return { ok: false, reason: "unknown" };
      if (row.biz_id !== bizId) return { ok: false, reason: "biz" };
      if (row.client_ip !== client.ip || row.device_id !== client.deviceId) return { ok: false, reason: "client" };
      if (row.checked_at !== null) return { ok: false, reason: "used" };
      if (row.expires_at < at) return { ok: false, reason: "expired" };
      this.db.prepare("UPDATE captcha_challenges SET checked_at = ? WHERE captcha_id = ?").run(at, captchaId);
      this.pictures.delete(captchaId);
      if (!powSolved(row.pow_prefix, row.pow_bits, result.pow)) return { ok: false, reason: "pow" };
      const verdict = judgeSlide(row.answer_x, result, at - row.issued_at);
      if (!verdict.ok) return { ok: false, reason: verdict.reason };
      this.db.prepare("UPDATE captcha_challenges SET solved_at = ? WHERE captcha_id = ?").run(at, captchaId);
      const captchaToken = randomBytes(24).toString("base64url");
      this.db.prepare("DELETE FROM captcha_tokens WHERE expires_at < ?").run(at);
      this.db
        .prepare("INSERT INTO captcha_tokens (token_hash, scene, client_ip, device_id, expires_at) VALUES (?, ?, ?, ?, ?)")
        .run(sha256(captchaToken), row.scene, client.ip, client.deviceId, at + CAPTCHA_TOKEN_TTL_MS);
      return { ok: true, captchaToken };
    })();
  }

  /** Spends a token for a scene: true once, for the client it was earned by; false for unknown, expired, reused, other-scene or other-client tokens. */
  consumeToken(token: string | undefined, scene: CaptchaScene, client: CaptchaClient): boolean {
    if (!token) return false;
    const r = this.db
      .prepare(
        `UPDATE captcha_tokens SET used_at = ?
      WHERE token_hash = ? AND scene = ? AND client_ip = ? AND device_id = ? AND used_at IS NULL AND expires_at >= ?`,
      )
      .run(this.now(), sha256(token), scene, client.ip, client.deviceId, this.now());
    return r.changes === 1;
  }
}

/** Counts of risky events (failed logins, registrations) per key in a sliding window. */
export class RiskCounter {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

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
