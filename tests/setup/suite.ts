import { afterAll, beforeAll } from "vitest";
import { startGateway, startWeb, tempDataDir, type Env, type Started } from "./processes";
import { REPLICAS, startReplicas } from "./replicas";

/** A server a test file (or describe block) shares: started on a fresh data directory before its tests, stopped and removed after. */
export interface SuiteServer {
  readonly dir: string;
  readonly url: string;
  readonly port: number;
  readonly started: Started;
}

export function serverForSuite(start: (dataDir: string) => Promise<Started>): SuiteServer {
  const data = tempDataDir();
  let started: Started | undefined;
  beforeAll(async () => {
    started = await start(data.dir);
  });
  afterAll(async () => {
    await started?.stop();
    data.remove();
  });
  const running = () => {
    if (!started) throw new Error("the server is not started yet: use it inside a test or hook");
    return started;
  };
  return {
    dir: data.dir,
    get url() {
      return running().url;
    },
    get port() {
      return running().port;
    },
    get started() {
      return running();
    },
  };
}

/** The gateway alone, for the tests of a file or describe block. */
export const gatewayForSuite = (env: Env = {}) => serverForSuite((dir) => startGateway(dir, env));

/**
 * The production web server with its embedded gateway (`npm run build` must have run); with
 * WEB_REPLICAS=2, two web processes behind a round-robin balancer against one gateway (the replica mode).
 */
export const webForSuite = (env: Env = {}) =>
  serverForSuite((dir) => (REPLICAS > 1 ? startReplicas(dir, env) : startWeb({ DATA_DIR: dir, ...env })));
