import { EventEmitter } from "node:events";
import { Transform, type Readable } from "node:stream";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { Pool, errors as undiciErrors } from "undici";
import type { Logger } from "pino";
import { CODES } from "../protocol/codes.ts";
import { envelope } from "../protocol/envelope.ts";

/** Headers that describe one connection, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  "connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "proxy-connection",
  "te", "trailer", "trailers", "transfer-encoding", "upgrade",
]);

export function dropHopByHop(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const connection = headers.connection;
  const listed = connection && connection !== "keep-alive" && connection !== "close"
    ? new Set(connection.split(",").map((s) => s.trim().toLowerCase()))
    : undefined;
  const out: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || HOP_BY_HOP.has(name) || listed?.has(name)) continue;
    out[name] = value;
  }
  return out;
}

export interface BffOptions {
  upstream: string;
  timeoutMs: number;
  bodyLimit: number;
  /** Whether this connection's peer is a trusted proxy, whose X-Forwarded-* may be believed. */
  trustsPeer(req: IncomingMessage): boolean;
  /** Sets the web host's security headers on every response. */
  decorate(req: IncomingMessage, res: ServerResponse, secure: boolean): void;
  logger: Logger;
}

class BodyTooLarge extends Error {}

function sendEnvelope(res: ServerResponse, status: number, code: string, msg: string, close = false): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify(envelope(code, msg, null));
  res.statusCode = status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.setHeader("content-length", Buffer.byteLength(body));
  if (close) res.setHeader("connection", "close");
  res.end(body);
}

function limitBody(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > limit) done(new BodyTooLarge(`body over ${limit} bytes`));
      else done(null, chunk);
    },
  });
}

export function protocolOf(req: IncomingMessage, trustForwarded: boolean): string {
  if (trustForwarded) {
    const claimed = String(req.headers["x-forwarded-proto"] ?? "").split(",")[0]?.trim();
    if (claimed === "https" || claimed === "http") return claimed;
  }
  return (req.socket as TLSSocket).encrypted ? "https" : "http";
}

function forwardedHeaders(req: IncomingMessage, opts: BffOptions): Record<string, string | string[]> {
  const headers = dropHopByHop(req.headers);
  const clientIp = req.socket.remoteAddress ?? "";
  const trusted = opts.trustsPeer(req);
  const prior = trusted ? req.headers["x-forwarded-for"] : undefined;
  headers["x-forwarded-for"] = prior ? `${String(prior)}, ${clientIp}` : clientIp;
  headers["x-forwarded-proto"] = protocolOf(req, trusted);
  if (req.headers.host) headers["x-forwarded-host"] = req.headers.host;
  delete headers.host;
  return headers;
}

export interface Bff {
  /** Forwards one request; never throws, every failure is answered with an envelope. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  close(): Promise<void>;
}

/**
 * The BFF of PROTOCOL.md §1: method, path with query, body bytes and headers forwarded unchanged
 * (hop-by-hop excepted) over a keep-alive pool, both bodies streamed. It runs on the raw Node
 * request, ahead of Express, because it is the hottest path of the web server.
 */
export function createBff(opts: BffOptions): Bff {
  const pool = new Pool(opts.upstream, {
    connections: 64,
    keepAliveTimeout: 10_000,
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
    connectTimeout: Math.min(opts.timeoutMs, 10_000),
  });

  function handle(req: IncomingMessage, res: ServerResponse): void {
    opts.decorate(req, res, protocolOf(req, opts.trustsPeer(req)) === "https");
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > opts.bodyLimit) {
      // The body is not read, so the connection cannot carry another request.
      return sendEnvelope(res, 413, CODES.payloadTooLarge, `Request body larger than ${opts.bodyLimit} bytes`, true);
    }
    // An EventEmitter is undici's cheapest abort signal: the client left, stop the upstream call.
    const signal = new EventEmitter();
    res.once("close", () => {
      if (!res.writableFinished) signal.emit("abort");
    });
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const limiter = hasBody ? limitBody(opts.bodyLimit) : undefined;
    let tooLarge = false;
    limiter?.once("error", (err) => {
      if (err instanceof BodyTooLarge) tooLarge = true;
    });

    pool.stream(
      {
        method: req.method as "GET",
        path: req.url ?? "/",
        headers: forwardedHeaders(req, opts),
        body: limiter ? (req.pipe(limiter) as Readable) : undefined,
        signal,
      },
      ({ statusCode, headers }) => {
        res.statusCode = statusCode;
        for (const name in headers) {
          const value = headers[name];
          if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
        }
        return res;
      },
      (err) => {
        // No error, or the client went away and we stopped the call ourselves.
        if (!err || err instanceof undiciErrors.RequestAbortedError) return;
        if (tooLarge) {
          return sendEnvelope(res, 413, CODES.payloadTooLarge, `Request body larger than ${opts.bodyLimit} bytes`, true);
        }
        if (err instanceof undiciErrors.HeadersTimeoutError || err instanceof undiciErrors.BodyTimeoutError ||
            err instanceof undiciErrors.ConnectTimeoutError) {
          opts.logger.warn({ path: req.url, err: err.message }, "gateway timed out");
          return sendEnvelope(res, 504, CODES.upstreamTimeout, `Gateway did not answer within ${opts.timeoutMs} ms`);
        }
        opts.logger.warn({ path: req.url, err: err.message }, "gateway unavailable");
        return sendEnvelope(res, 502, CODES.upstreamUnavailable, "Gateway unavailable, please retry shortly");
      },
    );
  }

  return { handle, close: () => pool.close() };
}
