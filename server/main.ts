import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { pino } from "pino";
import { listenOrigin, loadEnv } from "./env.ts";
import { createWebApp } from "./app.ts";
import { startEmbeddedGateway, type EmbeddedGateway } from "./embedded-gateway.ts";
import { runPrimary } from "./workers.ts";

const env = loadEnv();
const worker = cluster.isWorker;
const logger = pino({ level: env.LOG_LEVEL, base: worker ? { service: "web", worker: cluster.worker?.id } : { service: "web" } });

// WEB_WORKERS > 1: this process starts the gateway and the workers, and serves nothing itself (docs/decisions/023)
if (!worker && env.WEB_WORKERS > 1) await runPrimary(env, logger);
else await serve();

/** One web server: the only one (WEB_WORKERS=1, with the embedded gateway as its child), or a cluster worker. */
async function serve(): Promise<void> {
  let gateway: EmbeddedGateway | undefined;
  // The embedded gateway believes our X-Forwarded-For only with this secret (docs/decisions/010).
  const proxySecret = env.GATEWAY_PROXY_SECRET ?? (env.GATEWAY_URL ? undefined : randomBytes(32).toString("base64url"));
  if (!env.GATEWAY_URL) {
    gateway = await startEmbeddedGateway({ ...process.env, DATA_DIR: env.DATA_DIR, GATEWAY_PROXY_SECRET: proxySecret }, logger);
    logger.info({ url: gateway.url }, "embedded gateway started");
  }
  const gatewayUrl = env.GATEWAY_URL ?? (gateway as EmbeddedGateway).url;

  const server = createServer();
  // PORT may be 0: the public origin's default is the port actually bound (docs/decisions/605).
  const boundOrigin = () => {
    const address = server.address();
    return listenOrigin(env.HOST, typeof address === "object" && address ? address.port : env.PORT);
  };
  const web = await createWebApp({
    env,
    gatewayUrl,
    logger,
    proxySecret,
    listenOrigin: boundOrigin,
    buildDir: fileURLToPath(new URL("../build", import.meta.url)),
  });
  server.on("request", web.handle);
  server.on("upgrade", web.onUpgrade);
  server.keepAliveTimeout = 65_000;

  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    // a worker's readiness is the primary's to announce, once every worker listens
    if (!worker)
      logger.info({ port, gatewayUrl, mode: env.NODE_ENV, publicOrigin: env.PUBLIC_ORIGIN ?? boundOrigin() }, "web server listening");
  });

  let stopping = false;
  async function shutdown(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => server.closeAllConnections(), 15_000);
    // close() only drops connections idle at that moment; keep dropping those that finish later.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    await new Promise<void>((done) => server.close(() => done()));
    clearTimeout(force);
    clearInterval(sweep);
    await web.close();
    await gateway?.stop();
    logger.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
