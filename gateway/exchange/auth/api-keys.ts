/**
 * Bitget-style API keys: ACCESS-KEY, ACCESS-SIGN = base64 HMAC-SHA256(secret, timestamp +
 * METHOD + requestPath[?query] + body), ACCESS-TIMESTAMP (ms, within 30 s of server time) and
 * ACCESS-PASSPHRASE (stored salted and hashed). The secret is kept as is: HMAC needs it.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "../../db/database.ts";

export const TIMESTAMP_WINDOW_MS = 30_000;
export type Permission = "read" | "trade";

export interface ApiKeyRow {
  api_key: string;
  user_id: string;
  secret: string;
  passphrase_salt: string;
  passphrase_hash: string;
  permissions: string;
  ip_allow: string;
  revoked_at: number | null;
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
  db.prepare(`INSERT INTO api_keys (api_key, user_id, secret, passphrase_salt, passphrase_hash, permissions, ip_allow, label, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
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
  db.prepare("UPDATE api_keys SET revoked_at = ? WHERE api_key = ? AND revoked_at IS NULL").run(Date.now(), apiKey);
  KEY_CACHE.delete(apiKey);
}

interface CachedKey {
  row: ApiKeyRow;
  /** The passphrase last verified against the stored hash (skips re-hashing on every request). */
  verified: string;
  at: number;
}

/** Keys seen recently; revocation through revokeApiKey drops the entry at once. */
const KEY_CACHE = new Map<string, CachedKey>();
const KEY_CACHE_MAX = 10_000;
/** Bounds how long a change made outside this process (another tool on the database) can go unseen. */
const KEY_CACHE_MS = 5_000;

/** Looks up a live key and checks its passphrase; undefined when unknown or revoked. */
export function lookupApiKey(db: Db, apiKey: string, now = Date.now()): { row: ApiKeyRow; passphraseOk(p: string): boolean } | undefined {
  let hit = KEY_CACHE.get(apiKey);
  if (!hit || now - hit.at > KEY_CACHE_MS) {
    const row = db.prepare("SELECT * FROM api_keys WHERE api_key = ?").get(apiKey) as ApiKeyRow | undefined;
    if (!row || row.revoked_at !== null) {
      KEY_CACHE.delete(apiKey);
      return undefined;
    }
    if (KEY_CACHE.size >= KEY_CACHE_MAX) KEY_CACHE.clear();
    hit = { row, verified: "", at: now };
    KEY_CACHE.set(apiKey, hit);
  }
  const entry = hit;
  return {
    row: entry.row,
    passphraseOk(p: string) {
      if (entry.verified !== "" && safeEqual(entry.verified, p)) return true;
      const ok = safeEqual(hashPassphrase(entry.row.passphrase_salt, p), entry.row.passphrase_hash);
      if (ok) entry.verified = p;
      return ok;
    },
  };
}

/** The signature a client sends (also used by tests and bots). */
export function signRequest(secret: string, timestamp: string, method: string, requestPath: string, body: string): string {
  return createHmac("sha256", secret).update(timestamp + method.toUpperCase() + requestPath + body).digest("base64");
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
