import { createHash, createPublicKey, verify } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import forge from "node-forge";
import { CODES } from "../../protocol/codes.ts";
import { HEADERS } from "../../protocol/headers.ts";
import { PATHS } from "../../protocol/paths.ts";
import { SIGN_TIME_CHARS, signModeFor, signingString } from "../../protocol/signing.ts";
import { migrate } from "../db/database.ts";
import type { GatewayContext, LoginCrypto, SessionRequest } from "../context.ts";
import { GatewayError, ok } from "../envelope.ts";
import { DecryptError, keyIdOf, openCiphertext } from "./decrypt.ts";
import { loadOrCreateKeys, type GatewayKeys } from "./keys.ts";
import { signConfigOf } from "./sign-config.ts";

const MIGRATIONS = [
  {
    version: 200,
    name: "client keys",
    sql: `
      CREATE TABLE client_keys (
        session_id TEXT NOT NULL,
        key_id     TEXT NOT NULL,
        user_id    TEXT NOT NULL,
        public_key TEXT NOT NULL,
        algorithm  TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (session_id, key_id)
      );
      CREATE INDEX client_keys_user ON client_keys (user_id, created_at);
      CREATE TABLE used_ciphertexts (
        digest TEXT PRIMARY KEY,
        at     INTEGER NOT NULL
      );
    `,
  },
];

/** A signature is fresh while tm's first 8 digits are within one of the server's (100 s steps). */
const REPLAY_TTL_MS = 400_000;
const CIPHERTEXT_TTL_MS = 24 * 3600_000;

function headerOf(req: SessionRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === "string" ? v : undefined;
}

/** Signature checks in PROTOCOL.md §5 order; the reason also goes out in `gw-sign-error`. */
function signFailure(code: string, reason: string, msg: string): GatewayError {
  return new GatewayError(code, msg, 401, { [HEADERS.signError]: reason });
}

export interface Security {
  keys: GatewayKeys;
}

/** Keys, the sign config, request-signature verification and login decryption (PROTOCOL.md §4–7). */
export function installSecurity(app: FastifyInstance, ctx: GatewayContext): Security {
  migrate(ctx.db, MIGRATIONS);
  const keys = loadOrCreateKeys(ctx.config.dataDir);
  const config = signConfigOf(keys);
  const forgeKey = forge.pki.privateKeyFromPem(keys.gatewayPrivatePem) as forge.pki.rsa.PrivateKey;
  const modulusBytes = Math.ceil(forgeKey.n.bitLength() / 8);
  const seenTraceIds = new Map<string, number>();

  app.get(PATHS.gatewaySignConfig, async () => ok({ gatewaySignConfig: config }));

  const findKey = ctx.db.prepare("SELECT public_key FROM client_keys WHERE session_id = ? AND key_id = ?");

  /**
   * PROTOCOL.md §5 checks of a session request to a signed path, in order; throws the coded
   * refusal. Returns false when there is nothing to check (path not signed, an API-key call, no
   * session: the route answers 00004 itself), true when the signature was checked and good.
   */
  function checkSignature(req: SessionRequest): boolean {
    const url = req.url;
    const q = url.indexOf("?");
    const pathname = q < 0 ? url : url.slice(0, q);
    const mode = signModeFor(config, pathname);
    if (mode === undefined) return false;
    // An API-key call is judged by its HMAC alone (PROTOCOL.md §9).
    if (req.headers["access-key"] !== undefined) return false;
    const session = ctx.sessionOf?.(req);
    if (!session) return false;
    const sig = headerOf(req, HEADERS.deviceSign);
    if (!sig) throw signFailure(CODES.signatureMissing, "missing", "Signature missing");
    if (headerOf(req, HEADERS.deviceSignMode) !== String(mode)) throw signFailure(CODES.signModeMismatch, "mode", "Signature mode does not match");
    const tm = headerOf(req, HEADERS.time) ?? "";
    const uhti = headerOf(req, HEADERS.traceId) ?? "";
    const now = String(Date.now());
    if (!/^\d{13}$/.test(tm) || Math.abs(Number(tm.slice(0, SIGN_TIME_CHARS)) - Number(now.slice(0, SIGN_TIME_CHARS))) > 1) {
      throw signFailure(CODES.signatureExpired, "expired", "Signature expired; check your clock");
    }
    const keyId = headerOf(req, HEADERS.deviceSignKey) ?? "";
    const row = findKey.get(session.sessionId, keyId) as { public_key: string } | undefined;
    if (!row) throw signFailure(CODES.signatureInvalid, "key", "Signature invalid");
    const text = signingString(mode, url, tm, uhti, req.rawBody ?? "");
    const md5 = createHash("md5").update(text, "utf8").digest("hex");
    if (headerOf(req, HEADERS.deviceSignDataMd5) !== md5) throw signFailure(CODES.signatureInvalid, "md5", "Signature invalid");
    const publicKey = createPublicKey({ key: Buffer.from(row.public_key, "base64"), format: "der", type: "spki" });
    let valid = false;
    try {
      valid = verify("sha256", Buffer.from(text, "utf8"), publicKey, Buffer.from(sig, "base64"));
    } catch {
      valid = false;
    }
    if (!valid) throw signFailure(CODES.signatureInvalid, "signature", "Signature invalid");
    // A signed request is good once: the same trace id again within the window is a replay.
    const at = Date.now();
    const replayKey = `${session.sessionId}:${uhti}`;
    if (!uhti || (seenTraceIds.get(replayKey) ?? 0) > at) throw signFailure(CODES.signatureInvalid, "replay", "Request replayed");
    seenTraceIds.set(replayKey, at + REPLAY_TTL_MS);
    if (seenTraceIds.size > 100_000) for (const [k, exp] of seenTraceIds) if (exp <= at) seenTraceIds.delete(k);
    return true;
  }

  app.addHook("preHandler", async (req: FastifyRequest) => {
    checkSignature(req);
  });
  ctx.checkSessionSignature = checkSignature;

  const usedCipher = ctx.db.prepare("INSERT OR IGNORE INTO used_ciphertexts (digest, at) VALUES (?, ?)");
  const bind = ctx.db.prepare(`INSERT OR REPLACE INTO client_keys (session_id, key_id, user_id, public_key, algorithm, created_at)
    VALUES (?, ?, ?, ?, ?, ?)`);
  const carry = ctx.db.prepare(`INSERT OR REPLACE INTO client_keys (session_id, key_id, user_id, public_key, algorithm, created_at)
    SELECT ?, key_id, user_id, public_key, algorithm, created_at FROM client_keys WHERE session_id = ?`);
  const userKeys = ctx.db.prepare("SELECT public_key FROM client_keys WHERE user_id = ? ORDER BY created_at DESC LIMIT 50");

  const loginCrypto: LoginCrypto = {
    open(body) {
      const ciphertext = (body as { bodyCiphertext?: unknown } | undefined)?.bodyCiphertext;
      if (typeof ciphertext !== "string" || ciphertext.length > 16_384) {
        throw new GatewayError(CODES.loginEncryption, "Login data missing or malformed; reload the page and try again");
      }
      let opened;
      try {
        opened = openCiphertext(ciphertext, forgeKey, modulusBytes, keys.rejectionSecret);
      } catch (err) {
        const reason = err instanceof DecryptError ? err.reason : "unreadable";
        throw new GatewayError(CODES.loginEncryption, `Login data could not be read (${reason}); reload the page and try again`);
      }
      const digest = createHash("sha256").update(ciphertext).digest("hex");
      const at = Date.now();
      if (usedCipher.run(digest, at).changes === 0) {
        throw new GatewayError(CODES.loginEncryption, "Login data was already used; reload the page and try again");
      }
      ctx.db.prepare("DELETE FROM used_ciphertexts WHERE at < ?").run(at - CIPHERTEXT_TTL_MS);
      return opened;
    },
    bindClientKey(sessionId, userId, publicKey, algorithm) {
      bind.run(sessionId, keyIdOf(publicKey), userId, publicKey, algorithm, Date.now());
    },
    carryClientKeys(fromSessionId, toSessionId) {
      carry.run(toSessionId, fromSessionId);
    },
    deviceKnown(req, body, userId) {
      const sig = headerOf(req, HEADERS.userCheckDeviceSign);
      const hash = (body as { userCheckDeviceUserIdHash?: unknown } | undefined)?.userCheckDeviceUserIdHash;
      if (!sig || typeof hash !== "string") return false;
      if (hash !== createHash("sha256").update(userId).digest("hex")) return false;
      const signature = Buffer.from(sig, "base64");
      for (const { public_key } of userKeys.all(userId) as Array<{ public_key: string }>) {
        try {
          const key = createPublicKey({ key: Buffer.from(public_key, "base64"), format: "der", type: "spki" });
          if (verify("sha256", Buffer.from(public_key, "utf8"), key, signature)) return true;
        } catch {
          // a stored key that no longer parses proves nothing
        }
      }
      return false;
    },
  };
  ctx.loginCrypto = loginCrypto;
  return { keys };
}
