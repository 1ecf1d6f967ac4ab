import type { FastifyRequest } from "fastify";
import { API_KEY_HEADERS, EX_CODES } from "../../protocol/bitget.ts";
import { CODES } from "../../protocol/codes.ts";
import { headerOf, type Principal } from "../request.ts";
import type { Db } from "../db/database.ts";
import { GatewayError } from "../envelope.ts";
import { apiKeyHold, lookupApiKey, safeEqual, TIMESTAMP_WINDOW_MS, type Permission } from "./api-keys.ts";

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
  /**
   * The texts the signature may cover, any one of them: HTTP's `timestamp + METHOD + path + body`
   * (as sent, and with its query decoded: signedTexts), the stream's `timestamp + GET + /user/verify`.
   */
  signed: string | readonly string[];
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
    const texts = typeof p.signed === "string" ? [p.signed] : p.signed;
    if (!texts.some((t) => safeEqual(found.sign(t), p.sign))) throw deny(EX_CODES.signInvalid, "sign signature error");
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
  const signed = signedTexts(req.url).map((url) => ts + req.method.toUpperCase() + url + (req.rawBody ?? ""));
  return keys.judge({ apiKey: key, passphrase, sign, signed, ip: req.ip });
}

/** A query piece decoded as the gateway's query parser decodes it (`+` is a space), or undefined if it is not valid. */
function decodePiece(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return undefined;
  }
}

/**
 * The request paths a signature may cover (docs/decisions/308): the path and query as sent, and the
 * same with each query key and value percent-decoded, which is what Bitget's clients sign (ccxt
 * signs `clientOid=a:b` and sends `clientOid=a%3Ab`). The decoded form is offered only when it
 * names the same parameters the query parser reads: no decoded key holds `&` or `=`, no decoded
 * value holds `&`, so one signed text can never stand for two different sets of parameters.
 */
export function signedTexts(url: string): string[] {
  const at = url.indexOf("?");
  if (at < 0) return [url];
  const pieces = url.slice(at + 1).split("&");
  const decoded: string[] = [];
  for (const piece of pieces) {
    const eq = piece.indexOf("=");
    const key = decodePiece(eq < 0 ? piece : piece.slice(0, eq));
    const value = eq < 0 ? "" : decodePiece(piece.slice(eq + 1));
    if (key === undefined || value === undefined || /[&=]/.test(key) || value.includes("&")) return [url];
    decoded.push(eq < 0 ? key : `${key}=${value}`);
  }
  const plain = `${url.slice(0, at)}?${decoded.join("&")}`;
  return plain === url ? [url] : [url, plain];
}
