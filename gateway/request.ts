/**
 * What the gateway knows about a request beyond Fastify's own fields, and the request shape that
 * the session checks read (a Fastify request, or a stream's login shaped alike).
 */
import type { FastifyRequest } from "fastify";

/** The caller of a private exchange endpoint: an API key, or a web session with its device-sign. */
export interface Principal {
  userId: string;
  via: "apikey" | "session";
  permissions: ReadonlyArray<"read" | "trade" | "withdraw">;
  /** Why a key's `withdraw` permission does not work now (no IP allow-list, docs/decisions/342); absent: it works, or was never given. */
  withdrawHold?: { code: string; msg: string };
}

/**
 * The session a request's cookie names, looked up at most once per request (docs/decisions/015):
 * the live session, or why there is none (`missing`, or the reason it ended).
 */
export type RequestSession = { id: string; userId: string } | { ended: string };

declare module "fastify" {
  interface FastifyRequest {
    /** The exact body text, for signatures over the body (docs/protocol.md §5 mode 2). */
    rawBody?: string;
    /** Set before the handler when the call carried a complete, valid API-key signature (docs/decisions/010). */
    apiKeyPrincipal?: Principal;
    /** The session lookup of this request; null until something asks (docs/decisions/015). */
    session: RequestSession | null;
  }
}

/** What session authentication reads: a Fastify request, or a WebSocket login shaped alike. */
export type SessionRequest = Pick<FastifyRequest, "headers" | "url" | "method" | "ip"> & {
  rawBody?: string;
  session?: RequestSession | null;
};

export function headerOf(req: Pick<FastifyRequest, "headers">, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === "string" ? v : undefined;
}
