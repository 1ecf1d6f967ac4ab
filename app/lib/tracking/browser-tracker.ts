import { onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";
import { trackingLanguage } from "../../../protocol/tracking";
import { createHttpClient } from "~/lib/http/client";
import { browserIdentity, deviceId, terminalCodeStorage, type TerminalCodeStorage } from "~/lib/http/device-identity";
import { loadCommonConfig } from "./common-config";
import { networkType, staticContext } from "./context";
import { CookieLocks } from "./cookie-lock";
import { logSeqAllocator } from "./log-seq";
import { detectNativeBridge, nativeSender } from "./native-bridge";
import { PageLifecycle } from "./page-lifecycle";
import { QueueStore } from "./queue-store";
import { readItem, type CookieJar, type StorageLike } from "./storage";
import { settleTerminalCode } from "./terminal-code";
import { Tracker, type PageLocation, type TrackInput } from "./tracker";
import { Uploader } from "./uploader";
import { parseUserAgent } from "../../../protocol/user-agent";
import { VitalsCollector } from "./vitals";
import { firstVisitTime, sessionLanding } from "./visitor";
import { webSender } from "./web-sender";
import { resolveLogEnv } from "./log-env";

/** The app version preference of docs/product.md (empty unless a shell sets it). */
export const APP_VERSION_KEY = "appVersion";
/** An upload gives up well before its lock cookie expires (cookie-lock.ts). */
const UPLOAD_TIMEOUT_MS = 15_000;

export interface InstallOptions {
  /** A configured log environment; anything but pre/online/…testN is replaced by the host's. */
  logEnv?: string;
  terminalCodeStorage?: TerminalCodeStorage;
}

let tracker: Tracker | undefined;
let lifecycle: PageLifecycle | undefined;

const warn = (msg: string) => console.warn(msg);
const hex = (chars: number) => globalThis.crypto.randomUUID().replace(/-/g, "").slice(0, chars);
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function storageOf(get: () => Storage): StorageLike | undefined {
  try {
    return get();
  } catch {
    return undefined; // blocked (privacy mode, sandboxed frame): events live in memory
  }
}

function currentLocation(): PageLocation {
  return { href: window.location.href, pathname: window.location.pathname, title: document.title };
}

/**
 * Starts tracking in this document, once. Tracking never breaks the page and never speaks to the
 * user: any failure here is a console warning and the page goes on without it.
 */
export function installTracking(options: InstallOptions = {}): void {
  if (lifecycle || typeof window === "undefined") return;
  try {
    start(options);
  } catch (err) {
    warn(`[tracking] not started: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The router reports every address change here. */
export function trackingNavigated(): void {
  try {
    lifecycle?.navigate(currentLocation());
  } catch (err) {
    warn(`[tracking] page change not recorded: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Records a caller's event on the current page; false when it was dropped (or tracking is off). */
export function track(input: TrackInput): boolean {
  try {
    return tracker?.track(input) ?? false;
  } catch (err) {
    warn(`[tracking] event not recorded: ${err instanceof Error ? err.message : String(err)}`);
    return false;
  }
}

function start(options: InstallOptions): void {
  const local = storageOf(() => window.localStorage);
  const session = storageOf(() => window.sessionStorage);
  const cookies: CookieJar = { read: () => document.cookie, write: (c) => void (document.cookie = c) };
  const now = () => Date.now();
  const store = new QueueStore(local, hex(16), now, warn);
  const landing = sessionLanding(session, window.location.href, document.referrer, now(), Math.random);
  const ua = parseUserAgent(navigator.userAgent);
  const native = detectNativeBridge(window, ua.os);
  let terminalCode: string | undefined;
  const http = createHttpClient({
    identity: () => ({ ...browserIdentity(), ...(terminalCode ? { terminalCode } : {}) }),
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });

  const t = new Tracker({
    store,
    context: staticContext({
      userAgent: navigator.userAgent,
      inNativeApp: native.inApp,
      deviceId: deviceId(),
      landing,
      firstVisit: firstVisitTime(local, now()),
      screen: { width: window.screen?.width ?? 0, height: window.screen?.height ?? 0 },
      timezoneOffset: new Date().getTimezoneOffset(),
      host: window.location.host,
      logEnv: resolveLogEnv(options.logEnv, window.location.host),
      appVersion: readItem(local, APP_VERSION_KEY) ?? undefined,
    }),
    nextLogSeq: logSeqAllocator(local),
    now,
    serverNow: () => http.clock.now(),
    newId: () => hex(32),
    language: () => trackingLanguage(document.documentElement.dataset.locale),
    network: () => networkType(navigator as Navigator & { connection?: { effectiveType?: string; type?: string } }),
    referrer: document.referrer,
    location: currentLocation,
    warn,
  });

  // Typed as JSON: the gateway reads no other body as JSON (docs/decisions/010).
  const beacon =
    typeof navigator.sendBeacon === "function"
      ? (url: string, body: string) => navigator.sendBeacon(url, new Blob([body], { type: "application/json" }))
      : undefined;
  const uploader = new Uploader({
    store,
    locks: new CookieLocks({ cookies, holder: store.docId, now, wait }),
    sender: native.bridge
      ? nativeSender(native.bridge)
      : webSender({ post: (path, body, headers) => http.post(path, body, { headers }), beacon, pfb: landing.pfb }),
    storage: local,
    now,
    online: () => navigator.onLine !== false,
    identity: () => t.identity,
    warn,
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
  });

  const life = new PageLifecycle({
    tracker: t,
    uploader,
    store,
    vitals: new VitalsCollector({ onTTFB, onFCP, onLCP, onCLS, onINP }),
    doc: document,
    win: window,
    location: currentLocation,
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
  });
  tracker = t;
  lifecycle = life;
  life.start();

  void Promise.all([
    loadCommonConfig((path) => http.post(path), warn),
    settleTerminalCode({
      local,
      cookies,
      storageType: options.terminalCodeStorage ?? terminalCodeStorage(),
      create: () => hex(32),
      wait,
    }),
  ])
    .then(([config, code]) => {
      terminalCode = code;
      t.setIdentity(config.userId, config.ip);
      if (config.uploadSwitch) uploader.enable();
    })
    .catch((err: unknown) => warn(`[tracking] uploads not started: ${err instanceof Error ? err.message : String(err)}`));
}
