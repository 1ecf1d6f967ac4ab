/** The security area over HTTP: the sign config, and who is calling each request (docs/decisions/010). */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { PATHS } from "../../protocol/paths.ts";
import { ok } from "../envelope.ts";
import type { SessionRequest } from "../request.ts";
import type { ApiKeyJudge } from "./api-key-auth.ts";
import type { SecurityService } from "./service.ts";

export function securityRoutes(
  app: FastifyInstance,
  security: SecurityService,
  /** The id of the live session the request's cookie names (looked up once per request). */
  sessionIdOf: (req: SessionRequest) => string | undefined,
  /** The judge of API keys the private stream's login shares (docs/decisions/342). */
  keys: ApiKeyJudge,
): void {
  app.get(PATHS.gatewaySignConfig, async () => ok({ gatewaySignConfig: security.signConfig() }));

  /**
   * Who is calling (docs/decisions/010): a request with any ACCESS-* header is an API-key call,
   * judged by the complete HMAC check alone, and its cookies are dropped so no route can act on
   * a session it happens to carry; any other request to a signed path needs its device-sign.
   */
  // A callback hook: a throw is Fastify's error, as a rejection was (issue 31: no promise per request).
  app.addHook("preHandler", (req: FastifyRequest, _reply, done) => {
    if (security.claimsApiKey(req)) {
      req.apiKeyPrincipal = security.verifyApiKey(req, keys);
      delete req.headers.cookie;
      // And no session: whatever looked before this point, an API-key call has none.
      req.session = { ended: "missing" };
      return done();
    }
    security.checkSignature(req, sessionIdOf);
    done();
  });
}
