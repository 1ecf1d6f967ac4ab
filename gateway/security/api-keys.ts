/**
 * Bitget-style API keys: ACCESS-KEY, ACCESS-SIGN = base64 HMAC-SHA256(secret, timestamp +
 * METHOD + requestPath[?query] + body), ACCESS-TIMESTAMP (ms, within 30 s of server time) and
 * ACCESS-PASSPHRASE (stored salted and hashed). The secret is kept as is: HMAC needs it.
 */
import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from "node:crypto";
import { CODES } from "../../protocol/codes.ts";
import type { Statement } from "better-sqlite3";
import { migrate, type Db } from "../db/database.ts";
import { readIpAllow, type IpAllowList } from "./ip-allow.ts";

export const TIMESTAMP_WINDOW_MS = 30_000;
const API_KEY_SUSPENDED = CODES.apiKeySuspended;
export type Permission = "read" | "trade" | "withdraw";

export interface ApiKeyRow {
  api_key: string;
  user_id: string;
  secret: string;
  passphrase_salt: string;
  passphrase_hash: string;
  permissions: string;
  ip_allow: string;
  revoked_at: number | null;
  /** Set by a password reset: the key answers nothing until its owner re-confirms it with 2FA. */
  suspended_at: number | null;
}

/**
 * The hold a password reset puts on keys (docs/decisions/506). Applied by whoever touches the
 * keys first, after the exchange's own migration made the table: the accounts module, or a test
 * harness that has only the exchange's tables.
 */
const KEY_MIGRATIONS = [{ version: 511, name: "api key suspension", sql: "ALTER TABLE api_keys ADD COLUMN suspended_at INTEGER" }];
const migrated = new WeakSet<Db>();
function ready(db: Db): Db {
  if (!migrated.has(db)) {
    migrate(db, KEY_MIGRATIONS);
    migrated.add(db);
  }
  return db;
}

export function hashPassphrase(salt: string, passphrase: string): string {
  return createHash("sha256").update(salt).update("\0").update(passphrase).digest("hex");
}

export interface NewApiKey {
  apiKey: string;
  secretKey: string;
  passphrase: string;
}

/** Creates a key for a user (the accounts module's "create API key" uses this). */
export function createApiKey(
  db: Db,
  opts: { userId: string; passphrase: string; permissions?: Permission[]; ipAllow?: string[]; label?: string },
): NewApiKey {
  const apiKey = "bg_" + randomBytes(16).toString("hex");
  const secretKey = randomBytes(32).toString("hex");
  const salt = randomBytes(16).toString("hex");
  ready(db)
    .prepare(
      `INSERT INTO api_keys (api_key, user_id, secret, passphrase_salt, passphrase_hash, permissions, ip_allow, label, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      apiKey,
      opts.userId,
      secretKey,
      salt,
      hashPassphrase(salt, opts.passphrase),
      (opts.permissions ?? ["read", "trade"]).join(","),
      (opts.ipAllow ?? []).join(","),
      opts.label ?? "",
      Date.now(),
    );
  return { apiKey, secretKey, passphrase: opts.passphrase };
}

export function revokeApiKey(db: Db, apiKey: string): void {
  ready(db).prepare("UPDATE api_keys SET revoked_at = ? WHERE api_key = ? AND revoked_at IS NULL").run(Date.now(), apiKey);
  KEY_CACHE.delete(apiKey);
}

/** Puts every live key of a user on hold (a password reset); returns how many. */
export function suspendApiKeysOf(db: Db, userId: string): number {
  const keys = ready(db)
    .prepare("SELECT api_key FROM api_keys WHERE user_id = ? AND revoked_at IS NULL AND suspended_at IS NULL")
    .all(userId) as Array<{ api_key: string }>;
  db.prepare("UPDATE api_keys SET suspended_at = ? WHERE user_id = ? AND revoked_at IS NULL AND suspended_at IS NULL").run(
    Date.now(),
    userId,
  );
  for (const k of keys) KEY_CACHE.delete(k.api_key);
  return keys.length;
}

/** How many live keys (held or not) a user has. */
export function countApiKeys(db: Db, userId: string): number {
  return (ready(db).prepare("SELECT count(*) AS n FROM api_keys WHERE user_id = ? AND revoked_at IS NULL").get(userId) as { n: number }).n;
}

/** Revokes every live key of a user (a frozen account); returns how many. */
export function revokeApiKeysOf(db: Db, userId: string): number {
  const keys = ready(db).prepare("SELECT api_key FROM api_keys WHERE user_id = ? AND revoked_at IS NULL").all(userId) as Array<{
    api_key: string;
  }>;
  for (const k of keys) revokeApiKey(db, k.api_key);
  return keys.length;
}

/** A user's live key (held or not), or undefined when it is not theirs or is revoked. */
export function apiKeyOf(db: Db, userId: string, apiKey: string): (ApiKeyRow & { label: string; created_at: number }) | undefined {
  return ready(db).prepare("SELECT * FROM api_keys WHERE api_key = ? AND user_id = ? AND revoked_at IS NULL").get(apiKey, userId) as
    | (ApiKeyRow & { label: string; created_at: number })
    | undefined;
}

export function listApiKeys(db: Db, userId: string): Array<ApiKeyRow & { label: string; created_at: number }> {
  return ready(db).prepare("SELECT * FROM api_keys WHERE user_id = ? AND revoked_at IS NULL ORDER BY created_at DESC").all(userId) as Array<
    ApiKeyRow & { label: string; created_at: number }
  >;
}

/** Changes what a key may do, and lifts its hold when `reconfirm` (the owner proved 2FA for it). */
export function updateApiKey(
  db: Db,
  apiKey: string,
  f: { label?: string; permissions?: Permission[]; ipAllow?: string[]; reconfirm?: boolean },
): void {
  const sets: string[] = [];
  const values: Record<string, string | number | null> = { apiKey };
  if (f.label !== undefined) {
    sets.push("label = @label");
    values.label = f.label;
  }
  if (f.permissions !== undefined) {
    sets.push("permissions = @permissions");
    values.permissions = f.permissions.join(",");
  }
  if (f.ipAllow !== undefined) {
    sets.push("ip_allow = @ipAllow");
    values.ipAllow = f.ipAllow.join(",");
  }
  if (f.reconfirm) sets.push("suspended_at = NULL");
  if (sets.length === 0) return;
  ready(db)
    .prepare(`UPDATE api_keys SET ${sets.join(", ")} WHERE api_key = @apiKey AND revoked_at IS NULL`)
    .run(values);
  KEY_CACHE.delete(apiKey);
}

/** Why a key that lookupApiKey refused is refused, when it is the owner's hold (for a clear answer). */
export function apiKeyHold(db: Db, apiKey: string): { code: string; msg: string } | undefined {
  const row = ready(db).prepare("SELECT suspended_at FROM api_keys WHERE api_key = ? AND revoked_at IS NULL").get(apiKey) as
    | { suspended_at: number | null }
    | undefined;
  return row?.suspended_at
    ? { code: API_KEY_SUSPENDED, msg: "This API key was suspended after a password reset; re-confirm it in the API key settings" }
    : undefined;
}

/** What lookupApiKey answers for a live key: its row, allow-list, passphrase check and signature. */
export interface FoundKey {
  readonly row: ApiKeyRow;
  /** The row's IP allow-list, read once for matching. */
  readonly ips: IpAllowList;
  passphraseOk(p: string): boolean;
  /** base64 HMAC-SHA256 of `text` under the key's secret: signText(row.secret, text). */
  sign(text: string): string;
}

/**
 * A key as cached: the lookup's answer itself (no object per call), with the secret imported once
 * as a KeyObject, so a signature check does not convert the secret text to key bytes on every
 * request (issue 31, decision 355 round 4). Same bytes as signText's string key (UTF-8).
 */
class CachedKey implements FoundKey {
  /** The passphrase last verified against the stored hash (skips re-hashing on every request). */
  private verified = "";
  private readonly key: KeyObject;
  constructor(
    readonly row: ApiKeyRow,
    readonly ips: IpAllowList,
    readonly at: number,
  ) {
    this.key = createSecretKey(Buffer.from(row.secret, "utf8"));
  }
  passphraseOk(p: string): boolean {
    if (this.verified !== "" && safeEqual(this.verified, p)) return true;
    const ok = safeEqual(hashPassphrase(this.row.passphrase_salt, p), this.row.passphrase_hash);
    if (ok) this.verified = p;
    return ok;
  }
  sign(text: string): string {
    return createHmac("sha256", this.key).update(text).digest("base64");
  }
}

/** Keys seen recently; revocation through revokeApiKey drops the entry at once. */
const KEY_CACHE = new Map<string, CachedKey>();
const KEY_CACHE_MAX = 10_000;
/** Bounds how long a change made outside this process (another tool on the database) can go unseen. */
const KEY_CACHE_MS = 5_000;

/**
 * lookupApiKey's statement, compiled once per database (issue 31): it runs on every call whose key
 * is not cached, which is every call with an unknown key, so a flood of made-up keys compiled SQL
 * each time.
 */
const LOOKUP = new WeakMap<Db, Statement>();
function lookupStatement(db: Db): Statement {
  let statement = LOOKUP.get(db);
  if (!statement) LOOKUP.set(db, (statement = ready(db).prepare("SELECT * FROM api_keys WHERE api_key = ?")));
  return statement;
}

/**
 * Looks up a live key and checks its passphrase; undefined when unknown, revoked or suspended
 * (every caller then refuses it; apiKeyHold says why).
 */
export function lookupApiKey(db: Db, apiKey: string, now = Date.now()): FoundKey | undefined {
  let hit = KEY_CACHE.get(apiKey);
  if (!hit || now - hit.at > KEY_CACHE_MS) {
    const row = lookupStatement(db).get(apiKey) as ApiKeyRow | undefined;
    if (!row || row.revoked_at !== null || row.suspended_at) {
      KEY_CACHE.delete(apiKey);
      return undefined;
    }
    if (KEY_CACHE.size >= KEY_CACHE_MAX) KEY_CACHE.clear();
    hit = new CachedKey(row, readIpAllow(row.ip_allow), now);
    KEY_CACHE.set(apiKey, hit);
  }
  return hit;
}

/** The signature a client sends (also used by tests and bots). */
export function signRequest(secret: string, timestamp: string, method: string, requestPath: string, body: string): string {
  return signText(secret, timestamp + method.toUpperCase() + requestPath + body);
}

/** base64 HMAC-SHA256 of an already joined prehash string (HTTP's, or the stream login's). */
export function signText(secret: string, text: string): string {
  return createHmac("sha256", secret).update(text).digest("base64");
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The API-key functions above bound to one database, as the accounts service holds them. */
export class ApiKeyStore {
  constructor(private readonly db: Db) {}
  create(opts: Parameters<typeof createApiKey>[1]): NewApiKey {
    return createApiKey(this.db, opts);
  }
  count(userId: string): number {
    return countApiKeys(this.db, userId);
  }
  list(userId: string) {
    return listApiKeys(this.db, userId);
  }
  of(userId: string, apiKey: string) {
    return apiKeyOf(this.db, userId, apiKey);
  }
  update(apiKey: string, f: Parameters<typeof updateApiKey>[2]): void {
    updateApiKey(this.db, apiKey, f);
  }
  revoke(apiKey: string): void {
    revokeApiKey(this.db, apiKey);
  }
  revokeAllOf(userId: string): number {
    return revokeApiKeysOf(this.db, userId);
  }
  suspendAllOf(userId: string): number {
    return suspendApiKeysOf(this.db, userId);
  }
  lookup(apiKey: string) {
    return lookupApiKey(this.db, apiKey);
  }
  hold(apiKey: string) {
    return apiKeyHold(this.db, apiKey);
  }
}
