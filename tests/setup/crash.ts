/**
 * The kill -9 harness of the durability tests: a real gateway under a steady load of requests is
 * killed mid-load, then started again on the same data directory, so a test can check that what
 * was acknowledged before the kill is all still there.
 */
import { afterAll } from "vitest";
import { startGateway, stopGateway, tempDataDir, type RunningGateway } from "../../gateway/exchange/testing/harness.ts";

/** Rate limits off, so the load is as heavy as the gateway allows, and a large welcome credit to spend. */
const LOAD_ENV = { EXCHANGE_RATE_LIMITS: "off", EXCHANGE_WELCOME_USDT: "1000000" };

export interface KillNineSuite {
  /** A gateway on a fresh data directory. */
  start(): Promise<{ dir: string; gateway: RunningGateway }>;
  /**
   * Runs `workers` loops against `gateway`, each calling `step(i)` with the next i (counted across
   * the loops), kills the gateway with SIGKILL after `ms` and waits for the loops to end. A step
   * that throws ends its loop: the connection died with the process.
   */
  loadThenKill(gateway: RunningGateway, workers: number, step: (i: number) => Promise<void>, ms?: number): Promise<void>;
  /** The gateway again on `dir`, with the simulator off so that the book holds only the restored orders. */
  restart(dir: string): Promise<RunningGateway>;
}

/** The harness for a test file; every gateway it starts is killed after the file. */
export function killNineSuite(): KillNineSuite {
  const running: RunningGateway[] = [];
  afterAll(async () => {
    for (const g of running) await stopGateway(g, "SIGKILL");
  });
  const launch = async (dir: string, env: Record<string, string>) => {
    const gateway = await startGateway(dir, env);
    running.push(gateway);
    return gateway;
  };
  return {
    async start() {
      const dir = tempDataDir();
      return { dir, gateway: await launch(dir, LOAD_ENV) };
    },
    async loadThenKill(gateway, workers, step, ms = 1500) {
      let n = 0;
      let stop = false;
      const loop = async () => {
        while (!stop) {
          try {
            await step(n++);
          } catch {
            return;
          }
        }
      };
      const loops = Array.from({ length: workers }, loop);
      await new Promise((r) => setTimeout(r, ms));
      gateway.child.kill("SIGKILL");
      stop = true;
      await Promise.all(loops);
    },
    restart: (dir) => launch(dir, { ...LOAD_ENV, EXCHANGE_SIMULATOR: "off" }),
  };
}
