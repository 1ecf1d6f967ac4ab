import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { pino } from "pino";
import { loadEnv } from "./env.ts";
import { createWebApp } from "./app.ts";
import { startEmbeddedGateway, type EmbeddedGateway } from "./embedded-gateway.ts";
import { listeningOrigin } from "./public-origin.ts";

const env = loadEnv();
const logger = pino({ level: env.LOG_LEVEL, base: { service: "web" } });

let gateway: EmbeddedGateway | undefined;
// The embedded gateway believes our X-Forwarded-For only with this secret (docs/decisions/010).
const proxySecret = env.GATEWAY_PROXY_SECRET ?? (env.GATEWAY_URL ? undefined : randomBytes(32).toString("base64url"));
if (!env.GATEWAY_URL) {
  gateway = await startEmbeddedGateway({ ...process.env, DATA_DIR: env.DATA_DIR, GATEWAY_PROXY_SECRET: proxySecret }, logger);
  logger.info({ url: gateway.url }, "embedded gateway started");
}
const gatewayUrl = env.GATEWAY_URL ?? (gateway as EmbeddedGateway).url;

// Set once the server listens (PORT=0 picks the port then), before any request can arrive.
let origin: string | undefined;
const web = await createWebApp({
  env,
  gatewayUrl,
  logger,
  proxySecret,
  listeningOrigin: () => origin,
  buildDir: fileURLToPath(new URL("../build", import.meta.url)),
});
const server = createServer(web.handle);
server.on("upgrade", web.onUpgrade);
server.keepAliveTimeout = 65_000;

server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  origin = listeningOrigin(env.HOST, port);
  logger.info({ port, gatewayUrl, mode: env.NODE_ENV, publicOrigin: env.PUBLIC_ORIGIN ?? origin }, "web server listening");
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
