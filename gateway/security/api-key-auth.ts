import type { FastifyRequest } from "fastify";
import { API_KEY_HEADERS, EX_CODES } from "../../protocol/bitget.ts";
import { CODES } from "../../protocol/codes.ts";
import { headerOf, type Principal } from "../request.ts";
import type { Db } from "../db/database.ts";
import { GatewayError } from "../envelope.ts";
import { apiKeyHold, lookupApiKey, safeEqual, signText, TIMESTAMP_WINDOW_MS, type Permission } from "./api-keys.ts";

const NAMES = Object.values(API_KEY_HEADERS);

/** Whether a request claims to be an API-key call: any of the ACCESS-* headers, even empty. */
export function claimsApiKey(req: Pick<FastifyRequest, "headers">): boolean {
  return NAMES.some((name) => req.headers[name] !== undefined);
}

const deny = (code: string, msg: string, status = 401) => new GatewayError(code, msg, status);

/** Why the owner of a key may not act now (a frozen account), or undefined; the accounts area answers it. */
export type KeyOwnerStanding = (userId: string) => { code: string; msg: string } | undefined;

/**
 * What a caller shows for a key, whichever door it came through (docs/decisions/342): HTTP's
 * ACCESS-* headers over the signed request, or the private stream's login arguments.
 */
export interface KeyProof {
  apiKey: string;
  passphrase: string;
  sign: string;
  /** The text the signature must cover: HTTP's `timestamp + METHOD + path + body`, the stream's `timestamp + GET + /user/verify`. */
  signed: string;
  /** The caller's address as the front door settled it (the BFF's word only with its secret). */
  ip: string;
}

/** The hold on a key's `withdraw` without an IP allow-list (docs/decisions/342). */
export const WITHDRAW_NEEDS_IP = {
  code: CODES.apiKeyWithdrawNeedsIp,
  msg: "This API key's withdraw permission is suspended until the key has an IP allow-list; add one in the API key settings",
};

/**
 * Every check of a key after its door's own format checks, in one place for HTTP and the
 * private stream (docs/decisions/342): a live key (a held one says so), the signature, the
 * passphrase, the IP allow-list, the owner's standing, and the permissions as they work now.
 * Throws the HTTP API's Bitget-coded refusal; the stream maps the code to its own.
 */
export class ApiKeyJudge {
  constructor(
    private readonly db: Db,
    private readonly standing: KeyOwnerStanding,
  ) {}

  judge(p: KeyProof): Principal {
    const found = lookupApiKey(this.db, p.apiKey);
    if (!found) {
      // A key held after a password reset says so, so its owner knows to re-confirm it (docs/decisions/506).
      const hold = apiKeyHold(this.db, p.apiKey);
      throw hold ? deny(hold.code, hold.msg) : deny(EX_CODES.accessKeyInvalid, "Invalid ACCESS_KEY");
    }
    const row = found.row;
    if (!safeEqual(signText(row.secret, p.signed), p.sign)) throw deny(EX_CODES.signInvalid, "sign signature error");
    if (!found.passphraseOk(p.passphrase)) throw deny(EX_CODES.passphraseInvalid, "apikey/passphrase is incorrect");
    if (!found.ips.allows(p.ip)) throw deny(EX_CODES.ipInvalid, `Invalid IP ${p.ip}`);
    const refusal = this.standing(row.user_id);
    if (refusal) throw deny(refusal.code, refusal.msg);
    const permissions = row.permissions.split(",").filter(Boolean) as Permission[];
    if (!permissions.includes("read")) throw deny(EX_CODES.permissionDenied, "Incorrect permissions", 403);
    const principal: Principal = { userId: row.user_id, via: "apikey", permissions };
    // An older key may have `withdraw` and no list: it keeps the rest, its withdrawals wait for a list.
    if (permissions.includes("withdraw") && found.ips.usable.length === 0) principal.withdrawHold = WITHDRAW_NEEDS_IP;
    return principal;
  }
}

/** Whether an epoch-millisecond timestamp is within the window of now. */
export const freshTimestamp = (ms: number) => Math.abs(ms - Date.now()) <= TIMESTAMP_WINDOW_MS;

/**
 * The whole ACCESS-* check of a call that claims an API key (docs/decisions/010): every header
 * present and well formed, a fresh timestamp, then the judge's checks over the normalised path
 * and the exact body. Throws the Bitget-coded refusal.
 */
export function verifyApiKeyCall(keys: ApiKeyJudge, req: FastifyRequest): Principal {
  const key = headerOf(req, API_KEY_HEADERS.key);
  if (!key) throw deny(EX_CODES.accessKeyEmpty, "ACCESS_KEY cannot be empty");
  const sign = headerOf(req, API_KEY_HEADERS.sign);
  if (!sign) throw deny(EX_CODES.accessSignEmpty, "ACCESS_SIGN cannot be empty");
  const passphrase = headerOf(req, API_KEY_HEADERS.passphrase);
  if (!passphrase) throw deny(EX_CODES.passphraseEmpty, "ACCESS_PASSPHRASE cannot be empty");
  const ts = headerOf(req, API_KEY_HEADERS.timestamp);
  if (!ts || !/^\d{13}$/.test(ts)) throw deny(EX_CODES.timestampInvalid, "Invalid ACCESS_TIMESTAMP");
  if (!freshTimestamp(Number(ts))) throw deny(EX_CODES.timestampExpired, "Request timestamp expired");
  return keys.judge({ apiKey: key, passphrase, sign, signed: ts + req.method.toUpperCase() + req.url + (req.rawBody ?? ""), ip: req.ip });
}
