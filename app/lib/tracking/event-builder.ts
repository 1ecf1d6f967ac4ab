import { TRACKING_FIELD_MAX, type TrackingEvent, type TrackingExt } from "../../../protocol/tracking";
import type { StaticContext } from "./context";

/** The fields one `track()` call decides; the rest comes from the page view and the context. */
export type EventFields = Pick<
  TrackingEvent,
  | "type" | "page_status" | "track_type" | "url" | "title" | "curr_page" | "curr_page_ext" | "event_tracking"
  | "event_tracking_id" | "event_tracking_ext" | "business1" | "business2" | "timestamp" | "ctime" | "timely"
  | "merge" | "seq" | "log_seq" | "retry_count" | "user_language" | "referer" | "page_unique_id"
>;

/**
 * The context fields that change while a document lives. `uid` and `ip` are null until
 * clientCommonConfig has answered; the uploader fills them in (docs/decisions/400).
 */
export interface DynamicContext {
  uid: string | null;
  ip: string | null;
  network_type: string;
  first_day: boolean;
}

/** An event as queued: the wire event, except that `uid` and `ip` may still be null. */
export type QueuedWireEvent = Omit<TrackingEvent, "uid" | "ip"> & { uid: string | null; ip: string | null };

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

/**
 * Encodes one event. The static context is serialised once per document and spliced in, so a
 * `track()` call stringifies only its own two dozen fields (bench/tracking measures this).
 */
export class EventEncoder {
  private readonly staticJson: string;

  constructor(context: StaticContext) {
    // "{...}" without its braces, to be appended after the per-event fields.
    this.staticJson = JSON.stringify(context).slice(1, -1);
  }

  encode(fields: EventFields, dynamic: DynamicContext): string {
    const own = JSON.stringify({
      ...fields,
      uid: dynamic.uid,
      ip: dynamic.ip,
      network_type: dynamic.network_type,
      first_day: dynamic.first_day,
    });
    return `${own.slice(0, -1)},${this.staticJson}}`;
  }
}

/**
 * The wire form of queued events at send time: `retry_count` as counted so far, and `uid`/`ip`
 * filled in for this document's own events once its config is known ("" for other documents').
 */
export function toWire(json: string, fill: { uid: string; ip: string } | undefined): TrackingEvent | undefined {
  let event: QueuedWireEvent;
  try {
    event = JSON.parse(json) as QueuedWireEvent;
  } catch {
    return undefined;
  }
  if (typeof event !== "object" || event === null) return undefined;
  return { ...event, uid: event.uid ?? fill?.uid ?? "", ip: event.ip ?? fill?.ip ?? "" };
}
