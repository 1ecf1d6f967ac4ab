import type { FastifyInstance, FastifyReply, FastifyError } from "fastify";
import { CODES } from "../protocol/codes.ts";
import { envelope, OK_CODE } from "../protocol/envelope.ts";
import { HEADERS } from "../protocol/headers.ts";

/** A failure a handler throws on purpose: it becomes an envelope with this code and status. */
export class GatewayError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
    readonly headers: Record<string, string> = {},
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/**
 * A business refusal (wrong password, expired code, failed captcha…): HTTP 200 with the outcome in
 * the envelope's code, so browsers do not log an expected answer as a failed resource.
 * Malformed requests keep their 4xx status (docs/decisions/006).
 */
export function refuse(code: string, msg: string, status = 200, data: unknown = null): GatewayError {
  return new GatewayError(code, msg, status, {}, data);
}

export function ok<T>(data: T) {
  return envelope(OK_CODE, "success", data);
}

export function sendError(reply: FastifyReply, status: number, code: string, msg: string, data: unknown = null) {
  return reply
    .code(status)
    .type("application/json; charset=utf-8")
    .send(envelope(code, msg, data));
}

/** The envelope, `request-time`, 404 and error mapping of docs/protocol.md §2 on every route. */
export function installEnvelope(app: FastifyInstance): void {
  // Callback hooks (here and on every other per-request hook): no promise and no extra turn per request (issue 31).
  app.addHook("onRequest", (_req, reply, done) => {
    reply.header(HEADERS.requestTime, String(Date.now()));
    done();
  });

  app.setNotFoundHandler((req, reply) => {
    sendError(reply, 404, CODES.notFound, `Request URL NOT FOUND: ${req.method} ${req.url.split("?")[0]}`);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof GatewayError) {
      reply.headers(err.headers);
      return sendError(reply, err.status, err.code, err.message, err.data);
    }
    switch (err.code) {
      case "FST_ERR_CTP_INVALID_JSON_BODY":
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
        return sendError(reply, 400, CODES.invalidParameter, "Malformed JSON body");
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return sendError(reply, 413, CODES.payloadTooLarge, "Request body too large");
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return sendError(reply, 415, CODES.badRequest, "Unsupported content type");
      case "FST_ERR_VALIDATION":
        return sendError(reply, 400, CODES.invalidParameter, err.message);
    }
    if (typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 500) {
      return sendError(reply, err.statusCode, CODES.badRequest, err.message);
    }
    req.log.error({ err }, "unhandled gateway error");
    return sendError(reply, 500, CODES.internalError, "Internal error");
  });
}
