import { CODES } from "../../../protocol/codes";
import { HEADERS } from "../../../protocol/headers";
import { PATHS } from "../../../protocol/paths";
import { TRACKING_LIMITS, TRACKING_QUERY, type TrackingEvent } from "../../../protocol/tracking";
import { HttpError } from "~/lib/http/errors";
import type { SendOutcome, Sender } from "./sender";

const utf8 = new TextEncoder();
const bytes = (s: string) => utf8.encode(s).length;

/**
 * Splits events into JSON array bodies of at most `maxEvents` events and `maxBytes` UTF-8 bytes,
 * in order. An event that alone exceeds the limit gets a body of its own (the beacon refuses it
 * and it stays queued for the ordinary upload).
 */
export function splitBodies(events: readonly TrackingEvent[], maxBytes: number, maxEvents: number): Array<{ body: string; count: number }> {
  const out: Array<{ body: string; count: number }> = [];
  let parts: string[] = [];
  let size = 2; // "[]"
  for (const event of events) {
    const json = JSON.stringify(event);
    const length = bytes(json);
    if (parts.length > 0 && (size + 1 + length > maxBytes || parts.length >= maxEvents)) {
      out.push({ body: `[${parts.join(",")}]`, count: parts.length });
      parts = [];
      size = 2;
    }
    size += length + (parts.length > 0 ? 1 : 0);
    parts.push(json);
  }
  if (parts.length > 0) out.push({ body: `[${parts.join(",")}]`, count: parts.length });
  return out;
}

export interface WebSenderOptions {
  /** POSTs a body through the page's origin (the BFF forwards it); throws HttpError as the shared client does. */
  post(path: string, body: string, headers: Record<string, string>): Promise<unknown>;
  /** navigator.sendBeacon, or undefined where it does not exist. */
  beacon: ((url: string, body: string) => boolean) | undefined;
  /** The `pfb` of the landing address; empty when there was none. */
  pfb: string;
}

const isIndex = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;

/** The gateway's `refused` list (`[{index, field, reason}]`, docs/decisions/405), the readable entries only. */
function refusedOf(data: unknown): Array<{ index: number; reason: string }> {
  const list = (data as { refused?: unknown } | null | undefined)?.refused;
  if (!Array.isArray(list)) return [];
  const out: Array<{ index: number; reason: string }> = [];
  for (const r of list as Array<{ index?: unknown; field?: unknown; reason?: unknown } | null>) {
    if (!isIndex(r?.index)) continue;
    const field = typeof r.field === "string" && r.field ? `${r.field}: ` : "";
    out.push({ index: r.index, reason: `${field}${typeof r.reason === "string" ? r.reason : "invalid"}` });
  }
  return out;
}

/** Reads what an HttpError says about an upload. */
export function outcomeOf(err: unknown): SendOutcome {
  if (!(err instanceof HttpError)) return { kind: "failed", status: 0, msg: String(err) };
  if (err.status === 403) return { kind: "throttled", status: 403 };
  const permanent = err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429;
  if (permanent) {
    let indexes: number[] | undefined;
    if (err.code === CODES.invalidParameter) {
      // Every refused event when the gateway lists them, else the one it names (an older gateway).
      const listed = refusedOf(err.data).map((r) => r.index);
      const index = (err.data as { index?: unknown } | null)?.index;
      indexes = listed.length > 0 ? listed : isIndex(index) ? [index] : undefined;
    }
    return { kind: "rejected", status: err.status, msg: err.code ? `${err.code} ${err.message}` : err.message, indexes };
  }
  return { kind: "failed", status: err.status, msg: err.message };
}

/** Uploads by fetch through the page origin, and by sendBeacon when the page hides. */
export function webSender(opts: WebSenderOptions): Sender {
  const headers: Record<string, string> = opts.pfb ? { [HEADERS.trackingPfb]: opts.pfb } : {};
  // A beacon carries no headers: the pfb goes in the query instead (docs/decisions/404).
  const beaconUrl = opts.pfb ? `${PATHS.trackingInfo}?${TRACKING_QUERY.pfb}=${encodeURIComponent(opts.pfb)}` : PATHS.trackingInfo;
  return {
    async send(events) {
      try {
        const refused = refusedOf(await opts.post(PATHS.trackingInfo, JSON.stringify(events), headers));
        return refused.length > 0 ? { kind: "ok", refused } : { kind: "ok" };
      } catch (err) {
        return outcomeOf(err);
      }
    },
    sendNow(events) {
      let sent = 0;
      if (!opts.beacon) return { sent, delivered: false };
      for (const { body, count } of splitBodies(events, TRACKING_LIMITS.beaconMaxBytes, TRACKING_LIMITS.batchSize)) {
        let queued = false;
        try {
          queued = opts.beacon(beaconUrl, body);
        } catch {
          queued = false;
        }
        // The browser's keep-alive quota (64 KiB in flight) is full: the rest waits in the queue.
        if (!queued) break;
        sent += count;
      }
      return { sent, delivered: false };
    },
  };
}
