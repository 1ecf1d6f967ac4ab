/**
 * Logins on the private stream. A bot logs in as Bitget's do: sign = base64 HMAC-SHA256(secret,
 * timestamp(s) + "GET" + "/user/verify"). A browser cannot set headers on an upgrade, so a web
 * session logs in with a message carrying the `device-sign` headers it would send over HTTP for
 * `GET /v2/ws/private` (mode 1), checked against the session cookie of the upgrade
 * (docs/decisions/700).
 */
import { WS_PATHS, WS_SESSION_LOGIN_FIELDS } from "../../../protocol/bitget.ts";
import { CODES } from "../../../protocol/codes.ts";
import { HEADERS } from "../../../protocol/headers.ts";
import type { Principal, SessionRequest } from "../../request.ts";
import type { ApiKeyStore } from "../../security/api-keys.ts";
import { GatewayError } from "../../envelope.ts";
import { safeEqual, signRequest, TIMESTAMP_WINDOW_MS } from "../../security/api-keys.ts";
import { error, send, type Conn } from "./connection.ts";
import { WS_ERRORS } from "./channels.ts";

type LoginArg = Record<string, unknown>;

/** What a stream login checks against: API keys, and the web session with its signature (security and accounts). */
export interface StreamLoginDeps {
  apiKeys: Pick<ApiKeyStore, "lookup" | "hold">;
  webSession(req: SessionRequest): Principal | undefined;
  /** Throws the coded refusal; true when the signature was required and good. */
  checkSessionSignature(req: SessionRequest): boolean;
}

export function login(deps: StreamLoginDeps, c: Conn, args: unknown): void {
  const a = (Array.isArray(args) ? args[0] : undefined) as LoginArg | undefined;
  if (!c.isPrivate) return error(c, WS_ERRORS.illegalRequest, `login is only on ${WS_PATHS.private}`);
  if (a && typeof a === "object" && HEADERS.deviceSign in a) return sessionLogin(deps, c, a);
  return apiKeyLogin(deps, c, a);
}

function apiKeyLogin(deps: StreamLoginDeps, c: Conn, a: LoginArg | undefined): void {
  if (
    !a ||
    typeof a.apiKey !== "string" ||
    typeof a.passphrase !== "string" ||
    typeof a.sign !== "string" ||
    typeof a.timestamp !== "string"
  ) {
    return error(c, WS_ERRORS.paramError, "Param error: login needs apiKey, passphrase, timestamp and sign");
  }
  if (!/^\d{10}$/.test(a.timestamp)) return error(c, WS_ERRORS.invalidTimestamp, "Invalid ACCESS_TIMESTAMP");
  if (Math.abs(Number(a.timestamp) * 1000 - Date.now()) > TIMESTAMP_WINDOW_MS)
    return error(c, WS_ERRORS.timestampExpired, "Request timestamp expired");
  const found = deps.apiKeys.lookup(a.apiKey);
  if (!found) return error(c, WS_ERRORS.invalidKey, deps.apiKeys.hold(a.apiKey)?.msg ?? "Invalid ACCESS_KEY");
  const row = found.row;
  if (!found.passphraseOk(a.passphrase)) return error(c, WS_ERRORS.invalidPassphrase, "Invalid ACCESS_PASSPHRASE");
  if (!safeEqual(signRequest(row.secret, a.timestamp, "GET", "/user/verify", ""), a.sign))
    return error(c, WS_ERRORS.invalidSign, "Invalid signature");
  loggedIn(c, { userId: row.user_id, via: "apikey", permissions: row.permissions.split(",") as Principal["permissions"] });
}

function sessionLogin(deps: StreamLoginDeps, c: Conn, a: LoginArg): void {
  const headers: Record<string, string> = {};
  for (const name of WS_SESSION_LOGIN_FIELDS) {
    const v = a[name];
    if (typeof v !== "string" || v.length > 1024)
      return error(c, WS_ERRORS.paramError, `Param error: a session login needs ${WS_SESSION_LOGIN_FIELDS.join(", ")}`);
    headers[name] = v;
  }
  if (c.upgrade.cookie !== undefined) headers.cookie = c.upgrade.cookie;
  const req: SessionRequest = { headers, url: WS_PATHS.private, method: "GET", ip: c.upgrade.ip };
  const principal = deps.webSession(req);
  if (!principal) return error(c, WS_ERRORS.loginFailed, "Login failed: no web session on this connection; log in and reconnect");
  let checked = false;
  try {
    checked = deps.checkSessionSignature(req);
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    const code = err.code === CODES.signatureExpired ? WS_ERRORS.timestampExpired : WS_ERRORS.invalidSign;
    return error(c, code, `${err.message} (${err.code})`);
  }
  // Never log a session in unchecked, whatever the sign config says.
  if (!checked) return error(c, WS_ERRORS.loginFailed, "Login failed: the session signature could not be checked");
  loggedIn(c, principal);
}

function loggedIn(c: Conn, user: Principal): void {
  c.user = user;
  send(c, { event: "login", code: 0, msg: "" });
}
