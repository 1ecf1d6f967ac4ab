import { createHttpClient, type HttpClient } from "./client";
import { browserIdentity } from "./device-identity";
import { sessionEndHandler } from "./session-end";
import { captchaLoop, type PresentCaptcha } from "./captcha-loop";
import { lastLoginUser, lastUser } from "./device-identity";
import { PATHS } from "../../../protocol/paths";
import { installBrowserSecurity, signDebugEnabled } from "~/lib/crypto/browser-security";
import { ClientKeys } from "~/lib/crypto/client-keys";
import { indexedDbKeyStore, memoryKeyStore } from "~/lib/crypto/key-store";
import { SignConfigLoader } from "~/lib/crypto/sign-config";
import type { GatewaySignConfig } from "../../../protocol/signing";
import { showToast } from "~/lib/toast";

let client: HttpClient | undefined;
let presenter: PresentCaptcha = async () => null;
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

/**
 * The page's one HTTP client: same-origin gateway calls with the protocol's headers, the captcha
 * loop and the session-end logout installed. Created on first use in the browser.
 */
export function browserHttp(): HttpClient {
  if (client) return client;
  const http = createHttpClient({ identity: browserIdentity, rewriteResult: (data) => rewriteImages(data) });
  // Logout calls go through a client without handlers, so a failing logout cannot loop.
  const bare = createHttpClient({ identity: browserIdentity, clock: http.clock });
  http.onResponse(captchaLoop((scene) => presenter(scene)));
  const logout = sessionEndHandler({
    post: (path) => bare.post(path),
    reload: () => window.location.reload(),
    notify: (m) => showToast(m),
  });
  http.onResponse(logout);
  installBrowserSecurity(http, {
    loader: new SignConfigLoader(
      {
        fetchConfig: async () => (await bare.get<{ gatewaySignConfig: GatewaySignConfig }>(PATHS.gatewaySignConfig)).gatewaySignConfig,
        storage: sessionStorage,
      },
      () => issuerPem,
    ),
    keys: clientKeys(),
    cookies: () => document.cookie,
    lastUser,
    lastLoginUser,
    notify: (m) => showToast(m),
    logout: () => {
      void bare
        .post(PATHS.logout)
        .catch(() => undefined)
        .then(() => bare.post(PATHS.clearCookie))
        .catch(() => undefined)
        .then(() => window.location.reload());
    },
    debug: signDebugEnabled(window.location.search),
  });
  client = http;
  return http;
}
