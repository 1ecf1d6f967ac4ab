/**
 * The operator API's caller check (docs/decisions/800): an HMAC-SHA256 with the operator secret
 * over timestamp + METHOD + path + body, the time within 30 s of ours, each signature good once
 * (remembered in the database, so a restart does not reopen the window).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { EVENT_CODES, EVENT_OPERATOR_HEADERS, OPERATOR_WINDOW_MS } from "../../protocol/events.ts";
import { GatewayError } from "../envelope.ts";
import type { EventStore } from "./store.ts";

export interface OperatorRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody?: string;
}

/** The signature an operator sends; the CLI and tests sign with this too. */
export function operatorSignature(secret: string, timestamp: string, method: string, path: string, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}${method.toUpperCase()}${path}${body}`, "utf8").digest("base64");
}

const refuseSign = (msg: string) => new GatewayError(EVENT_CODES.operatorSignature, msg, 401);

function single(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? undefined : v;
}

export class OperatorAuth {
  constructor(
    private readonly secret: string | undefined,
    private readonly store: EventStore,
    private readonly now: () => number = Date.now,
  ) {}

  verify(req: OperatorRequest): void {
    if (!this.secret) throw new GatewayError(EVENT_CODES.operatorDisabled, "The operator API is not configured", 403);
    const ts = single(req.headers[EVENT_OPERATOR_HEADERS.timestamp]);
    const sign = single(req.headers[EVENT_OPERATOR_HEADERS.sign]);
    if (!ts || !sign) throw refuseSign("Operator signature missing");
    if (!/^\d{13}$/.test(ts)) throw refuseSign("Operator timestamp must be milliseconds since 1970");
    const now = this.now();
    if (Math.abs(now - Number(ts)) > OPERATOR_WINDOW_MS) throw refuseSign("Operator signature expired; check the clock");
    const expected = Buffer.from(operatorSignature(this.secret, ts, req.method, req.url, req.rawBody ?? ""), "base64");
    const given = Buffer.from(sign, "base64");
    // Base64 decoding is lenient; the canonical spelling must match too, so one signature has one form.
    if (given.length !== expected.length || !timingSafeEqual(given, expected) || given.toString("base64") !== sign)
      throw refuseSign("Operator signature invalid");
    if (!this.store.spendSignature(sign, now, now + 2 * OPERATOR_WINDOW_MS)) throw refuseSign("Operator request replayed");
  }
}
