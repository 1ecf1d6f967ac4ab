/**
 * The embedded gateway's own entry: `npm run gateway`, or forked by the web server.
 * Listens on GATEWAY_HOST:GATEWAY_PORT (default 127.0.0.1:8081; 0 picks a free port) and, when
 * forked, tells its parent the port over IPC.
 */
import { createGateway } from "./app.ts";
import { gatewayConfigFromEnv } from "./config.ts";

const host = process.env.GATEWAY_HOST ?? "127.0.0.1";
const port = Number(process.env.GATEWAY_PORT ?? 8081);
const level = process.env.LOG_LEVEL ?? "info";

const gateway = await createGateway(gatewayConfigFromEnv(), { level, base: { service: "gateway" } });
const address = await gateway.app.listen({ host, port });
const bound = gateway.app.server.address();
const boundPort = typeof bound === "object" && bound ? bound.port : port;
gateway.app.log.info({ address, port: boundPort }, "gateway listening");
process.send?.({ type: "gateway-listening", port: boundPort });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  gateway.app.log.info({ signal }, "gateway shutting down");
  try {
    await gateway.close();
    process.exit(0);
  } catch (err) {
    gateway.app.log.error({ err }, "gateway shutdown failed");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("disconnect", () => void shutdown("parent-disconnect"));
