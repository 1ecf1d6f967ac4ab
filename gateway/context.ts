import type { FastifyRequest } from "fastify";
import type { Db } from "./db/database.ts";

export interface GatewayConfig {
  dataDir: string;
  /** Seed of every simulated process (fiat rates, market). */
  seed: number;
  eventLogUpload: boolean;
  imageHosts: { foreign: string[]; internal: string[] };
}

/** What route modules share: storage, configuration and hooks other modules fill in. */
export interface GatewayContext {
  db: Db;
  config: GatewayConfig;
  /** The logged-in user's id for a request, once the accounts module is installed. */
  sessionUserId?: (req: FastifyRequest) => string | undefined;
}
