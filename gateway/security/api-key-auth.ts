import type { FastifyRequest } from "fastify";
import { API_KEY_HEADERS, EX_CODES } from "../../protocol/bitget.ts";
import { headerOf, type Principal } from "../request.ts";
import type { Db } from "../db/database.ts";
import { GatewayError } from "../envelope.ts";
import { apiKeyHold, lookupApiKey, safeEqual, signRequest, TIMESTAMP_WINDOW_MS } from "./api-keys.ts";

const NAMES = Object.values(API_KEY_HEADERS);

/** Whether a request claims to be an API-key call: any of the ACCESS-* headers, even empty. */
export function claimsApiKey(req: Pick<FastifyRequest, "headers">): boolean {
  return NAMES.some((name) => req.headers[name] !== undefined);
}

const deny = (code: string, msg: string, status = 401) => new GatewayError(code, msg, status);

/**
 * The whole ACCESS-* check of a call that claims an API key (docs/decisions/010): every header
 * present and well formed, a fresh timestamp, a live key, the HMAC over the normalised path and
 * the exact body, the passphrase, the IP allow-list. Throws the Bitget-coded refusal.
 */
export function verifyApiKeyCall(db: Db, req: FastifyRequest): Principal {
  const key = headerOf(req, API_KEY_HEADERS.key);
  if (!key) throw deny(EX_CODES.accessKeyEmpty, "ACCESS_KEY cannot be empty");
  const sign = headerOf(req, API_KEY_HEADERS.sign);
  if (!sign) throw deny(EX_CODES.accessSignEmpty, "ACCESS_SIGN cannot be empty");
  const passphrase = headerOf(req, API_KEY_HEADERS.passphrase);
  if (!passphrase) throw deny(EX_CODES.passphraseEmpty, "ACCESS_PASSPHRASE cannot be empty");
  const ts = headerOf(req, API_KEY_HEADERS.timestamp);
  if (!ts || !/^\d{13}$/.test(ts)) throw deny(EX_CODES.timestampInvalid, "Invalid ACCESS_TIMESTAMP");
  if (Math.abs(Number(ts) - Date.now()) > TIMESTAMP_WINDOW_MS) throw deny(EX_CODES.timestampExpired, "Request timestamp expired");
  const found = lookupApiKey(db, key);
  if (!found) {
    // A key held after a password reset says so, so its owner knows to re-confirm it (docs/decisions/506).
    const hold = apiKeyHold(db, key);
    throw hold ? deny(hold.code, hold.msg) : deny(EX_CODES.accessKeyInvalid, "Invalid ACCESS_KEY");
  }
  const row = found.row;
  const expected = signRequest(row.secret, ts, req.method, req.url, req.rawBody ?? "");
  if (!safeEqual(expected, sign)) throw deny(EX_CODES.signInvalid, "sign signature error");
  if (!found.passphraseOk(passphrase)) throw deny(EX_CODES.passphraseInvalid, "apikey/passphrase is incorrect");
  if (row.ip_allow && !row.ip_allow.split(",").includes(req.ip)) throw deny(EX_CODES.ipInvalid, `Invalid IP ${req.ip}`);
  return { userId: row.user_id, via: "apikey", permissions: row.permissions.split(",") as Principal["permissions"] };
}
