import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import { ACCOUNT_PATHS } from "../../protocol/account-paths.ts";
import { CODES } from "../../protocol/codes.ts";
import { PROXY_SECRET_HEADER } from "../../protocol/headers.ts";
import { PATHS } from "../../protocol/paths.ts";
import { GatewayError } from "../envelope.ts";
import { TokenBuckets, spend, type LimitRule } from "./limits.ts";
import { normaliseUrl } from "./normalise-path.ts";

/**
 * The gateway's front door (docs/decisions/010, 012): what every request goes through before a
 * route or a body parser sees it, cheapest first. One normalised path, the client's address
 * believed only from the BFF, per-address budgets on the paths that cost the most, and JSON
 * bodies only.
 */
export interface FrontDoorOptions {
  /** The secret the BFF proves itself with; unset: a loopback peer is believed (the standalone gateway). */
  proxySecret?: string;
  /** Per-address budgets on the costly paths (docs/decisions/012); off only for load tests. */
  abuseLimits: boolean;
}

const PATH_PROBLEM = Symbol("path problem");
type Marked = IncomingMessage & { [PATH_PROBLEM]?: string };
const FORWARDED = ["x-forwarded-for", "x-forwarded-proto", "x-forwarded-host"] as const;

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** Whether this request came through the BFF, whose X-Forwarded-* headers are then believed. */
function fromProxy(req: IncomingMessage, secret: string | undefined): boolean {
  if (secret === undefined) return LOOPBACK.test(req.socket.remoteAddress ?? "");
  const given = req.headers[PROXY_SECRET_HEADER];
  if (typeof given !== "string" || given.length !== secret.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(secret));
}

/**
 * Drops the forwarded headers nobody vouches for and the proxy secret itself, on the raw request,
 * so `req.ip` (trustProxy: one hop) is the BFF's word or the socket's. WebSocket upgrades call it too.
 */
export function settleClientAddress(req: IncomingMessage, secret: string | undefined): void {
  const believed = fromProxy(req, secret);
  delete req.headers[PROXY_SECRET_HEADER];
  if (believed) {
    // The BFF names one address; a list means someone else added to it.
    const xff = req.headers["x-forwarded-for"];
    if (typeof xff === "string" && !xff.includes(",")) return;
  }
  for (const name of FORWARDED) delete req.headers[name];
}

/** The client address of a raw request settled by {@link settleClientAddress}. */
export function clientAddressOf(req: IncomingMessage): string {
  const xff = req.headers["x-forwarded-for"];
  return typeof xff === "string" && xff.trim() ? xff.trim() : (req.socket.remoteAddress ?? "");
}

/** Fastify's `rewriteUrl`: runs before routing, so the router sees the same path as every check. */
export function frontDoorRewrite(opts: FrontDoorOptions) {
  return (req: IncomingMessage): string => {
    settleClientAddress(req, opts.proxySecret);
    const n = normaliseUrl(req.url ?? "/");
    if (n.ok) return n.url;
    (req as Marked)[PATH_PROBLEM] = n.reason;
    // Routed nowhere in particular; the onRequest check below answers 400 before any handler.
    return "/";
  };
}

const MINUTE = 60_000;
/** Per-address budgets of the paths whose work is dear (RSA, scrypt, images, messages). */
const PATH_LIMITS: Array<[paths: string[], rule: LimitRule]> = [
  [[PATHS.captchaId], { burst: 20, perMs: MINUTE }],
  [[PATHS.captchaCheck], { burst: 30, perMs: MINUTE }],
  [[ACCOUNT_PATHS.sendCode], { burst: 10, perMs: MINUTE }],
  [[ACCOUNT_PATHS.login, ACCOUNT_PATHS.agencyLogin], { burst: 20, perMs: MINUTE }],
  [
    [
      ACCOUNT_PATHS.verifyLogin,
      ACCOUNT_PATHS.verifyLoginV2,
      ACCOUNT_PATHS.verifyAuthLogin,
      ACCOUNT_PATHS.verifySystemLogin,
      ACCOUNT_PATHS.verifySystemLoginV2,
      ACCOUNT_PATHS.agencyVerifyLogin,
    ],
    { burst: 20, perMs: MINUTE },
  ],
  [[ACCOUNT_PATHS.registerEmail, ACCOUNT_PATHS.registerMobile, ACCOUNT_PATHS.registerBoth], { burst: 10, perMs: MINUTE }],
  [[ACCOUNT_PATHS.resetPassword], { burst: 20, perMs: MINUTE }],
  [[ACCOUNT_PATHS.refresh], { burst: 30, perMs: MINUTE }],
];

/** Media types whose bodies are JSON; the CSP report path also takes what browsers send there. */
const JSON_TYPE = "application/json";
const CSP_TYPES = new Set([JSON_TYPE, "application/csp-report", "application/reports+json"]);

function mediaTypeOf(header: string | undefined): string {
  return (header ?? "").split(";")[0]!.trim().toLowerCase();
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

export function installFrontDoor(app: FastifyInstance, opts: FrontDoorOptions): void {
  const budgets = new Map<string, TokenBuckets>();
  for (const [paths, rule] of PATH_LIMITS) {
    const buckets = new TokenBuckets(rule);
    for (const p of paths) budgets.set(p, buckets);
  }

  // A callback hook: a throw is Fastify's error, as a rejection was (issue 31: no promise per request).
  app.addHook("onRequest", (req, _reply, done) => {
    const problem = (req.raw as Marked)[PATH_PROBLEM];
    if (problem) throw new GatewayError(CODES.invalidParameter, problem, 400);
    const pathname = req.url.split("?")[0]!;
    const buckets = opts.abuseLimits ? budgets.get(pathname) : undefined;
    if (buckets) spend([[buckets, req.ip]]);
    if (hasBody(req.raw)) {
      const type = mediaTypeOf(req.headers["content-type"]);
      const allowed = pathname === PATHS.cspSecurity ? CSP_TYPES.has(type) : type === JSON_TYPE;
      if (!allowed) {
        throw new GatewayError(CODES.badRequest, `Unsupported content type ${type ? `"${type}"` : "(none)"}: send ${JSON_TYPE}`, 415);
      }
    }
    done();
  });
}
