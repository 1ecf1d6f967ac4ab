import { createHash } from "node:crypto";
import { z } from "zod";
import { parseUserAgent, sysCode } from "../../protocol/user-agent.ts";
import {
  EVENT_TYPE,
  PAGE_STATUS,
  SYS,
  TRACK_TYPE,
  TRACKING_FIELD_MAX as MAX,
  TRACKING_LIMITS,
  isValidLogEnv,
  isValidTrackingId,
  trackingLanguage,
  type TrackingEvent,
  type TrackingExt,
} from "../../protocol/tracking.ts";

/**
 * What the gateway accepts as one tracking event (docs/decisions/405): strict about what could
 * corrupt the store or someone else's data (identifiers, keys, numbers, shapes), lenient about
 * what is harmless (absent or empty optional fields, enum spelling, over-long descriptive text).
 */

/** A value that cannot be read; the event is refused with this reason. */
class Bad {
  constructor(readonly reason: string) {}
}

/** An optional field: undefined, null and "" are "not sent" (the issue's general rule). */
function field<T>(read: (v: unknown) => T | Bad) {
  return z.unknown().transform((v, ctx): T | undefined => {
    if (v === undefined || v === null || v === "") return undefined;
    const out = read(v);
    if (out instanceof Bad) {
      ctx.addIssue({ code: "custom", message: out.reason });
      return z.NEVER;
    }
    return out;
  });
}

const describe = (v: unknown): string =>
  v === null ? "null" : Array.isArray(v) ? "an array" : typeof v === "object" ? "an object" : `a ${typeof v}`;

/** Text from a string or a number (a uid of 12345 is harmless), else undefined. */
function textOf(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return undefined;
}

/** Cuts to `max` UTF-16 units without leaving half of a surrogate pair. */
export function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  const code = s.charCodeAt(max - 1);
  return s.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** Descriptive text (titles, addresses, device names): over-long is cut, not refused. */
const text = (max: number) =>
  field((v) => {
    const s = textOf(v);
    return s === undefined ? new Bad(`must be text, got ${describe(v)}`) : cut(s, max);
  });

/** Free-form identifiers (user, session, app): cutting would merge two of them, so over-long is refused. */
const ident = (max: number) =>
  field((v) => {
    const s = textOf(v);
    if (s === undefined) return new Bad(`must be text, got ${describe(v)}`);
    return s.length > max ? new Bad(`at most ${max} characters, got ${s.length}`) : s;
  });

/** Keys of stored rows: letters, digits, _ and -, at most 64 (a derived key starts with "~", which no client key can). */
const key = field((v) => {
  const s = textOf(v);
  if (s === undefined) return new Bad(`must be text, got ${describe(v)}`);
  if (s.length > MAX.id) return new Bad(`at most ${MAX.id} characters, got ${s.length}`);
  return /^[A-Za-z0-9_-]+$/.test(s) ? s : new Bad("letters, digits, _ and - only");
});

/** An integer as a number or a string of digits, within [min, max]. */
const int = (min: number, max: number) =>
  field((v) => {
    const n = typeof v === "string" && /^-?\d{1,16}$/.test(v.trim()) ? Number(v.trim()) : v;
    if (typeof n !== "number" || !Number.isInteger(n)) return new Bad(`must be a whole number, got ${describe(v)}`);
    return n < min || n > max ? new Bad(`must be between ${min} and ${max}`) : n;
  });

const fold = (s: string) => s.toLowerCase().replace(/[\s_-]/g, "");

/** An enum by its number or its name in any case and spelling (`pullUp`, `PULL_UP`, `pull-up`). */
function enumOf<V extends number>(values: Readonly<Record<string, V>>) {
  const byName = new Map(Object.entries(values).map(([k, n]) => [fold(k), n]));
  const numbers = new Set<number>(Object.values(values));
  const list = Object.entries(values)
    .map(([k, n]) => `${n} (${k})`)
    .join(", ");
  return field((v): V | Bad => {
    const n = typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v;
    if (typeof n === "number" && numbers.has(n)) return n as V;
    if (typeof n === "string") {
      const named = byName.get(fold(n));
      if (named !== undefined) return named;
    }
    return new Bad(`must be one of ${list}`);
  });
}

const FLAGS = new Map<unknown, 0 | 1>([
  [0, 0],
  [1, 1],
  [false, 0],
  [true, 1],
  ["0", 0],
  ["1", 1],
  ["false", 0],
  ["true", 1],
]);
const flag = field((v) => FLAGS.get(typeof v === "string" ? v.trim().toLowerCase() : v) ?? new Bad("must be 0 or 1"));
const bool = field((v) => {
  const f = FLAGS.get(typeof v === "string" ? v.trim().toLowerCase() : v);
  return f === undefined ? new Bad("must be true or false") : f === 1;
});

/** A flat object of at most 32 keys with primitive values; over-long string values are cut. */
const ext = z.unknown().transform((v, ctx): TrackingExt | undefined => {
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v !== "object" || Array.isArray(v)) {
    ctx.addIssue({ code: "custom", message: `must be an object, got ${describe(v)}` });
    return z.NEVER;
  }
  const entries = Object.entries(v);
  if (entries.length > MAX.extKeys) {
    ctx.addIssue({ code: "custom", message: `at most ${MAX.extKeys} keys, got ${entries.length}` });
    return z.NEVER;
  }
  const out: TrackingExt = {};
  for (const [k, value] of entries) {
    if (k.length === 0 || k.length > MAX.short) {
      // Not named in the path: an over-long key is not echoed back.
      ctx.addIssue({ code: "custom", message: `keys have 1 to ${MAX.short} characters` });
      return z.NEVER;
    }
    if (typeof value === "string") out[k] = cut(value, MAX.extValue);
    else if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean" || value === null) out[k] = value;
    else {
      ctx.addIssue({ code: "custom", message: `values are text, numbers, true/false or null, got ${describe(value)}`, path: [k] });
      return z.NEVER;
    }
  }
  return out;
});

const count = int(0, 2 ** 31 - 1);
const ms = int(0, 8_640_000_000_000_000);

/** The fields a client may send, each read leniently; `ip` is not among them (the server's address is stored). */
const ClientEventSchema = z.object({
  type: enumOf(EVENT_TYPE),
  page_status: enumOf(PAGE_STATUS),
  track_type: enumOf(TRACK_TYPE),
  url: text(MAX.url),
  title: text(MAX.title),
  curr_page: text(MAX.url),
  curr_page_ext: ext,
  event_tracking: text(MAX.name),
  event_tracking_id: field((v) => {
    const s = typeof v === "string" ? v.trim().toLowerCase() : v;
    return isValidTrackingId(s) ? s : new Bad('must be "/" or "b" followed by digits');
  }),
  event_tracking_ext: ext,
  business1: text(MAX.name),
  business2: text(MAX.name),
  timestamp: ms,
  ctime: ms,
  timely: flag,
  merge: flag,
  seq: int(1, 2 ** 31 - 1),
  log_seq: count,
  retry_count: count,
  user_language: field((v) => {
    if (typeof v === "number" || (typeof v === "string" && /^\d+$/.test(v.trim()))) {
      const n = Number(v);
      return Number.isInteger(n) && n >= 0 && n <= 999 ? n : new Bad("must be a number from 0 to 999 or a locale");
    }
    // A locale key ("zh-CN", any case) is the tracking client's own number; unknown ones count as English.
    return typeof v === "string" && v.length <= MAX.short
      ? trackingLanguage(v.trim())
      : new Bad("must be a number from 0 to 999 or a locale");
  }),
  referer: text(MAX.url),
  page_unique_id: key,
  app_id: ident(MAX.short),
  app_name: text(MAX.short),
  ver: text(MAX.short),
  uid: ident(MAX.short),
  browser: text(MAX.short),
  browser_version: text(MAX.short),
  session_id: ident(MAX.short),
  network_type: text(MAX.short),
  sys: enumOf(SYS),
  os_version: text(MAX.short),
  device_id: key,
  manufacturer: text(MAX.short),
  brand: text(MAX.short),
  model: text(MAX.short),
  screen_width: count,
  screen_height: count,
  carrier: text(MAX.short),
  url_host: text(MAX.short * 4),
  lib_version: text(MAX.short),
  timezone_offset: int(-16 * 60, 16 * 60),
  channel: text(MAX.short),
  log_env: field((v) => (isValidLogEnv(v) ? v.toLowerCase() : new Bad("must be pre, online or …test plus one or two digits"))),
  qr_val: text(MAX.short),
  source_referer: text(MAX.url),
  source_target: text(MAX.url),
  first_visit_time: ms,
  first_day: bool,
  user_agent: text(TRACKING_LIMITS.userAgentMax),
});

type ClientEvent = z.infer<typeof ClientEventSchema>;

// The client fields plus the server's `ip` are exactly the wire type of protocol/tracking.ts.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesWireType: Same<keyof ClientEvent | "ip", keyof TrackingEvent> = true;
void schemaMatchesWireType;

/** What the server itself knows of the request that carried the events. */
export interface RequestFacts {
  /** The caller's address as the gateway sees it (the BFF on loopback is the only proxy believed). */
  ip: string;
  /** The request's `user-agent` header, as sent. */
  userAgent: string;
  receivedAt: number;
}

export interface Refusal {
  index: number;
  /** The field at fault, `a.b` inside an ext object; "" when the event as a whole is unreadable. */
  field: string;
  reason: string;
}

export type BatchCheck = { ok: true; events: TrackingEvent[]; refused: Refusal[] } | { ok: false; msg: string };

/** Sorted-key JSON, so the same content always hashes the same. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (typeof v === "object" && v !== null) {
    const entries = Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(",")}}`;
  }
  return JSON.stringify(v);
}

/**
 * The dedupe key of an event that lacks `page_unique_id` or `seq`: a hash of what the client said
 * (read and normalised, without `retry_count`, which a resend raises) and of the address it came
 * from, so no one can pre-empt another caller's event by sending its content first. With a client
 * time a resend hashes the same; without one nothing tells a resend from a repeat, so the arrival
 * counts too.
 */
function contentHash(e: ClientEvent, index: number, facts: RequestFacts): string {
  const { retry_count: _retries, ...content } = e;
  const timed = e.timestamp !== undefined || e.ctime !== undefined;
  const arrival = timed ? "" : `|${facts.receivedAt}|${index}`;
  const input = `${facts.ip}|${canonical(content)}${arrival}`;
  return createHash("sha256").update(input).digest("hex");
}

function pageOf(url: string): { path: string; host: string } {
  if (!url) return { path: "", host: "" };
  try {
    const absolute = new URL(url);
    return { path: absolute.pathname, host: absolute.host };
  } catch {
    try {
      return { path: new URL(url, "http://relative.invalid").pathname, host: "" };
    } catch {
      return { path: "", host: "" };
    }
  }
}

/** The stored event: the client's fields, the server's facts, derived keys and defaults for the rest. */
function complete(e: ClientEvent & { type: TrackingEvent["type"] }, index: number, facts: RequestFacts): TrackingEvent {
  const url = e.url ?? "";
  const page = pageOf(url);
  const userAgent = e.user_agent ?? cut(facts.userAgent, TRACKING_LIMITS.userAgentMax);
  const ua = parseUserAgent(userAgent);
  let pageId = e.page_unique_id;
  let seq = e.seq;
  if (pageId === undefined || seq === undefined) {
    const hash = contentHash(e, index, facts);
    if (pageId === undefined) {
      pageId = `~${hash.slice(0, 32)}`;
      seq ??= 1;
    } else {
      // Below 1, so it never meets a client's seq in the same page view.
      seq = -Number.parseInt(hash.slice(0, 12), 16) - 1;
    }
  }
  const timestamp = e.timestamp ?? facts.receivedAt;
  return {
    type: e.type,
    page_status: e.page_status ?? (e.type === EVENT_TYPE.page ? PAGE_STATUS.show : null),
    track_type: e.track_type ?? TRACK_TYPE.manual,
    url,
    title: e.title ?? "",
    curr_page: e.curr_page ?? cut(page.path, MAX.url),
    curr_page_ext: e.curr_page_ext ?? {},
    event_tracking: e.event_tracking ?? "",
    event_tracking_id: e.event_tracking_id ?? "/",
    event_tracking_ext: e.event_tracking_ext ?? {},
    business1: e.business1 ?? "",
    business2: e.business2 ?? "",
    timestamp,
    ctime: e.ctime ?? timestamp,
    timely: e.timely ?? 0,
    merge: e.merge ?? 0,
    seq,
    log_seq: e.log_seq ?? 0,
    retry_count: e.retry_count ?? 0,
    user_language: e.user_language ?? 0,
    referer: e.referer ?? "",
    page_unique_id: pageId,
    app_id: e.app_id ?? "",
    app_name: e.app_name ?? "",
    ver: e.ver ?? "",
    uid: e.uid ?? "",
    browser: e.browser ?? cut(ua.browser, MAX.short),
    browser_version: e.browser_version ?? cut(ua.browserVersion, MAX.short),
    session_id: e.session_id ?? "",
    network_type: e.network_type ?? "",
    sys: e.sys ?? sysCode(ua, false),
    os_version: e.os_version ?? cut(ua.osVersion, MAX.short),
    device_id: e.device_id ?? "",
    manufacturer: e.manufacturer ?? cut(ua.manufacturer, MAX.short),
    brand: e.brand ?? cut(ua.brand, MAX.short),
    model: e.model ?? cut(ua.model, MAX.short),
    screen_width: e.screen_width ?? 0,
    screen_height: e.screen_height ?? 0,
    carrier: e.carrier ?? "",
    url_host: e.url_host ?? cut(page.host, MAX.short * 4),
    lib_version: e.lib_version ?? "",
    timezone_offset: e.timezone_offset ?? 0,
    channel: e.channel ?? "",
    log_env: e.log_env ?? "",
    qr_val: e.qr_val ?? "",
    source_referer: e.source_referer ?? "",
    source_target: e.source_target ?? "",
    first_visit_time: e.first_visit_time ?? 0,
    first_day: e.first_day ?? false,
    user_agent: userAgent,
    // Never the client's claim: the address the request came from (docs/decisions/405).
    ip: facts.ip,
  };
}

/** One element of a batch: the event to store, or why it is refused. */
export function checkEvent(raw: unknown, index: number, facts: RequestFacts): TrackingEvent | Refusal {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { index, field: "", reason: `an event must be a JSON object, got ${describe(raw)}` };
  }
  let result: ReturnType<typeof ClientEventSchema.safeParse>;
  try {
    result = ClientEventSchema.safeParse(raw);
  } catch {
    // A reader that throws is a bug, but the caller still gets its answer, not a 500.
    return { index, field: "", reason: "unreadable event" };
  }
  if (!result.success) {
    const issue = result.error.issues[0];
    return { index, field: issue?.path.join(".") ?? "", reason: issue?.message ?? "invalid" };
  }
  const e = result.data;
  if (e.type === undefined) return { index, field: "type", reason: "required" };
  if (e.url === undefined && e.curr_page === undefined) return { index, field: "url", reason: "an event needs its page: url or curr_page" };
  return complete({ ...e, type: e.type }, index, facts);
}

/**
 * A body of 1 to 50 events. A body of another shape is refused whole; otherwise each event is
 * read on its own, and the bad ones are named with their index, field and reason.
 */
export function checkBatch(body: unknown, facts: RequestFacts): BatchCheck {
  const max = TRACKING_LIMITS.batchSize;
  if (!Array.isArray(body) || body.length === 0 || body.length > max) {
    const got = Array.isArray(body) ? `${body.length} events` : body === undefined ? "no body" : describe(body);
    return { ok: false, msg: `Invalid parameter: the body must be a JSON array of 1 to ${max} events, got ${got}` };
  }
  const events: TrackingEvent[] = [];
  const refused: Refusal[] = [];
  body.forEach((raw, index) => {
    const out = checkEvent(raw, index, facts);
    if ("reason" in out) refused.push(out);
    else events.push(out);
  });
  return { ok: true, events, refused };
}
