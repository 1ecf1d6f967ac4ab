import type { FastifyInstance, FastifyRequest } from "fastify";
import { CODES } from "../../protocol/codes.ts";
import { HEADERS } from "../../protocol/headers.ts";
import { PATHS } from "../../protocol/paths.ts";
import { TRACKING_LIMITS, TRACKING_QUERY } from "../../protocol/tracking.ts";
import { GatewayError, ok } from "../envelope.ts";
import { parseCspBody, type CspReportStore } from "./csp-reports.ts";
import { checkBatch } from "./event-schema.ts";
import type { TrackingEventStore } from "./event-store.ts";
import type { TrackingThrottle } from "./throttle.ts";

const PFB_MAX = 64;
const DEVICE_MAX = 64;

function pfbOf(req: FastifyRequest): string {
  const header = req.headers[HEADERS.trackingPfb];
  if (typeof header === "string" && header) return header.slice(0, PFB_MAX);
  const query = (req.query as Record<string, unknown> | undefined)?.[TRACKING_QUERY.pfb];
  return typeof query === "string" ? query.slice(0, PFB_MAX) : "";
}

function deviceOf(req: FastifyRequest, body: unknown): string | undefined {
  const header = req.headers[HEADERS.deviceId];
  if (typeof header === "string" && header) return header.slice(0, DEVICE_MAX);
  // A beacon carries no headers: the events say which device sent them.
  const first = Array.isArray(body) ? (body[0] as { device_id?: unknown } | undefined) : undefined;
  return typeof first?.device_id === "string" ? first.device_id.slice(0, DEVICE_MAX) : undefined;
}

/** What the tracking routes are handed: the event and CSP report stores and the per-client throttle. */
export interface TrackingDeps {
  events: TrackingEventStore;
  csp: CspReportStore;
  throttle: TrackingThrottle;
}

/** Tracking ingestion and the CSP report log (docs/protocol.md §10). */
export function trackingRoutes(app: FastifyInstance, { events, csp, throttle }: TrackingDeps): void {
  app.post(PATHS.trackingInfo, async (req) => {
    const body = req.body;
    const count = Array.isArray(body) ? body.length : 0;
    if (!throttle.admit(req.ip, deviceOf(req, body), count)) {
      throw new GatewayError(
        CODES.tooManyRequests,
        `Too many tracking events: pause uploads for ${TRACKING_LIMITS.pauseAfter403Ms / 1000} s`,
        403,
      );
    }
    const receivedAt = Date.now();
    const userAgent = req.headers["user-agent"] ?? "";
    const checked = checkBatch(body, { ip: req.ip, userAgent, receivedAt });
    if (!checked.ok) throw new GatewayError(CODES.invalidParameter, checked.msg, 400);
    const { refused } = checked;
    if (checked.events.length === 0) {
      // Nothing to store: the request as a whole is malformed (docs/decisions/405). `index` and
      // `field` name the first bad event, as before, for clients that read only those.
      const first = refused[0]!;
      const msg = `Invalid parameter [${first.index}]${first.field ? `.${first.field}` : ""}: ${first.reason}`;
      const data = { accepted: 0, duplicates: 0, invalid: refused.length, refused, index: first.index, field: first.field };
      throw new GatewayError(CODES.invalidParameter, msg, 400, {}, data);
    }
    const stored = events.store(checked.events, req.ip, pfbOf(req), receivedAt);
    return ok({ ...stored, invalid: refused.length, refused });
  });

  app.post(PATHS.cspSecurity, async (req) => {
    const reports = parseCspBody(req.body);
    if (!reports) throw new GatewayError(CODES.invalidParameter, "Invalid parameter: not a CSP report or security event", 400);
    const stored = csp.store(reports, req.ip);
    for (const r of reports.slice(0, stored)) {
      req.log.info({ kind: r.kind, document: r.documentUri, directive: r.directive, blocked: r.blockedUri }, "csp report");
    }
    return ok({ stored, dropped: reports.length - stored });
  });
}
