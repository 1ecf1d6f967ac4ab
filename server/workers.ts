/**
 * The web tier on every core (docs/decisions/023): the primary process starts the embedded gateway
 * (one process, whatever the number of workers), then forks WEB_WORKERS web workers that share the
 * listening port through node:cluster (the primary hands each new connection to the next worker).
 * A worker is stateless between requests (sessions live in the gateway, caches are per process
 * and expire), so any worker may answer any request, and one that dies is replaced while the
 * others keep answering. SIGTERM drains every worker, then stops the gateway.
 */
import cluster, { type Worker } from "node:cluster";
import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import { startEmbeddedGateway, type EmbeddedGateway } from "./embedded-gateway.ts";
import type { ServerEnv } from "./env.ts";

/** How long a draining worker may take before it is killed (its own drain forces connections closed at 15 s). */
const DRAIN_MS = 20_000;

export async function runPrimary(env: ServerEnv, logger: Logger): Promise<void> {
  // the workers and the embedded gateway share the secret that makes the gateway believe their X-Forwarded-For (docs/decisions/010)
  const proxySecret = env.GATEWAY_PROXY_SECRET ?? (env.GATEWAY_URL ? undefined : randomBytes(32).toString("base64url"));
  let gateway: EmbeddedGateway | undefined;
  if (!env.GATEWAY_URL) {
    gateway = await startEmbeddedGateway({ ...process.env, DATA_DIR: env.DATA_DIR, GATEWAY_PROXY_SECRET: proxySecret }, logger);
    logger.info({ url: gateway.url }, "embedded gateway started");
  }
  const workerEnv: Record<string, string> = { GATEWAY_URL: env.GATEWAY_URL ?? (gateway as EmbeddedGateway).url };
  if (proxySecret) workerEnv.GATEWAY_PROXY_SECRET = proxySecret;

  let stopping = false;
  let announced = false;
  let crashes = 0;
  const listening = new Set<number>();

  const fork = (): void => {
    const worker = cluster.fork(workerEnv);
    worker.once("exit", (code, signal) => {
      listening.delete(worker.id);
      if (stopping) return;
      crashes += 1;
      // a worker that dies at start again and again is not restarted in a tight loop
      const delay = Math.min(30_000, 100 * 2 ** Math.min(crashes - 1, 8));
      logger.error({ pid: worker.process.pid, code, signal, delay }, "web worker exited; starting another");
      setTimeout(() => stopping || fork(), delay).unref();
    });
  };

  cluster.on("listening", (worker: Worker, address) => {
    listening.add(worker.id);
    crashes = 0;
    logger.info({ pid: worker.process.pid, port: address.port }, "web worker listening");
    if (!announced && listening.size === env.WEB_WORKERS) {
      announced = true;
      logger.info({ port: address.port, workers: env.WEB_WORKERS, gatewayUrl: workerEnv.GATEWAY_URL }, "web server listening");
    }
  });

  for (let i = 0; i < env.WEB_WORKERS; i++) fork();

  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, workers: Object.keys(cluster.workers ?? {}).length }, "shutting down: draining the web workers");
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((done) => {
            if (w.isDead()) return done();
            const kill = setTimeout(() => w.process.kill("SIGKILL"), DRAIN_MS);
            w.once("exit", () => {
              clearTimeout(kill);
              done();
            });
            w.process.kill("SIGTERM");
          }),
      ),
    );
    await gateway?.stop();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
