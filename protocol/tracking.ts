/**
 * Behaviour tracking (docs/protocol.md §10, §14): the event enums, the tracking client's
 * own locale numbering, the limits, and the rules the browser SDK and the gateway both apply.
 * Field meanings the spec leaves open are fixed in docs/decisions/400.
 */

/** `type` of an event. */
export const EVENT_TYPE = {
  page: 1,
  click: 2,
  expose: 3,
  drag: 4,
  sideslip: 5,
  pullUp: 6,
  pullDown: 7,
  video: 8,
  system: 9,
} as const;
export type EventType = (typeof EVENT_TYPE)[keyof typeof EVENT_TYPE];

/** `page_status` of a page event; other events carry `null`. */
export const PAGE_STATUS = { show: 0, hide: 1 } as const;
export type PageStatus = (typeof PAGE_STATUS)[keyof typeof PAGE_STATUS];

/** `track_type`: recorded by a caller of `track()` or by the SDK itself. */
export const TRACK_TYPE = { manual: 0, auto: 1 } as const;
export type TrackType = (typeof TRACK_TYPE)[keyof typeof TRACK_TYPE];

/** `sys` codes of the context. */
export const SYS = { web: 3, mobile: 4, appH5: 5, windows: 6, mac: 7 } as const;
export type SysCode = (typeof SYS)[keyof typeof SYS];

/**
 * The tracking client's 26 locales and their `user_language` numbers. They differ from the
 * `language` header's numbers (protocol/locales.ts) for en-GB, asia and ar; the app's zh-TC is
 * this list's zh-TW. Numbers the spec does not give are docs/decisions/400's.
 */
export const TRACKING_LANGUAGES: Readonly<Record<string, number>> = {
  en: 0,
  "zh-CN": 1,
  ja: 2,
  "en-GB": 3,
  vi: 4,
  "zh-TW": 5,
  ru: 6,
  es: 7,
  ko: 8,
  it: 9,
  fr: 10,
  de: 11,
  pt: 12,
  id: 13,
  tr: 14,
  asia: 16,
  pl: 20,
  uk: 21,
  "es-ES": 23,
  "pt-PT": 24,
  uz: 25,
  ph: 40,
  "es-AR": 42,
  "en-CA": 43,
  bg: 44,
  ar: 99,
};
/** App locale keys spelled differently in the tracking client's list. */
const TRACKING_LOCALE_ALIASES: Readonly<Record<string, string>> = { "zh-TC": "zh-TW" };

/** `user_language` for an app locale key; unknown keys count as English. */
export function trackingLanguage(localeKey: string | undefined): number {
  if (!localeKey) return TRACKING_LANGUAGES.en!;
  // Own keys only: "toString" or "constructor" would otherwise find Object.prototype's.
  const key = Object.hasOwn(TRACKING_LOCALE_ALIASES, localeKey) ? TRACKING_LOCALE_ALIASES[localeKey]! : localeKey;
  const exact = Object.hasOwn(TRACKING_LANGUAGES, key) ? TRACKING_LANGUAGES[key] : undefined;
  if (exact !== undefined) return exact;
  const folded = Object.keys(TRACKING_LANGUAGES).find((k) => k.toLowerCase() === key.toLowerCase());
  return folded === undefined ? TRACKING_LANGUAGES.en! : TRACKING_LANGUAGES[folded]!;
}

/** docs/protocol.md §14 tracking constants. */
export const TRACKING_LIMITS = {
  batchSize: 50,
  loopMs: 500,
  pauseAfter403Ms: 10_000,
  firstDayMs: 24 * 3_600_000,
  sessionRandomMax: 100,
  userAgentMax: 255,
  maxLockCookies: 10,
  conflictWaitMs: 1_000,
  /** navigator.sendBeacon's payload limit in Chromium, Firefox and Safari. */
  beaconMaxBytes: 64 * 1024,
} as const;

export const TRACKING_LIB_VERSION = "1.1.45";
export const DEFAULT_APP_VERSION = "1.0.0";
/** The web client as an app of the tracking system (docs/decisions/400). */
export const TRACKING_APP = { id: "mix_web", name: "Mix Exchange Web" } as const;

/** Tracking id of docs/protocol.md §14: `/` or `b` followed by digits. */
const TRACKING_ID = /^(?:\/|b\d+)$/;
export function isValidTrackingId(id: unknown): id is string {
  return typeof id === "string" && TRACKING_ID.test(id);
}

/** Log environment of docs/protocol.md §14: `pre`, `online`, or a name ending in `test` and one or two digits. */
const LOG_ENV = /^(?:pre|online|[a-z0-9_-]*test\d{1,2})$/i;
export function isValidLogEnv(env: unknown): env is string {
  return typeof env === "string" && env.length <= 32 && LOG_ENV.test(env);
}

/** Wiki tracking of docs/protocol.md §14. */
export const WIKI_TRACKING = {
  indexId: "b6719",
  articleId: "b6720",
  business1: "Price",
  business2: "Crypto Price",
} as const;

/** Query parameters the SDK reads from the landing address (docs/decisions/400). */
export const TRACKING_QUERY = { pfb: "pfb", channel: "channel", qrVal: "qr_val" } as const;

/**
 * The native apps' bridges (docs/protocol.md §10): inside the iOS app `window.webkit.messageHandlers[ios]`,
 * inside the Android app `window[android]`; each takes one event as a JSON string.
 */
export const NATIVE_BRIDGE = { ios: "mixTracking", android: "MixTrackingBridge" } as const;

/** Field bounds the gateway enforces and the SDK respects when it builds an event. */
export const TRACKING_FIELD_MAX = {
  id: 64,
  url: 2048,
  title: 512,
  name: 128,
  short: 64,
  extKeys: 32,
  extValue: 1024,
} as const;

type Ext = Record<string, string | number | boolean | null>;

/**
 * One event on the wire: the event fields and the context, flat (docs/decisions/400).
 * The body of `POST /v1/buried/log/info` is an array of 1 to `batchSize` of these.
 */
export interface TrackingEvent {
  type: EventType;
  page_status: PageStatus | null;
  track_type: TrackType;
  url: string;
  title: string;
  curr_page: string;
  curr_page_ext: Ext;
  event_tracking: string;
  event_tracking_id: string;
  event_tracking_ext: Ext;
  business1: string;
  business2: string;
  timestamp: number;
  ctime: number;
  timely: 0 | 1;
  merge: 0 | 1;
  seq: number;
  log_seq: number;
  retry_count: number;
  user_language: number;
  referer: string;
  page_unique_id: string;
  // context
  app_id: string;
  app_name: string;
  ver: string;
  uid: string;
  browser: string;
  browser_version: string;
  session_id: string;
  network_type: string;
  sys: SysCode;
  os_version: string;
  device_id: string;
  manufacturer: string;
  brand: string;
  model: string;
  screen_width: number;
  screen_height: number;
  carrier: string;
  url_host: string;
  lib_version: string;
  timezone_offset: number;
  channel: string;
  log_env: string;
  qr_val: string;
  source_referer: string;
  source_target: string;
  first_visit_time: number;
  first_day: boolean;
  /** The user agent, cut to 255 characters (docs/protocol.md §14; see decision 400). */
  user_agent: string;
  /** The caller's address: the SDK sends clientCommonConfig's ("" when it failed), the gateway stores the request's (docs/decisions/405). */
  ip: string;
}

export type TrackingExt = Ext;
