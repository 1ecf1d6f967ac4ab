import {
  DEFAULT_APP_VERSION,
  TRACKING_APP,
  TRACKING_FIELD_MAX,
  TRACKING_LIB_VERSION,
  type TrackingEvent,
} from "../../../protocol/tracking";
import { parseUserAgent, sysCode } from "../../../protocol/user-agent";
import type { Landing } from "./visitor";

/** The context fields that stay the same for the life of a document. */
export type StaticContext = Pick<
  TrackingEvent,
  | "app_id"
  | "app_name"
  | "ver"
  | "browser"
  | "browser_version"
  | "session_id"
  | "sys"
  | "os_version"
  | "device_id"
  | "manufacturer"
  | "brand"
  | "model"
  | "screen_width"
  | "screen_height"
  | "carrier"
  | "url_host"
  | "lib_version"
  | "timezone_offset"
  | "channel"
  | "log_env"
  | "qr_val"
  | "source_referer"
  | "source_target"
  | "first_visit_time"
  | "user_agent"
>;

export interface ContextInputs {
  userAgent: string;
  inNativeApp: boolean;
  /** The visitor id: the browser's persistent device id. */
  deviceId: string;
  landing: Landing;
  firstVisit: number;
  screen: { width: number; height: number };
  /** `Date#getTimezoneOffset()`: minutes behind UTC. */
  timezoneOffset: number;
  host: string;
  logEnv: string;
  /** The app version preference (docs/product.md, empty by default). */
  appVersion: string | undefined;
}

const cap = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

export function staticContext(i: ContextInputs): StaticContext {
  const ua = parseUserAgent(i.userAgent);
  const short = TRACKING_FIELD_MAX.short;
  return {
    app_id: TRACKING_APP.id,
    app_name: TRACKING_APP.name,
    ver: cap(i.appVersion || DEFAULT_APP_VERSION, short),
    browser: cap(ua.browser, short),
    browser_version: cap(ua.browserVersion, short),
    session_id: cap(i.landing.sessionId, short),
    sys: sysCode(ua, i.inNativeApp),
    os_version: cap(ua.osVersion, short),
    device_id: cap(i.deviceId, short),
    manufacturer: cap(ua.manufacturer, short),
    brand: cap(ua.brand, short),
    model: cap(ua.model, short),
    screen_width: Math.max(0, Math.round(i.screen.width)),
    screen_height: Math.max(0, Math.round(i.screen.height)),
    // A web page cannot read the mobile carrier; the native app's bridge knows it.
    carrier: "",
    url_host: cap(i.host, short * 4),
    lib_version: TRACKING_LIB_VERSION,
    // Minutes east of UTC (UTC+8 is 480), the opposite sign of getTimezoneOffset.
    timezone_offset: i.timezoneOffset === 0 ? 0 : -i.timezoneOffset,
    channel: i.landing.channel,
    log_env: i.logEnv,
    qr_val: i.landing.qrVal,
    source_referer: cap(i.landing.sourceReferer, TRACKING_FIELD_MAX.url),
    source_target: cap(i.landing.sourceTarget, TRACKING_FIELD_MAX.url),
    first_visit_time: i.firstVisit,
    user_agent: ua.userAgent,
  };
}

interface NetworkInformationLike {
  effectiveType?: string;
  type?: string;
}

/** `network_type`: offline, the connection type (wifi, cellular…) or its effective class (4g…). */
export function networkType(nav: { onLine?: boolean; connection?: NetworkInformationLike } | undefined): string {
  if (!nav) return "unknown";
  if (nav.onLine === false) return "none";
  const c = nav.connection;
  const type = c?.type && c.type !== "unknown" ? c.type : undefined;
  return cap(type ?? c?.effectiveType ?? "unknown", TRACKING_FIELD_MAX.short);
}
