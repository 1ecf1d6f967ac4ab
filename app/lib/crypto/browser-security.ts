import { parse as parseCookie } from "cookie";
import { CODES } from "../../../protocol/codes";
import { HEADERS } from "../../../protocol/headers";
import { COOKIES } from "../../../protocol/accounts";
import { ENCRYPTED_PATHS, SIGN_DEBOUNCE_MS, SIGN_DEBUG_PARAM, SUB_SWITCH_PREFIX, shouldEncrypt } from "../../../protocol/signing";
import type { HttpClient } from "~/lib/http/client";
import type { RequestStep, ResponseHandler } from "~/lib/http/types";
import type { ClientKeys } from "./client-keys";
import { KeyError } from "./client-keys";
import { bytesToHex, utf8 } from "./encoding";
import type { StoredKeyPair } from "./key-store";
import { sealPayload, splitSensitive } from "./login-encryption";
import { reportSecurityEvent } from "./security-events";
import { SignConfigError, type SignConfigLoader } from "./sign-config";
import { signatureHeaders, signText } from "./signing";

export interface SecurityDeps {
  loader: SignConfigLoader;
  keys: ClientKeys;
  /** The page's cookies (document.cookie): only bt_sid is readable, by design. */
  cookies(): string;
  lastUser: { get(): string | undefined; set(id: string | undefined): void };
  /** Who last logged in (not switched) here: the device check proves this user's device. */
  lastLoginUser: { get(): string | undefined; set(id: string): void };
  notify(message: string): void;
  logout(): void;
  report?: typeof reportSecurityEvent;
  debug?: boolean;
  now?(): number;
}

/** How long a login's new-device step may take (the gateway keeps it 10 minutes). */
const LOGIN_STEP_MS = 10 * 60_000;

/** One cookie of a `document.cookie` string. */
export function readCookie(all: string, name: string): string | undefined {
  return parseCookie(all)[name];
}

async function sha256Hex(text: string): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.digest("SHA-256", utf8(text))));
}

function userIdOf(data: unknown): string | undefined {
  const d = data as { userInfo?: { userId?: unknown }; accessTokenResVO?: { userInfo?: { userId?: unknown } } } | null;
  const id = d?.userInfo?.userId ?? d?.accessTokenResVO?.userInfo?.userId;
  return typeof id === "string" && id ? id : undefined;
}

export function signDebugEnabled(search: string): boolean {
  return new URLSearchParams(search).get(SIGN_DEBUG_PARAM) === "1";
}

/**
 * Signs a request of the page's session when the sign config gives its path a mode (docs/protocol.md §5).
 * Installed on every client that may send a signed path, the logout client included.
 */
export function signingStep(deps: Pick<SecurityDeps, "loader" | "keys" | "cookies" | "debug">): RequestStep {
  return async (req) => {
    const sid = readCookie(deps.cookies(), COOKIES.sessionId);
    if (!sid) return;
    // Network errors while loading the config are not reported: the call goes unsigned and the gateway says why.
    const config = await deps.loader.get().catch(() => undefined);
    if (!config?.clientOpen) return;
    const pair = await deps.keys.forSession(sid);
    if (!pair) return;
    const headers = await signatureHeaders(config, pair, req);
    if (!headers) return;
    Object.assign(req.headers, headers);
    if (deps.debug) console.info("[sign]", req.method, req.path, headers[HEADERS.deviceSignMode], headers[HEADERS.deviceSignKey]);
  };
}

/**
 * Installs docs/product.md on a client: login encryption (first), request signing (second), key
 * binding after a login, and the handling of the signing codes of docs/product.md.
 */
export function installBrowserSecurity(http: HttpClient, deps: SecurityDeps): void {
  const report = deps.report ?? reportSecurityEvent;
  const now = deps.now ?? Date.now;
  const pending = new Map<string, StoredKeyPair>();
  let loginPair: { pair: StoredKeyPair; at: number } | undefined;
  const sessionId = () => readCookie(deps.cookies(), COOKIES.sessionId);

  const failLogin = (err: unknown): never => {
    const reason = err instanceof SignConfigError || err instanceof KeyError ? err.reason : "key generation failed";
    report("login-encryption-failure", reason);
    throw err;
  };

  http.use(async (req) => {
    const pathname = req.path.split("?")[0] ?? req.path;
    const sensitive = ENCRYPTED_PATHS[pathname];
    if (!sensitive) return;
    const sid = sessionId();
    const hasSessionKey = sid !== undefined && (await deps.keys.forSession(sid)) !== undefined;
    if (!shouldEncrypt(pathname, hasSessionKey)) return;
    const config = await deps.loader.get().catch(failLogin);
    // The verification step of a login must come from the key that started it (the gateway checks).
    const continuing = pathname.includes("/login/verify") && loginPair && now() - loginPair.at < LOGIN_STEP_MS;
    const pair = continuing && loginPair ? loginPair.pair : await deps.keys.forLogin(config.defaultAlgorithm).catch(failLogin);
    if (!continuing) loginPair = { pair, at: now() };
    let body: Record<string, unknown> = {};
    try {
      body = req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {};
    } catch {
      body = {};
    }
    const { secret, clear } = splitSensitive(body, sensitive);
    if (config.userCheckDeviceUrl.includes(pathname)) {
      const previous = deps.lastLoginUser.get() ?? deps.lastUser.get();
      const key = previous ? await deps.keys.forUser(previous) : undefined;
      if (previous && key) {
        req.headers[HEADERS.userCheckDeviceSign] = await signText(key.privateKey, key.publicKey);
        req.headers[HEADERS.lastAlgorithm] = key.algorithm;
        clear.userCheckDeviceUserIdHash = await sha256Hex(previous);
      }
    }
    clear.bodyCiphertext = await sealPayload(secret, pair, config.serverPublicKey);
    req.body = JSON.stringify(clear);
    pending.set(req.headers[HEADERS.traceId] ?? "", pair);
  });

  http.use(signingStep(deps));

  const bindOnLogin: ResponseHandler = async ({ request, envelope }) => {
    const trace = request.headers[HEADERS.traceId] ?? "";
    const pair = pending.get(trace);
    if (!pair) return undefined;
    pending.delete(trace);
    // Sealed with a login key the gateway has since replaced (docs/decisions/011): load the
    // config again and send once more, sealed with the current key.
    if (envelope?.code === CODES.loginEncryption && (envelope.data as { reason?: unknown } | null)?.reason === "unreadable") {
      deps.loader.reset();
      return { retryWithHeaders: {} };
    }
    const userId = userIdOf(envelope?.data);
    const sid = sessionId();
    if (envelope && (envelope.code === CODES.ok || envelope.code === CODES.okAlt) && userId && sid) {
      await deps.keys.bind(sid, userId, pair);
      deps.lastUser.set(userId);
      if (!request.path.startsWith(SUB_SWITCH_PREFIX)) deps.lastLoginUser.set(userId);
    }
    return undefined;
  };
  http.onResponse(bindOnLogin);

  let lastToast = -Infinity;
  let refetch: ReturnType<typeof setTimeout> | undefined;
  http.onResponse(async ({ envelope, headers, request }) => {
    const signError = headers.get(HEADERS.signError);
    if (signError) console.warn(`[sign] ${request.path}: gateway refused the signature (${signError})`);
    const code = envelope?.code;
    if (
      code !== CODES.signatureMissing &&
      code !== CODES.signModeMismatch &&
      code !== CODES.signatureExpired &&
      code !== CODES.signatureInvalid
    ) {
      return undefined;
    }
    if (now() - lastToast >= SIGN_DEBOUNCE_MS) {
      lastToast = now();
      deps.notify(envelope?.msg ?? "");
    }
    if (code === CODES.signatureInvalid) {
      console.warn(`[sign] signature refused; stored keys: ${(await deps.keys.describe()).join(", ") || "none"}`);
      deps.logout();
    } else if (code === CODES.signatureExpired) {
      // The clock moved or the config changed: load it again once things settle.
      clearTimeout(refetch);
      refetch = setTimeout(() => {
        deps.loader.reset();
        void deps.loader.get().catch(() => undefined);
      }, SIGN_DEBOUNCE_MS);
    } else {
      deps.loader.reset();
    }
    return undefined;
  });
}
