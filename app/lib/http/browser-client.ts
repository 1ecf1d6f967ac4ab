import { createHttpClient, type HttpClient } from "./client";
import { browserIdentity } from "./device-identity";
import { sessionEndHandler } from "./session-end";
import { sessionRefresh } from "./session-refresh";
import { captchaLoop, type PresentCaptcha } from "./captcha-loop";
import { fundTradeLoop, type PresentFundPrompt } from "~/lib/fund/trade-loop";
import { lastLoginUser, lastUser } from "./device-identity";
import type { Identity } from "./types";
import { ACCOUNT_PATHS } from "../../../protocol/account-paths";
import { COOKIES } from "../../../protocol/accounts";
import { PATHS } from "../../../protocol/paths";
import { installBrowserSecurity, readCookie, signDebugEnabled, signingStep, type SecurityDeps } from "~/lib/crypto/browser-security";
import { ClientKeys } from "~/lib/crypto/client-keys";
import { indexedDbKeyStore, memoryKeyStore } from "~/lib/crypto/key-store";
import { SignConfigLoader, type SignConfigSource } from "~/lib/crypto/sign-config";
import type { GatewaySignConfig } from "../../../protocol/signing";
import { showToast } from "~/lib/toast";

let client: HttpClient | undefined;
let presenter: PresentCaptcha = async () => null;
let fundPresenter: PresentFundPrompt = async () => false;
let issuerPem: string | undefined;
let rewriteImages: (data: unknown) => unknown = (data) => data;

/** Installs the image-domain rewriting once the fastest image host is known (see image-domains.ts). */
export function setImageRewriter(rewrite: (data: unknown) => unknown): void {
  rewriteImages = rewrite;
}
let keys: ClientKeys | undefined;

/** The issuer certificate from the root loader (docs/protocol.md §4). */
export function setIssuerCertificate(pem: string | undefined): void {
  issuerPem = pem;
}

/** The browser's key pairs (IndexedDB, non-extractable private keys). */
export function clientKeys(): ClientKeys {
  keys ??= new ClientKeys(typeof indexedDB === "undefined" ? memoryKeyStore() : indexedDbKeyStore());
  return keys;
}

/** Lets the page's captcha host take over challenges (until one is mounted, a challenge is declined). */
export function setCaptchaPresenter(present: PresentCaptcha): void {
  presenter = present;
}

/** Lets the page's fund password host ask before a trade that needs it (docs/decisions/350); until then the order fails. */
export function setFundPresenter(present: PresentFundPrompt): void {
  fundPresenter = present;
}

/** What the page's client is built from: the page's globals in the browser, fakes in a test. */
export interface BrowserHttpDeps extends Pick<SecurityDeps, "keys" | "cookies" | "lastUser" | "lastLoginUser" | "notify" | "debug"> {
  identity: () => Identity;
  fetch?: typeof fetch;
  storage?: SignConfigSource["storage"];
  issuerPem: () => string | undefined;
  present: PresentCaptcha;
  /** The fund password prompt before a trade that needs it (absent: such an order just fails). */
  presentFund?: PresentFundPrompt;
  reload(): void;
  rewriteResult?: (data: unknown) => unknown;
}

/**
 * A client with the protocol's headers, the captcha loop, the session-end logout, login
 * encryption and request signing installed (docs/protocol.md §5–7).
 */
export function createBrowserHttp(deps: BrowserHttpDeps): HttpClient {
  const http = createHttpClient({ identity: deps.identity, fetch: deps.fetch, rewriteResult: deps.rewriteResult });
  // The sign config comes through a client with no steps and no handlers: signing waits for it.
  const bare = createHttpClient({ identity: deps.identity, fetch: deps.fetch, clock: http.clock });
  const loader = new SignConfigLoader(
    {
      fetchConfig: async () => (await bare.get<{ gatewaySignConfig: GatewaySignConfig }>(PATHS.gatewaySignConfig)).gatewaySignConfig,
      storage: deps.storage,
    },
    deps.issuerPem,
  );
  // Logouts go through a client without handlers, so a failing logout cannot loop; it signs, as
  // the gateway ends a live session only on a signed logout (docs/decisions/006).
  const signedBare = createHttpClient({ identity: deps.identity, fetch: deps.fetch, clock: http.clock });
  signedBare.use(signingStep({ loader, keys: deps.keys, cookies: deps.cookies, debug: deps.debug }));
  const endSession = async () => {
    await signedBare.post(PATHS.logout).catch(() => undefined);
    await signedBare.post(PATHS.clearCookie).catch(() => undefined);
  };
  const refresh = sessionRefresh({
    sessionId: () => readCookie(deps.cookies(), COOKIES.sessionId),
    refresh: () => bare.post<{ sessionId?: unknown } | undefined>(ACCOUNT_PATHS.refresh),
    carryKey: (from, to) => deps.keys.carry(from, to),
  });
  http.use(refresh.step);
  http.onResponse(captchaLoop((scene) => deps.present(scene)));
  if (deps.presentFund) http.onResponse(fundTradeLoop(deps.presentFund));
  // Before the session-end flow: an idle-expired session is refreshed, and only a refused refresh logs out.
  http.onResponse(refresh.handler);
  http.onResponse(sessionEndHandler({ post: (path) => signedBare.post(path), reload: () => deps.reload(), notify: (m) => deps.notify(m) }));
  installBrowserSecurity(http, {
    loader,
    keys: deps.keys,
    cookies: deps.cookies,
    lastUser: deps.lastUser,
    lastLoginUser: deps.lastLoginUser,
    notify: deps.notify,
    logout: () => void endSession().then(() => deps.reload()),
    debug: deps.debug,
  });
  return http;
}

/** The page's one HTTP client, created on first use in the browser. */
export function browserHttp(): HttpClient {
  client ??= createBrowserHttp({
    identity: browserIdentity,
    rewriteResult: (data) => rewriteImages(data),
    storage: sessionStorage,
    issuerPem: () => issuerPem,
    present: (scene) => presenter(scene),
    presentFund: () => fundPresenter(),
    keys: clientKeys(),
    cookies: () => document.cookie,
    lastUser,
    lastLoginUser,
    notify: (m) => showToast(m),
    reload: () => window.location.reload(),
    debug: signDebugEnabled(window.location.search),
  });
  return client;
}
