import { Transform, type Readable } from "node:stream";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { Pool, errors as undiciErrors } from "undici";
import type { Logger } from "pino";
import { CODES } from "../protocol/codes.ts";
import { envelope } from "../protocol/envelope.ts";
import { PROXY_SECRET_HEADER } from "../protocol/headers.ts";
import { clientAddressOf, crossSiteWrite, type TrustFn } from "./client-address.ts";

/** Headers that describe one connection, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "trailers",
  "transfer-encoding",
  "upgrade",
]);

/** The extra hop-by-hop names a Connection header lists, if any. */
function connectionListed(connection: string | undefined): Set<string> | undefined {
  return connection && connection !== "keep-alive" && connection !== "close"
    ? new Set(connection.split(",").map((s) => s.trim().toLowerCase()))
    : undefined;
}

export function dropHopByHop(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const listed = connectionListed(headers.connection);
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
  /** Express's trust-proxy function: which peers' X-Forwarded-* may be believed. */
  trust: TrustFn;
  /** Sent to the gateway so it believes our X-Forwarded-For (docs/decisions/010). */
  proxySecret?: string;
  /** Hosts that are this site besides the request's own (PUBLIC_ORIGIN, BRAND_HOSTS). */
  ownHosts: readonly string[];
  /** The web host's security headers for a data response, flat: name, value, name, value… */
  headers(secure: boolean): readonly string[];
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

function limitBody(limit: number, onTooLarge: () => void): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen <= limit) return done(null, chunk);
      onTooLarge();
      done(new BodyTooLarge(`body over ${limit} bytes`));
    },
  });
}

export function protocolOf(req: IncomingMessage, trustForwarded: boolean): string {
  if (trustForwarded) {
    const claimed = String(req.headers["x-forwarded-proto"] ?? "")
      .split(",")[0]
      ?.trim();
    if (claimed === "https" || claimed === "http") return claimed;
  }
  return (req.socket as TLSSocket).encrypted ? "https" : "http";
}

/** Set by the BFF itself from what it knows of the connection, never copied from the request. */
const FORWARDED_SET = new Set(["host", "x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", PROXY_SECRET_HEADER]);

/** What the BFF tells the gateway of a request it forwards (docs/decisions/010). */
export interface ForwardedAs {
  /** The visitor's address, as the web host reads it (trusted proxies' X-Forwarded-For followed). */
  clientIp: string;
  proto: string;
  /** The secret that makes the gateway believe the above; unset for a gateway that does not ask. */
  proxySecret?: string;
}

/**
 * The request's headers as received (names, order and repeats kept), hop-by-hop ones dropped,
 * then the X-Forwarded-* set: one address, the visitor's, never a list a client could have begun.
 */
export function forwardedHeaders(req: IncomingMessage, as: ForwardedAs): string[] {
  const raw = req.rawHeaders;
  const listed = connectionListed(req.headers.connection);
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(name) || FORWARDED_SET.has(name) || listed?.has(name)) continue;
    out.push(raw[i]!, raw[i + 1]!);
  }
  out.push("x-forwarded-for", as.clientIp, "x-forwarded-proto", as.proto);
  if (req.headers.host) out.push("x-forwarded-host", req.headers.host);
  if (as.proxySecret) out.push(PROXY_SECRET_HEADER, as.proxySecret);
  return out;
}

export interface Bff {
  /** Forwards one request; never throws, every failure is answered with an envelope. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  close(): Promise<void>;
}

interface ForwardContext {
  opts: BffOptions;
  /** Lower-case names of the web host's own response headers. */
  ownNames: ReadonlySet<string>;
}

/**
 * One forwarded exchange, as an undici dispatch handler: the upstream's status and headers go out
 * in one `writeHead` with the web host's own (an upstream header of the same name wins), the body
 * is written as it comes with backpressure, and a failure becomes an envelope, or a cut
 * connection once the status has gone out.
 */
class Forward {
  private abort: (() => void) | undefined;
  private resume: (() => void) | undefined;
  /** The client left before the answer was complete. */
  private gone = false;
  /** The streamed request body went over the limit. */
  bodyOverLimit = false;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    /** The web host's headers for this response, flat. */
    private readonly own: readonly string[],
    private readonly ctx: ForwardContext,
  ) {
    res.once("close", () => {
      if (res.writableFinished) return;
      this.gone = true;
      this.abort?.();
    });
  }

  onConnect(abort: () => void): void {
    this.abort = abort;
    if (this.gone) abort();
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void): boolean {
    const out: string[] = [];
    let upstreamOwn: Set<string> | undefined;
    for (let i = 0; i < rawHeaders.length; i += 2) {
      const name = rawHeaders[i]!.toString("latin1");
      const lower = name.toLowerCase();
      if (HOP_BY_HOP.has(lower)) continue;
      if (this.ctx.ownNames.has(lower)) (upstreamOwn ??= new Set()).add(lower);
      out.push(name, rawHeaders[i + 1]!.toString("latin1"));
    }
    const own = this.own;
    for (let i = 0; i < own.length; i += 2) {
      if (!upstreamOwn || !upstreamOwn.has(own[i]!.toLowerCase())) out.push(own[i]!, own[i + 1]!);
    }
    this.resume = resume;
    this.res.writeHead(statusCode, out);
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.res.write(chunk)) return true;
    this.res.once("drain", this.resume!);
    return false;
  }

  onComplete(): void {
    this.res.end();
  }

  onError(err: Error): void {
    const { opts } = this.ctx;
    // We stopped the call ourselves because the client left: nobody is there to answer.
    if (this.gone || err instanceof undiciErrors.RequestAbortedError) return;
    if (this.bodyOverLimit) return this.refuseBody();
    if (
      err instanceof undiciErrors.HeadersTimeoutError ||
      err instanceof undiciErrors.BodyTimeoutError ||
      err instanceof undiciErrors.ConnectTimeoutError
    ) {
      opts.logger.warn({ path: this.req.url, err: err.message }, "gateway timed out");
      return this.fail(504, CODES.upstreamTimeout, `Gateway did not answer within ${opts.timeoutMs} ms`);
    }
    opts.logger.warn({ path: this.req.url, err: err.message }, "gateway unavailable");
    this.fail(502, CODES.upstreamUnavailable, "Gateway unavailable, please retry shortly");
  }

  /** 413: the rest of the body is never read, so the connection cannot carry another request. */
  refuseBody(): void {
    this.fail(413, CODES.payloadTooLarge, `Request body larger than ${this.ctx.opts.bodyLimit} bytes`, true);
  }

  refuse(status: number, code: string, msg: string): void {
    // The body is not read: the connection cannot carry another request.
    this.fail(status, code, msg, this.req.headers["content-length"] !== "0" && this.req.method !== "GET");
  }

  private fail(status: number, code: string, msg: string, close = false): void {
    const { res, own } = this;
    if (!res.headersSent) for (let i = 0; i < own.length; i += 2) res.setHeader(own[i]!, own[i + 1]!);
    sendEnvelope(res, status, code, msg, close);
  }
}

/**
 * The BFF of docs/protocol.md §1: method, path with query, body bytes and headers forwarded unchanged
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
  const ctx: ForwardContext = {
    opts,
    ownNames: new Set(
      opts
        .headers(true)
        .filter((_, i) => i % 2 === 0)
        .map((name) => name.toLowerCase()),
    ),
  };

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const trusted = opts.trust(req.socket.remoteAddress ?? "", 0);
    const proto = protocolOf(req, trusted);
    const forward = new Forward(req, res, opts.headers(proto === "https"), ctx);
    // Another site's page must not spend the visitor's session: refused before the gateway.
    if (crossSiteWrite(req, opts.ownHosts)) return forward.refuse(403, CODES.crossSiteRefused, "Cross-site request refused");
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > opts.bodyLimit) return forward.refuseBody();
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    pool.dispatch(
      {
        method: req.method as "GET",
        path: req.url ?? "/",
        headers: forwardedHeaders(req, { clientIp: clientAddressOf(req, opts.trust), proto, proxySecret: opts.proxySecret }),
        body: hasBody ? (req.pipe(limitBody(opts.bodyLimit, () => (forward.bodyOverLimit = true))) as Readable) : undefined,
      },
      forward,
    );
  }

  return { handle, close: () => pool.close() };
}
