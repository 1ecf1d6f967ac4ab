/** The wrapper every private exchange endpoint is registered through. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Principal } from "../../request.ts";
import type { Env } from "../engine/types.ts";
import type { Exchange } from "../exchange.ts";
import { envOf, requireTrade, type Authenticator } from "./auth.ts";
import { engineCall } from "./query.ts";
import type { RateLimiter } from "./rate-limit.ts";

/** What the exchange's REST routes are handed by the gateway's composition root. */
export interface ExchangeRouteDeps {
  exchange: Exchange;
  limiter: RateLimiter;
  auth: Authenticator;
}

export type Handler = (req: FastifyRequest, p: Principal, env: Env) => Promise<unknown>;

/** A `wallet/transfer` handler: `recordOid`, where given, makes what writes the clientOid in the transfer's own commit. */
export type TransferHandler = (
  req: FastifyRequest,
  p: Principal,
  env: Env,
  recordOid?: (transferId: string) => () => void,
) => Promise<unknown>;

/** Registers an authenticated, rate-limited route whose engine errors become envelopes. */
export function privateRoute(app: FastifyInstance, deps: Pick<ExchangeRouteDeps, "auth" | "limiter">) {
  return (method: "GET" | "POST", url: string, perSecond: number, trade: boolean, handler: Handler) => {
    app.route({
      method,
      url,
      // Not async: a refusal before the engine is thrown to Fastify's error handler as it is, and the
      // engine's promise is the answer itself, not awaited again (decision 355, round 4).
      handler: (req) => {
        const p = deps.auth.authenticate(req);
        if (trade) requireTrade(p);
        deps.limiter.take(`uid:${p.userId}:${url}`, perSecond);
        return engineCall(() => handler(req, p, envOf(req)));
      },
    });
  };
}

/** The caller's order source as Bitget reports it. */
export const sourceOf = (p: Principal) => (p.via === "apikey" ? "API" : "WEB");
