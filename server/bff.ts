import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { IncomingHttpHeaders } from "node:http";
import type { Request, Response, RequestHandler } from "express";
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
  const listed = new Set(
    String(headers.connection ?? "")
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || listed.has(name)) continue;
    out[name] = value;
  }
  return out;
}

export interface BffOptions {
  upstream: string;
  timeoutMs: number;
  bodyLimit: number;
  /** Whether the client's own X-Forwarded-For may be kept (a trusted proxy is in front). */
  trustForwarded: boolean;
  logger: Logger;
}

class BodyTooLarge extends Error {}

function sendEnvelope(res: Response, status: number, code: string, msg: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(status).type("application/json; charset=utf-8").send(JSON.stringify(envelope(code, msg, null)));
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

function forwardedHeaders(req: Request, opts: BffOptions): Record<string, string | string[]> {
  const headers = dropHopByHop(req.headers);
  const clientIp = req.socket.remoteAddress ?? "";
  const prior = opts.trustForwarded ? req.headers["x-forwarded-for"] : undefined;
  headers["x-forwarded-for"] = prior ? `${String(prior)}, ${clientIp}` : clientIp;
  headers["x-forwarded-proto"] = req.protocol;
  if (req.headers.host) headers["x-forwarded-host"] = req.headers.host;
  delete headers.host;
  return headers;
}

/**
 * The BFF of PROTOCOL.md §1: method, path with query, body bytes and headers forwarded unchanged
 * (hop-by-hop excepted) over a keep-alive pool, both bodies streamed.
 */
export function createBff(opts: BffOptions): { handler: RequestHandler; close(): Promise<void> } {
  const pool = new Pool(opts.upstream, {
    connections: 64,
    keepAliveTimeout: 10_000,
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
    connectTimeout: Math.min(opts.timeoutMs, 10_000),
  });

  const handler: RequestHandler = async (req, res) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > opts.bodyLimit) {
      // Not reading the body: the connection cannot be reused for a next request.
      res.setHeader("Connection", "close");
      return sendEnvelope(res, 413, CODES.payloadTooLarge, `Request body larger than ${opts.bodyLimit} bytes`);
    }
    const abort = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) abort.abort();
    });
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const limiter = hasBody ? limitBody(opts.bodyLimit) : undefined;
    let tooLarge = false;
    limiter?.on("error", (err) => {
      if (err instanceof BodyTooLarge) tooLarge = true;
    });
    try {
      const upstream = await pool.request({
        method: req.method as "GET",
        path: req.originalUrl,
        headers: forwardedHeaders(req, opts),
        body: limiter ? (req.pipe(limiter) as Readable) : undefined,
        signal: abort.signal,
      });
      res.status(upstream.statusCode);
      for (const [name, value] of Object.entries(dropHopByHop(upstream.headers))) {
        if (value !== undefined) res.setHeader(name, value);
      }
      await pipeline(upstream.body, res);
    } catch (err) {
      if (abort.signal.aborted) return;
      if (tooLarge) {
        res.setHeader("Connection", "close");
        return sendEnvelope(res, 413, CODES.payloadTooLarge, `Request body larger than ${opts.bodyLimit} bytes`);
      }
      if (err instanceof undiciErrors.HeadersTimeoutError || err instanceof undiciErrors.BodyTimeoutError ||
          err instanceof undiciErrors.ConnectTimeoutError) {
        opts.logger.warn({ path: req.path, err: (err as Error).message }, "gateway timed out");
        return sendEnvelope(res, 504, CODES.upstreamTimeout, `Gateway did not answer within ${opts.timeoutMs} ms`);
      }
      opts.logger.warn({ path: req.path, err: (err as Error).message }, "gateway unavailable");
      return sendEnvelope(res, 502, CODES.upstreamUnavailable, "Gateway unavailable, please retry shortly");
    }
  };

  return { handler, close: () => pool.close() };
}
