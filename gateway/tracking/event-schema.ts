import { z } from "zod";
import {
  EVENT_TYPE, PAGE_STATUS, SYS, TRACK_TYPE, TRACKING_FIELD_MAX as MAX, TRACKING_LIMITS, isValidLogEnv,
  isValidTrackingId, type TrackingEvent,
} from "../../protocol/tracking.ts";

const text = (max: number) => z.string().max(max);
const id = z.string().min(1).max(MAX.id).regex(/^[A-Za-z0-9_-]+$/, "letters, digits, _ and - only");
const count = z.number().int().min(0).max(2 ** 31 - 1);
const ms = z.number().int().min(0).max(8_640_000_000_000_000);
const ext = z
  .record(z.string().min(1).max(MAX.short), z.union([z.string().max(MAX.extValue), z.number().finite(), z.boolean(), z.null()]))
  .refine((o) => Object.keys(o).length <= MAX.extKeys, `at most ${MAX.extKeys} keys`);

/** One event of PROTOCOL.md §10 as the gateway accepts it; unknown fields are dropped. */
export const TrackingEventSchema = z.object({
  type: z.nativeEnum(EVENT_TYPE),
  page_status: z.nativeEnum(PAGE_STATUS).nullable(),
  track_type: z.nativeEnum(TRACK_TYPE),
  url: text(MAX.url),
  title: text(MAX.title),
  curr_page: text(MAX.url),
  curr_page_ext: ext,
  event_tracking: text(MAX.name),
  event_tracking_id: z.string().refine(isValidTrackingId, 'must be "/" or "b" followed by digits'),
  event_tracking_ext: ext,
  business1: text(MAX.name),
  business2: text(MAX.name),
  timestamp: ms,
  ctime: ms,
  timely: z.union([z.literal(0), z.literal(1)]),
  merge: z.union([z.literal(0), z.literal(1)]),
  seq: count.min(1),
  log_seq: count.min(1),
  retry_count: count,
  user_language: z.number().int().min(0).max(999),
  referer: text(MAX.url),
  page_unique_id: id,
  app_id: text(MAX.short),
  app_name: text(MAX.short),
  ver: text(MAX.short),
  uid: text(MAX.short),
  browser: text(MAX.short),
  browser_version: text(MAX.short),
  session_id: text(MAX.short),
  network_type: text(MAX.short),
  sys: z.nativeEnum(SYS),
  os_version: text(MAX.short),
  device_id: id,
  manufacturer: text(MAX.short),
  brand: text(MAX.short),
  model: text(MAX.short),
  screen_width: count,
  screen_height: count,
  carrier: text(MAX.short),
  url_host: text(MAX.short * 4),
  lib_version: text(MAX.short),
  timezone_offset: z.number().int().min(-16 * 60).max(16 * 60),
  channel: text(MAX.short),
  log_env: z.string().refine(isValidLogEnv, "must be pre, online or …test plus one or two digits"),
  qr_val: text(MAX.short),
  source_referer: text(MAX.url),
  source_target: text(MAX.url),
  first_visit_time: ms,
  first_day: z.boolean(),
  user_agent: text(TRACKING_LIMITS.userAgentMax),
  ip: text(MAX.short),
});

// The schema and the wire type of protocol/tracking.ts must describe the same event.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesWireType: Same<z.infer<typeof TrackingEventSchema>, TrackingEvent> = true;
void schemaMatchesWireType;

export type BatchCheck =
  | { ok: true; events: TrackingEvent[] }
  | { ok: false; msg: string; index?: number; field?: string };

/** A body of 1 to 50 events, each valid; the first problem is named with its index and field. */
export function checkBatch(body: unknown): BatchCheck {
  const max = TRACKING_LIMITS.batchSize;
  if (!Array.isArray(body) || body.length === 0 || body.length > max) {
    const got = Array.isArray(body) ? `${body.length} events`
      : body === undefined ? "no body"
      : body === null ? "null"
      : typeof body === "object" ? "an object" : `a ${typeof body}`;
    return { ok: false, msg: `Invalid parameter: the body must be a JSON array of 1 to ${max} events, got ${got}` };
  }
  const events: TrackingEvent[] = [];
  for (let index = 0; index < body.length; index++) {
    const result = TrackingEventSchema.safeParse(body[index]);
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join(".") ?? "";
      return { ok: false, index, field, msg: `Invalid parameter [${index}]${field ? `.${field}` : ""}: ${issue?.message ?? "invalid"}` };
    }
    events.push(result.data);
  }
  return { ok: true, events };
}
