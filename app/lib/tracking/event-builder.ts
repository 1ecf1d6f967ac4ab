import { TRACKING_FIELD_MAX, type TrackingEvent, type TrackingExt } from "../../../protocol/tracking";
import type { StaticContext } from "./context";

/** The fields one `track()` call decides; the rest comes from the page view and the context. */
export type EventFields = Pick<
  TrackingEvent,
  | "type"
  | "page_status"
  | "track_type"
  | "url"
  | "title"
  | "curr_page"
  | "curr_page_ext"
  | "event_tracking"
  | "event_tracking_id"
  | "event_tracking_ext"
  | "business1"
  | "business2"
  | "timestamp"
  | "ctime"
  | "timely"
  | "merge"
  | "seq"
  | "log_seq"
  | "retry_count"
  | "user_language"
  | "referer"
  | "page_unique_id"
>;

/**
 * The context fields that change while a document lives, queued with each event. `uid` and `ip`
 * are null until clientCommonConfig has answered; the uploader fills them in (docs/decisions/400).
 */
export interface DynamicContext {
  uid: string | null;
  ip: string | null;
  network_type: string;
  first_day: boolean;
}

/** An event as queued: its own fields and the changing context; the static context is the document's. */
export type QueuedFields = EventFields & DynamicContext;

export const cap = (s: string, n: number): string => (s.length > n ? s.slice(0, n) : s);

/** Keeps an `*_ext` object within the gateway's bounds: flat, primitive values, 32 keys. */
export function sanitizeExt(ext: unknown): TrackingExt {
  const out: TrackingExt = {};
  if (typeof ext !== "object" || ext === null || Array.isArray(ext)) return out;
  let keys = 0;
  for (const [k, v] of Object.entries(ext)) {
    if (keys >= TRACKING_FIELD_MAX.extKeys) break;
    if (k.length === 0 || k.length > TRACKING_FIELD_MAX.short) continue;
    if (typeof v === "string") out[k] = cap(v, TRACKING_FIELD_MAX.extValue);
    else if ((typeof v === "number" && Number.isFinite(v)) || typeof v === "boolean" || v === null) out[k] = v;
    else continue;
    keys++;
  }
  return out;
}

function parseObject<T>(json: string): T | undefined {
  try {
    const v = JSON.parse(json) as unknown;
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as T) : undefined;
  } catch {
    return undefined;
  }
}

/** A document's static context as stored beside its queue (JSON), or undefined if unreadable. */
export function parseContext(json: string | null): StaticContext | undefined {
  return json === null ? undefined : parseObject<StaticContext>(json);
}

/**
 * The wire form of a queued event at send time: its own fields, its document's static context
 * (stored once per document, not per event), `retry_count` as counted so far, and `uid`/`ip`
 * filled in for this document's own events once its config is known ("" for other documents').
 */
export function toWire(json: string, context: StaticContext, fill: { uid: string; ip: string } | undefined): TrackingEvent | undefined {
  const event = parseObject<QueuedFields>(json);
  if (!event) return undefined;
  return { ...event, ...context, uid: event.uid ?? fill?.uid ?? "", ip: event.ip ?? fill?.ip ?? "" };
}
