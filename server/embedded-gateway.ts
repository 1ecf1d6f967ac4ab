import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Logger } from "pino";

const ENTRY = fileURLToPath(new URL("../gateway/main.ts", import.meta.url));
const START_TIMEOUT_MS = 120_000;

export interface EmbeddedGateway {
  url: string;
  stop(): Promise<void>;
}

function launch(port: number, env: NodeJS.ProcessEnv): { child: ChildProcess; ready: Promise<number> } {
  const child = fork(ENTRY, [], {
    execArgv: ["--import", "tsx"],
    env: { ...env, GATEWAY_HOST: "127.0.0.1", GATEWAY_PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ready = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("embedded gateway did not start in time")), START_TIMEOUT_MS);
    child.on("message", (m: { type?: string; port?: number }) => {
      if (m?.type === "gateway-listening" && typeof m.port === "number") {
        clearTimeout(timer);
        resolve(m.port);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`embedded gateway exited during start (code ${code})`));
    });
  });
  return { child, ready };
}

/**
 * Runs the embedded gateway as a child process on a loopback port: its own core and event loop,
 * restarted on the same port if it dies, stopped with the web server.
 */
export async function startEmbeddedGateway(env: NodeJS.ProcessEnv, logger: Logger): Promise<EmbeddedGateway> {
  let { child, ready } = launch(0, env);
  const port = await ready;
  let stopping = false;
  let restarts = 0;

  const watch = (c: ChildProcess) => {
    c.once("exit", (code, signal) => {
      if (stopping) return;
      restarts += 1;
      const delay = Math.min(30_000, 500 * 2 ** Math.min(restarts, 6));
      logger.error({ code, signal, delay }, "embedded gateway exited; restarting");
      setTimeout(() => {
        if (stopping) return;
        ({ child, ready } = launch(port, env));
        ready.then(() => (restarts = 0)).catch((err: Error) => logger.error({ err: err.message }, "gateway restart failed"));
        watch(child);
      }, delay);
    });
  };
  watch(child);

  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
