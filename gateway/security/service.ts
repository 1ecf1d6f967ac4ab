/**
 * The security area's rules (docs/protocol.md §4–7): the login keys and their rotation, request
 * signatures of web sessions, API-key calls, login decryption and the device proof.
 */
import { createHash, createPublicKey, verify } from "node:crypto";
import { join } from "node:path";
import type { FastifyRequest } from "fastify";
import { CODES } from "../../protocol/codes.ts";
import { HEADERS } from "../../protocol/headers.ts";
import { SIGN_TIME_CHARS, signModeFor, signingString, type GatewaySignConfig } from "../../protocol/signing.ts";
import type { GatewayConfig } from "../config.ts";
import type { Db } from "../db/database.ts";
import { GatewayError } from "../envelope.ts";
import { headerOf, type Principal, type SessionRequest } from "../request.ts";
import { ApiKeyJudge, claimsApiKey, verifyApiKeyCall, type KeyOwnerStanding } from "./api-key-auth.ts";
import { DecryptError, keyIdOf, openCiphertext } from "./decrypt.ts";
import { loadOrCreateKeys, type GatewayKeys } from "./keys.ts";
import { LoginKeyRing } from "./login-keys.ts";
import { TokenBuckets, spend } from "./limits.ts";
import { EXACT_URLS, PREFIX_URLS, signConfigOf } from "./sign-config.ts";
import type { SecurityStore } from "./store.ts";

const SIGNED_PATHS = { exactUrls: EXACT_URLS, prefixUrls: PREFIX_URLS };

/** A signature is fresh while tm's first 8 digits are within one of the server's (100 s steps). */
const REPLAY_TTL_MS = 400_000;
/** RSA unwraps the whole gateway does, at most: cheap checks come first, this bounds the rest (docs/decisions/012). */
const RSA_BUDGET = { burst: 200, perMs: 1000 };

/** Signature checks in docs/protocol.md §5 order; the reason also goes out in `gw-sign-error`. */
function signFailure(code: string, reason: string, msg: string): GatewayError {
  return new GatewayError(code, msg, 401, { [HEADERS.signError]: reason });
}

/** A login's opened ciphertext: the sensitive fields plus the client key (docs/protocol.md §6). */
export interface OpenedLogin {
  fields: Record<string, unknown>;
  publicKey: string;
  algorithm: string;
}

export class SecurityService {
  readonly keys: GatewayKeys;
  private readonly ring: LoginKeyRing;
  private readonly rsaBudget = new TokenBuckets(RSA_BUDGET);
  private readonly seenTraceIds = new Map<string, number>();
  private rotation: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: SecurityStore,
    /** The API keys' table (security/api-keys.ts takes the database itself). */
    private readonly db: Db,
    private readonly config: Pick<GatewayConfig, "dataDir" | "loginKeyRotation">,
  ) {
    this.keys = loadOrCreateKeys(config.dataDir);
    this.ring = new LoginKeyRing(
      join(config.dataDir, "keys", "login"),
      this.keys.issuerKey,
      config.loginKeyRotation,
      Date.now,
      this.keys.gatewayPrivatePem,
    );
  }

  /** Replaces login keys when due, now and then on a timer, until {@link stop}. */
  startRotation(log: (err: unknown) => void): void {
    const rotate = () =>
      this.ring.rotateIfDue().then(
        () => this.store.forgetCiphertextsBut(this.ring.accepted().map((k) => k.id)),
        (err: unknown) => log(err),
      );
    void rotate();
    this.rotation = setInterval(rotate, Math.min(60_000, Math.ceil(this.config.loginKeyRotation.rotateMs / 4)));
    this.rotation.unref();
  }

  stop(): void {
    clearInterval(this.rotation);
  }

  /** The sign config with the login key current now (docs/decisions/011). */
  signConfig(): GatewaySignConfig {
    return signConfigOf(this.ring.current());
  }

  /** Whether a request claims an API key (any ACCESS-* header): it is then judged by {@link verifyApiKey} alone. */
  claimsApiKey(req: Pick<FastifyRequest, "headers">): boolean {
    return claimsApiKey(req);
  }

  /** The one judge of API keys for HTTP and the private stream, told by the accounts area whose keys may act (docs/decisions/342). */
  apiKeyJudge(standing: KeyOwnerStanding): ApiKeyJudge {
    return new ApiKeyJudge(this.db, standing);
  }

  /** The whole ACCESS-* check (docs/decisions/010, 342); throws the Bitget-coded refusal. */
  verifyApiKey(req: FastifyRequest, keys: ApiKeyJudge): Principal {
    return verifyApiKeyCall(keys, req);
  }

  /**
   * docs/protocol.md §5 checks of a session request to a signed path, in order; throws the coded
   * refusal. `sessionIdOf` names the request's live session. Returns false when there is nothing to check (path not signed, or no session: the
   * route answers 00004 itself), true when the signature was checked and good.
   */
  checkSignature(req: SessionRequest, sessionIdOf: (req: SessionRequest) => string | undefined): boolean {
    const url = req.url;
    const q = url.indexOf("?");
    const pathname = q < 0 ? url : url.slice(0, q);
    const mode = signModeFor(SIGNED_PATHS, pathname);
    if (mode === undefined) return false;
    // Looked up only for a signed path: the lookup slides the session's idle expiry.
    const sessionId = sessionIdOf(req);
    if (!sessionId) return false;
    const sig = headerOf(req, HEADERS.deviceSign);
    if (!sig) throw signFailure(CODES.signatureMissing, "missing", "Signature missing");
    if (headerOf(req, HEADERS.deviceSignMode) !== String(mode))
      throw signFailure(CODES.signModeMismatch, "mode", "Signature mode does not match");
    const tm = headerOf(req, HEADERS.time) ?? "";
    const uhti = headerOf(req, HEADERS.traceId) ?? "";
    const now = String(Date.now());
    if (!/^\d{13}$/.test(tm) || Math.abs(Number(tm.slice(0, SIGN_TIME_CHARS)) - Number(now.slice(0, SIGN_TIME_CHARS))) > 1) {
      throw signFailure(CODES.signatureExpired, "expired", "Signature expired; check your clock");
    }
    const keyId = headerOf(req, HEADERS.deviceSignKey) ?? "";
    const stored = this.store.sessionKey(sessionId, keyId);
    if (!stored) throw signFailure(CODES.signatureInvalid, "key", "Signature invalid");
    const text = signingString(mode, url, tm, uhti, req.rawBody ?? "");
    const md5 = createHash("md5").update(text, "utf8").digest("hex");
    if (headerOf(req, HEADERS.deviceSignDataMd5) !== md5) throw signFailure(CODES.signatureInvalid, "md5", "Signature invalid");
    const publicKey = createPublicKey({ key: Buffer.from(stored, "base64"), format: "der", type: "spki" });
    let valid = false;
    try {
      valid = verify("sha256", Buffer.from(text, "utf8"), publicKey, Buffer.from(sig, "base64"));
    } catch {
      valid = false;
    }
    if (!valid) throw signFailure(CODES.signatureInvalid, "signature", "Signature invalid");
    // A signed request is good once: the same trace id again within the window is a replay.
    const at = Date.now();
    const replayKey = `${sessionId}:${uhti}`;
    if (!uhti || (this.seenTraceIds.get(replayKey) ?? 0) > at) throw signFailure(CODES.signatureInvalid, "replay", "Request replayed");
    this.seenTraceIds.set(replayKey, at + REPLAY_TTL_MS);
    if (this.seenTraceIds.size > 100_000) for (const [k, exp] of this.seenTraceIds) if (exp <= at) this.seenTraceIds.delete(k);
    return true;
  }

  /** Opens `bodyCiphertext`: the sensitive fields plus the client key; throws a GatewayError if it cannot. */
  openLogin(body: unknown): OpenedLogin {
    const ciphertext = (body as { bodyCiphertext?: unknown } | undefined)?.bodyCiphertext;
    if (typeof ciphertext !== "string" || ciphertext.length > 16_384) {
      throw new GatewayError(CODES.loginEncryption, "Login data missing or malformed; reload the page and try again");
    }
    spend([[this.rsaBudget, "all"]], "The service is busy");
    const accepted = this.ring.accepted();
    let opened;
    try {
      opened = openCiphertext(
        ciphertext,
        accepted.map((k) => k.privateKey),
        this.keys.rejectionSecret,
      );
    } catch (err) {
      const reason = err instanceof DecryptError ? err.reason : "unreadable";
      // `unreadable` is also what a key past its grace gives: the browser loads the config again and retries.
      throw new GatewayError(
        CODES.loginEncryption,
        `Login data could not be read (${reason}); reload the page and try again`,
        400,
        {},
        { reason },
      );
    }
    // Judged on the AES key inside: the same login in another spelling is the same login (docs/decisions/011).
    if (!this.store.spendCiphertext(opened.replayId, accepted[opened.keyIndex]!.id, Date.now())) {
      throw new GatewayError(
        CODES.loginEncryption,
        "Login data was already used; reload the page and try again",
        400,
        {},
        { reason: "replayed" },
      );
    }
    return { fields: opened.fields, publicKey: opened.publicKey, algorithm: opened.algorithm };
  }

  /** Binds the client key of a login to its new session and user (docs/protocol.md §6, last rule). */
  bindClientKey(sessionId: string, userId: string, publicKey: string, algorithm: string): void {
    this.store.bindClientKey(sessionId, keyIdOf(publicKey), userId, publicKey, algorithm, Date.now());
  }

  /** Binds the keys of a session to the session that replaces it (a refresh keeps the browser's key pair). */
  carryClientKeys(fromSessionId: string, toSessionId: string): void {
    this.store.carryClientKeys(fromSessionId, toSessionId);
  }

  /** Spends a proof when the login it served succeeds; false when another login spent it first. */
  spendDeviceProof(proofId: string): boolean {
    return this.store.spendDeviceProof(proofId, Date.now());
  }

  /**
   * docs/protocol.md §7 device check: this browser proves it held a key of `userId` before. The
   * proof's id when it is valid and not spent yet (docs/decisions/011), else undefined.
   */
  deviceProof(req: SessionRequest, body: unknown, userId: string): string | undefined {
    const sig = headerOf(req, HEADERS.userCheckDeviceSign);
    const hash = (body as { userCheckDeviceUserIdHash?: unknown } | undefined)?.userCheckDeviceUserIdHash;
    if (!sig || typeof hash !== "string") return undefined;
    if (hash !== createHash("sha256").update(userId).digest("hex")) return undefined;
    const signature = Buffer.from(sig, "base64");
    for (const public_key of this.store.userKeysOf(userId)) {
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
      return this.store.deviceProofSpent(proofId) ? undefined : proofId;
    }
    return undefined;
  }
}
