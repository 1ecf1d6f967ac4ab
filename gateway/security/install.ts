import { createHash, createPublicKey, verify } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { join } from "node:path";
import { CODES } from "../../protocol/codes.ts";
import { HEADERS } from "../../protocol/headers.ts";
import { PATHS } from "../../protocol/paths.ts";
import { SIGN_TIME_CHARS, signModeFor, signingString } from "../../protocol/signing.ts";
import { migrate } from "../db/database.ts";
import type { GatewayContext, LoginCrypto, SessionRequest } from "../context.ts";
import { GatewayError, ok } from "../envelope.ts";
import { DecryptError, keyIdOf, openCiphertext } from "./decrypt.ts";
import { loadOrCreateKeys, type GatewayKeys } from "./keys.ts";
import { LoginKeyRing } from "./login-keys.ts";
import { TokenBuckets, spend } from "./limits.ts";
import { EXACT_URLS, PREFIX_URLS, signConfigOf } from "./sign-config.ts";

const SIGNED_PATHS = { exactUrls: EXACT_URLS, prefixUrls: PREFIX_URLS };
import { claimsApiKey, verifyApiKeyCall } from "./api-key-auth.ts";

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
  {
    version: 201,
    name: "logins used per key, device proofs used",
    sql: `
      ALTER TABLE used_ciphertexts ADD COLUMN key_id TEXT NOT NULL DEFAULT '';
      CREATE TABLE used_device_proofs (
        digest TEXT PRIMARY KEY,
        at     INTEGER NOT NULL
      );
    `,
  },
];

/** A signature is fresh while tm's first 8 digits are within one of the server's (100 s steps). */
const REPLAY_TTL_MS = 400_000;
/** RSA unwraps the whole gateway does, at most: cheap checks come first, this bounds the rest (docs/decisions/012). */
const RSA_BUDGET = { burst: 200, perMs: 1000 };

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
  const ring = new LoginKeyRing(join(ctx.config.dataDir, "keys", "login"), keys.issuerKey, ctx.config.loginKeyRotation, Date.now, keys.gatewayPrivatePem);
  const forgetRetired = ctx.db.prepare("DELETE FROM used_ciphertexts WHERE key_id NOT IN (SELECT value FROM json_each(?))");
  const rotate = () =>
    ring.rotateIfDue().then(
      () => forgetRetired.run(JSON.stringify(ring.accepted().map((k) => k.id))),
      (err: unknown) => app.log.error({ err }, "login key rotation failed"),
    );
  void rotate();
  const rotation = setInterval(rotate, Math.min(60_000, Math.ceil(ctx.config.loginKeyRotation.rotateMs / 4)));
  rotation.unref();
  app.addHook("onClose", async () => clearInterval(rotation));
  const rsaBudget = new TokenBuckets(RSA_BUDGET);
  const seenTraceIds = new Map<string, number>();

  app.get(PATHS.gatewaySignConfig, async () => ok({ gatewaySignConfig: signConfigOf(ring.current()) }));

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
    const mode = signModeFor(SIGNED_PATHS, pathname);
    if (mode === undefined) return false;
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

  /**
   * Who is calling (docs/decisions/010): a request with any ACCESS-* header is an API-key call,
   * judged by the complete HMAC check alone, and its cookies are dropped so no route can act on
   * a session it happens to carry; any other request to a signed path needs its device-sign.
   */
  app.addHook("preHandler", async (req: FastifyRequest) => {
    if (claimsApiKey(req)) {
      req.apiKeyPrincipal = verifyApiKeyCall(ctx.db, req);
      delete req.headers.cookie;
      return;
    }
    checkSignature(req);
  });
  ctx.checkSessionSignature = checkSignature;

  const usedCipher = ctx.db.prepare("INSERT OR IGNORE INTO used_ciphertexts (digest, at, key_id) VALUES (?, ?, ?)");
  const usedProof = ctx.db.prepare("INSERT OR IGNORE INTO used_device_proofs (digest, at) VALUES (?, ?)");
  const spentProof = ctx.db.prepare("SELECT 1 FROM used_device_proofs WHERE digest = ?");
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
      spend([[rsaBudget, "all"]], "The service is busy");
      const accepted = ring.accepted();
      let opened;
      try {
        opened = openCiphertext(ciphertext, accepted.map((k) => k.privateKey), keys.rejectionSecret);
      } catch (err) {
        const reason = err instanceof DecryptError ? err.reason : "unreadable";
        // `unreadable` is also what a key past its grace gives: the browser loads the config again and retries.
        throw new GatewayError(CODES.loginEncryption, `Login data could not be read (${reason}); reload the page and try again`, 400, {}, { reason });
      }
      // Judged on the AES key inside: the same login in another spelling is the same login (docs/decisions/011).
      if (usedCipher.run(opened.replayId, Date.now(), accepted[opened.keyIndex]!.id).changes === 0) {
        throw new GatewayError(CODES.loginEncryption, "Login data was already used; reload the page and try again", 400, {}, { reason: "replayed" });
      }
      return { fields: opened.fields, publicKey: opened.publicKey, algorithm: opened.algorithm };
    },
    bindClientKey(sessionId, userId, publicKey, algorithm) {
      bind.run(sessionId, keyIdOf(publicKey), userId, publicKey, algorithm, Date.now());
    },
    carryClientKeys(fromSessionId, toSessionId) {
      carry.run(toSessionId, fromSessionId);
    },
    spendDeviceProof(proofId) {
      return usedProof.run(proofId, Date.now()).changes === 1;
    },
    deviceProof(req, body, userId) {
      const sig = headerOf(req, HEADERS.userCheckDeviceSign);
      const hash = (body as { userCheckDeviceUserIdHash?: unknown } | undefined)?.userCheckDeviceUserIdHash;
      if (!sig || typeof hash !== "string") return undefined;
      if (hash !== createHash("sha256").update(userId).digest("hex")) return undefined;
      const signature = Buffer.from(sig, "base64");
      for (const { public_key } of userKeys.all(userId) as Array<{ public_key: string }>) {
        let valid = false;
        try {
          const key = createPublicKey({ key: Buffer.from(public_key, "base64"), format: "der", type: "spki" });
          valid = verify("sha256", Buffer.from(public_key, "utf8"), key, signature);
        } catch {
          // a stored key that no longer parses proves nothing
        }
        if (!valid) continue;
        // A key proves its device once: the browser seals every login with a new key and proves
        // the next one with it, so a captured proof sent again proves nothing (docs/decisions/011).
        const proofId = createHash("sha256").update("device-proof\0").update(public_key).digest("hex");
        return spentProof.get(proofId) ? undefined : proofId;
      }
      return undefined;
    },
  };
  ctx.loginCrypto = loginCrypto;
  return { keys };
}
