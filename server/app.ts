import express from "express";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import type { Logger } from "pino";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { CODES } from "../protocol/codes.ts";
import { envelope } from "../protocol/envelope.ts";
import { GATEWAY_WS_PREFIX, isGatewayPath } from "../protocol/paths.ts";
import type { ServerEnv } from "./env.ts";
import { createBff } from "./bff.ts";
import { apiHeaders, securityHeaders, setAssetHeaders } from "./security-headers.ts";
import { proxyUpgrade } from "./ws-proxy.ts";
import { clientAddressOf, type TrustFn } from "./client-address.ts";
import { PROXY_SECRET_HEADER } from "../protocol/headers.ts";
import { dirname } from "node:path";
import { STANDALONE_BASE, loadStandaloneAssets } from "./standalone-assets.ts";
import { documentCache, isHomeDocumentPath, isWikiDocumentPath } from "./document-cache.ts";
import { pageHydration, pageI18n } from "./page-hydration.ts";
import type { PageTexts } from "../protocol/page-i18n.ts";

export interface WebAppOptions {
  env: ServerEnv;
  gatewayUrl: string;
  logger: Logger;
  /** Where the production build lives (build/), ignored in development. */
  buildDir: string;
  /** The secret the gateway believes our X-Forwarded-For by (docs/decisions/010). */
  proxySecret?: string;
  /** The listening address as an origin, the public origin when PUBLIC_ORIGIN is unset (known once listening). */
  listenOrigin?: () => string;
}

export interface WebApp {
  /** The request listener: gateway paths go straight to the BFF, the rest through Express. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

function trustProxySetting(value: string | undefined): boolean | number | string {
  if (value === undefined || value === "" || value === "false") return false;
  if (value === "true") return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

function logRequest(logger: Logger, req: IncomingMessage, res: ServerResponse): void {
  const start = process.hrtime.bigint();
  res.once("finish", () => {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const path = (req.url ?? "").split("?")[0];
    logger.info({ method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
  });
}

/**
 * Content-hashed build files: immutable for a year, and sent as the build's brotli or gzip copy
 * when the browser takes it (written by `npm run build`, docs/decisions/024); a file without a copy
 * is compressed per request by the `compression` middleware as before.
 */
function hashedAssets(dir: string, files: { index: false; setHeaders: (res: ServerResponse) => void }) {
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { ...files, immutable: true, maxAge: "1y" },
  });
}

/** The web host: security headers, the BFF, static assets, then the Remix handler last. */
export async function createWebApp(opts: WebAppOptions): Promise<WebApp> {
  const { env, logger } = opts;
  const dev = env.NODE_ENV === "development";
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxySetting(env.TRUST_PROXY));
  const trust = app.get("trust proxy fn") as TrustFn;

  app.use(securityHeaders({ dev, imageOrigins: env.imageOrigins }));
  app.use(compression());
  // An address that is not valid percent-encoding is the client's mistake: a 400 envelope before any
  // file or page (Remix and the static files would otherwise throw on decoding it: a 500).
  app.use((req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      res.status(400).json(envelope(CODES.badRequest, "Malformed address", null));
      return;
    }
    next();
  });

  // The BFF runs ahead of Express and of compression: gateway bytes pass through untouched.
  const bff = createBff({
    upstream: opts.gatewayUrl,
    timeoutMs: env.BFF_TIMEOUT_MS,
    bodyLimit: env.BFF_BODY_LIMIT,
    // Express's own reading of TRUST_PROXY: which peers are proxies we trust?
    trust,
    proxySecret: opts.proxySecret,
    ownHosts: env.linkPolicy.hosts,
    headers: apiHeaders,
    logger,
  });
  const logging = env.REQUEST_LOG === "on";

  let build: ServerBuild | (() => Promise<ServerBuild>);
  // Whether a path's document hydrates (docs/decisions/607); in development every page counts as hydrating.
  let hydrates = (_path: string) => true;
  // The i18n namespaces a path's page is sent (docs/decisions/725); in development every one.
  let namespaces = (_path: string): PageTexts | null => null;
  let closeVite = async () => {};
  if (dev) {
    const vite = await import("vite");
    const server = await vite.createServer({ server: { middlewareMode: true } });
    app.use(server.middlewares);
    build = () => server.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
    closeVite = () => server.close();
  } else {
    const files = { index: false, setHeaders: setAssetHeaders } as const;
    app.use("/assets", hashedAssets(`${opts.buildDir}/client/assets`, files));
    // Standalone bundles are content-hashed too (their manifest is kept outside build/client).
    // Other sites of the operator load some of them as modules (the events chrome), which needs CORS (docs/decisions/800).
    app.use(
      STANDALONE_BASE,
      hashedAssets(`${opts.buildDir}/client${STANDALONE_BASE}`, {
        ...files,
        setHeaders: (res) => {
          setAssetHeaders(res);
          res.setHeader("Access-Control-Allow-Origin", "*");
        },
      }),
    );
    // Coin icons are never changed in place, a new icon gets a new name (docs/decisions/604): a
    // year, still revalidated by ETag when a visitor reloads.
    app.use("/coins", express.static(`${opts.buildDir}/client/coins`, { ...files, maxAge: "1y", redirect: false }));
    app.use(express.static(`${opts.buildDir}/client`, { ...files, maxAge: "1h" }));
    build = (await import(`${opts.buildDir}/server/index.js`)) as ServerBuild;
    hydrates = pageHydration(build.routes);
    namespaces = pageI18n(build.routes);
  }

  const standalone = loadStandaloneAssets(dirname(opts.buildDir), dev);
  // Guests' wiki pages and home page are rendered once per two seconds per address and cookies (docs/decisions/606, 722);
  // never in development or while every render is checked against its reference (SSR_REFERENCE).
  if (!dev && env.SSR_REFERENCE !== "on") {
    app.use(
      documentCache({
        ttlMs: 2_000,
        maxEntries: 256,
        maxBytes: 512 * 1024,
        maxTotalBytes: 16 * 1024 * 1024,
        cacheable: (path) => isWikiDocumentPath(path) || isHomeDocumentPath(path),
      }),
    );
  }
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: dev ? "development" : "production",
      getLoadContext: (req, res) => ({
        cspNonce: String(res.locals.cspNonce ?? ""),
        gatewayUrl: opts.gatewayUrl,
        // Loaders call the gateway for the visitor: its address, vouched for like the BFF's.
        gatewayForward: {
          "x-forwarded-for": clientAddressOf(req, trust),
          ...(opts.proxySecret ? { [PROXY_SECRET_HEADER]: opts.proxySecret } : {}),
        },
        publicOrigin: env.PUBLIC_ORIGIN ?? opts.listenOrigin?.() ?? "",
        linkPolicy: env.linkPolicy,
        sitemapUrlLimit: env.SITEMAP_URL_LIMIT,
        ssrReference: env.SSR_REFERENCE === "on",
        hydrates: hydrates(req.path),
        i18nNamespaces: namespaces(req.path),
        standalone,
      }),
    }),
  );

  // Last resort: anything thrown outside Remix still answers an envelope, never a stack trace.
  app.use(((err, req, res, _next: unknown) => {
    logger.error({ err, path: req.path }, "unhandled web error");
    if (res.headersSent) return res.destroy();
    res.status(500).json(envelope(CODES.internalError, "Internal error", null));
  }) as express.ErrorRequestHandler);

  return {
    handle(req, res) {
      if (logging) logRequest(logger, req, res);
      if (isGatewayPath(req.url ?? "/")) bff.handle(req, res);
      else app(req, res);
    },
    onUpgrade(req, socket, head) {
      const path = (req.url ?? "").split("?")[0] ?? "";
      if (path.startsWith(GATEWAY_WS_PREFIX)) {
        const forwarded = { clientIp: clientAddressOf(req, trust), proxySecret: opts.proxySecret };
        proxyUpgrade(opts.gatewayUrl, req, socket, head, logger, env.BFF_TIMEOUT_MS, forwarded);
      } else if (!dev) {
        socket.destroy();
      }
    },
    async close() {
      await Promise.allSettled([bff.close(), closeVite()]);
    },
  };
}
