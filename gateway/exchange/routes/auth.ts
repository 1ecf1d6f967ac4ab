/** Who is calling a private endpoint: an API key (HMAC) or the web session (accounts module). */
import type { FastifyRequest } from "fastify";
import { EX_CODES } from "../../../protocol/bitget.ts";
import { HEADERS } from "../../../protocol/headers.ts";
import { headerOf, type Principal, type SessionRequest } from "../../request.ts";
import { GatewayError } from "../../envelope.ts";
import type { Env } from "../engine/types.ts";

export function envOf(req: FastifyRequest): Env {
  return headerOf(req, HEADERS.paperTrading) === "1" ? "paper" : "live";
}

/**
 * The caller of a private endpoint. An API-key call was judged whole by the security module's
 * check before the route (docs/decisions/010); anything else is the web session or nobody.
 */
export class Authenticator {
  constructor(private readonly webSession: (req: SessionRequest) => Principal | undefined) {}

  /** Authenticates or throws a Bitget-coded envelope. */
  authenticate(req: FastifyRequest): Principal {
    if (req.apiKeyPrincipal) return req.apiKeyPrincipal;
    const session = this.webSession(req);
    if (session) return session;
    throw new GatewayError(EX_CODES.accessKeyEmpty, "ACCESS_KEY cannot be empty", 401);
  }
}

export function requireTrade(p: Principal): void {
  if (!p.permissions.includes("trade")) throw new GatewayError(EX_CODES.permissionDenied, "Incorrect permissions", 403);
}
