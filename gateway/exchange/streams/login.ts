/**
 * Logins on the private stream. A bot logs in as Bitget's do: sign = base64 HMAC-SHA256(secret,
 * timestamp(s) + "GET" + "/user/verify"). A browser cannot set headers on an upgrade, so a web
 * session logs in with a message carrying the `device-sign` headers it would send over HTTP for
 * `GET /v2/ws/private` (mode 1), checked against the session cookie of the upgrade
 * (docs/decisions/700). A bot's key is judged by the same code as an HTTP API-key call
 * (docs/decisions/342): held keys, IP allow-list, the owner's standing, permissions.
 */
import { EX_CODES, WS_PATHS, WS_SESSION_LOGIN_FIELDS } from "../../../protocol/bitget.ts";
import { CODES } from "../../../protocol/codes.ts";
import { HEADERS } from "../../../protocol/headers.ts";
import type { Principal, SessionRequest } from "../../request.ts";
import { GatewayError } from "../../envelope.ts";
import { freshTimestamp, type ApiKeyJudge, type KeyProof } from "../../security/api-key-auth.ts";
import { error, send, type Conn } from "./connection.ts";
import { WS_ERRORS } from "./channels.ts";

type LoginArg = Record<string, unknown>;

/** What a stream login checks against: API keys, and the web session with its signature (security and accounts). */
export interface StreamLoginDeps {
  /** The one judge of API keys, shared with the HTTP path (docs/decisions/342). */
  apiKeys: Pick<ApiKeyJudge, "judge">;
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

/** The HTTP API's refusal codes as the stream's (Bitget's 30xxx); what has no stream code of its own is a failed login. */
const STREAM_CODE: Record<string, number> = {
  [EX_CODES.accessKeyInvalid]: WS_ERRORS.invalidKey,
  [CODES.apiKeySuspended]: WS_ERRORS.invalidKey,
  [EX_CODES.signInvalid]: WS_ERRORS.invalidSign,
  [EX_CODES.passphraseInvalid]: WS_ERRORS.invalidPassphrase,
};

/**
 * A bot's login: the stream's own format checks (10-digit seconds), then the same judge as every
 * HTTP API-key call (docs/decisions/342), with the upgrade's address as the front door settled it.
 */
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
  if (!freshTimestamp(Number(a.timestamp) * 1000)) return error(c, WS_ERRORS.timestampExpired, "Request timestamp expired");
  const proof = {
    apiKey: a.apiKey,
    passphrase: a.passphrase,
    sign: a.sign,
    signed: a.timestamp + "GET" + "/user/verify",
    ip: c.upgrade.ip,
  };
  const r = judged(deps, proof);
  if (!("userId" in r)) return error(c, r.code, r.msg);
  loggedIn(c, r);
  keepJudging(deps, c, proof);
}

/** The judge's answer, its refusal in the stream's codes. */
function judged(deps: StreamLoginDeps, proof: KeyProof): Principal | { code: number; msg: string } {
  try {
    return deps.apiKeys.judge(proof);
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    const code = STREAM_CODE[err.code];
    return { code: code ?? WS_ERRORS.loginFailed, msg: code === undefined ? `Login failed: ${err.message} (${err.code})` : err.message };
  }
}

/**
 * An HTTP call is judged each time; a stream stays logged in. So the key is judged again while the
 * connection lives (its lookup is cached for as long), and a key revoked or held, an account frozen
 * or a list changed to exclude the caller ends the connection with the refusal (docs/decisions/342).
 */
export const KEY_RECHECK_MS = 5_000;
const rechecks = new WeakMap<Conn, NodeJS.Timeout>();

function keepJudging(deps: StreamLoginDeps, c: Conn, proof: KeyProof): void {
  clearInterval(rechecks.get(c));
  const timer = setInterval(() => {
    if (c.ws.readyState !== c.ws.OPEN) return clearInterval(timer);
    const r = judged(deps, proof);
    if ("userId" in r) {
      c.user = r;
      return;
    }
    clearInterval(timer);
    c.user = undefined;
    error(c, r.code, r.msg);
    c.ws.close(1008, "credentials no longer valid");
  }, KEY_RECHECK_MS);
  timer.unref();
  rechecks.set(c, timer);
  c.ws.once("close", () => clearInterval(timer));
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
  // a key this connection logged in with before is no longer who it is
  clearInterval(rechecks.get(c));
  loggedIn(c, principal);
}

function loggedIn(c: Conn, user: Principal): void {
  c.user = user;
  send(c, { event: "login", code: 0, msg: "" });
}
