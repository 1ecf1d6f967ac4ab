import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from "fastify";
import secureJson from "secure-json-parse";
import { CODES } from "../protocol/codes.ts";
import { openDatabase } from "./db/database.ts";
import { GatewayError, installEnvelope } from "./envelope.ts";
import type { GatewayConfig, GatewayContext, Principal, SessionRequest } from "./context.ts";
import { publicRoutes } from "./routes/public.ts";
import { wikiRoutes } from "./routes/wiki.ts";
import { seedTdk } from "./content/tdk.ts";
import { exchangeConfigFromEnv } from "./exchange/config.ts";
import { Exchange } from "./exchange/exchange.ts";
import { Authenticator } from "./exchange/routes/auth.ts";
import { orderRoutes } from "./exchange/routes/order-routes.ts";
import { planRoutes } from "./exchange/routes/plan-routes.ts";
import { publicExchangeRoutes } from "./exchange/routes/public-routes.ts";
import { RateLimiter } from "./exchange/routes/rate-limit.ts";
import { spotAccountRoutes } from "./exchange/routes/spot-account-routes.ts";
import { subTransferRoutes } from "./exchange/routes/sub-transfer-routes.ts";
import { exchangeStreams } from "./exchange/streams/server.ts";
import { installCaptcha } from "./captcha/routes.ts";
import { installAccounts } from "./accounts/routes.ts";
import { installSecurity } from "./security/install.ts";
import { frontDoorRewrite, installFrontDoor } from "./security/front-door.ts";
import { installTracking } from "./tracking/install.ts";

export const BODY_LIMIT = 1024 * 1024;

declare module "fastify" {
  interface FastifyRequest {
    /** The exact body text, for signatures over the body (PROTOCOL.md §5 mode 2). */
    rawBody?: string;
    /** Set before the handler when the call carried a complete, valid API-key signature (docs/decisions/010). */
    apiKeyPrincipal?: Principal;
  }
}

export interface Gateway {
  app: FastifyInstance;
  ctx: GatewayContext;
  close(): Promise<void>;
}

/** The front door has refused every other media type with 415 before parsing (docs/decisions/010). */
const JSON_TYPES = ["application/json", "application/csp-report", "application/reports+json"];

export async function createGateway(
  config: GatewayConfig,
  logger: FastifyServerOptions["logger"] = false,
): Promise<Gateway> {
  const db = openDatabase(config.dataDir);
  seedTdk(db);
  const ctx: GatewayContext = { db, config };
  const frontDoor = { proxySecret: config.proxySecret, abuseLimits: config.abuseLimits };

  const app = Fastify({
    logger,
    logController: new LogController({ disableRequestLogging: !config.requestLog }),
    bodyLimit: BODY_LIMIT,
    // One hop: the front door has already dropped X-Forwarded-* that the BFF did not vouch for.
    trustProxy: (_address: string, hop: number) => hop === 0,
    rewriteUrl: frontDoorRewrite(frontDoor),
    return503OnClosing: true,
    forceCloseConnections: "idle",
  });
  installEnvelope(app);
  installFrontDoor(app, frontDoor);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(JSON_TYPES, { parseAs: "string" }, (req, body, done) => {
    const text = body as string;
    req.rawBody = text;
    if (text.trim() === "") return done(null, undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: "remove", constructorAction: "remove" }));
    } catch {
      done(new GatewayError(CODES.invalidParameter, "Malformed JSON body", 400), undefined);
    }
  });
  app.addContentTypeParser("*", { parseAs: "string" }, (_req, _body, done) => {
    done(new GatewayError(CODES.badRequest, "Unsupported content type: send application/json", 415), undefined);
  });

  publicRoutes(app, ctx);
  wikiRoutes(app, ctx);
  installSecurity(app, ctx);
  ctx.captcha = installCaptcha(app, ctx);
  installAccounts(app, ctx);
  installTracking(app, ctx);
  const exchangeConfig = exchangeConfigFromEnv();
  const accounts = ctx.accounts!;
  const exchange = new Exchange(db, exchangeConfig, config.seed, accounts, (err) => app.log.error({ err }, "exchange error"));
  const webSession = (req: SessionRequest) => ctx.authenticateSession?.(req);
  const exchangeDeps = { exchange, limiter: new RateLimiter(exchangeConfig.rateLimits), auth: new Authenticator(webSession) };
  publicExchangeRoutes(app, exchangeDeps);
  orderRoutes(app, exchangeDeps);
  planRoutes(app, exchangeDeps);
  spotAccountRoutes(app, exchangeDeps);
  subTransferRoutes(app, exchangeDeps);
  const closeStreams = exchangeStreams(app, {
    exchange,
    proxySecret: config.proxySecret,
    login: { db, webSession, checkSessionSignature: (req) => ctx.checkSessionSignature?.(req) ?? false },
  });
  const closeExchange = () => {
    closeStreams();
    exchange.close();
  };

  await app.ready();
  return {
    app,
    ctx,
    async close() {
      closeExchange();
      await app.close();
      db.close();
    },
  };
}
