import type { FastifyRequest } from "fastify";
import type { Db } from "./db/database.ts";
import type { CaptchaStore, RiskCounter } from "./captcha/store.ts";

export interface GatewayConfig {
  dataDir: string;
  /** Seed of every simulated process (fiat rates, market). */
  seed: number;
  eventLogUpload: boolean;
  /** One log line per request (off for benchmarks). */
  requestLog: boolean;
  imageHosts: { foreign: string[]; internal: string[] };
  /** The secret the BFF sends in `x-proxy-secret`; unset: loopback peers are believed. */
  proxySecret?: string;
  /** Per-address budgets on the costly paths (docs/decisions/012). */
  abuseLimits: boolean;
  /** When login encryption keys are replaced and how long the last one still opens logins (docs/decisions/011). */
  loginKeyRotation: { rotateMs: number; graceMs: number };
}

/** The caller of a private exchange endpoint (the accounts module authenticates web sessions). */
export interface Principal {
  userId: string;
  via: "apikey" | "session";
  permissions: ReadonlyArray<"read" | "trade">;
}

/** What session authentication reads: a Fastify request, or a WebSocket upgrade request shaped alike. */
export type SessionRequest = Pick<FastifyRequest, "headers" | "url" | "method" | "ip"> & { rawBody?: string };

/** What route modules share: storage, configuration and hooks other modules fill in. */
export interface GatewayContext {
  db: Db;
  config: GatewayConfig;
  /** The logged-in user's id for a request, once the accounts module is installed. */
  sessionUserId?: (req: FastifyRequest) => string | undefined;
  /** The live session a request's cookie names, once the accounts module is installed. */
  sessionOf?: (req: SessionRequest) => { sessionId: string; userId: string } | undefined;
  /**
   * Web-session authentication of the exchange's private endpoints (`/api/v2/...`): the session
   * cookie plus a valid device-sign (PROTOCOL.md §9). Installed by the accounts module; API-key
   * requests are judged by the exchange's own HMAC check.
   */
  authenticateSession?: (req: SessionRequest) => Principal | undefined;
  /** Main and sub-accounts as the exchange needs them (transfers, welcome funds); installed by the accounts module. */
  accounts?: AccountDirectory;
  /** The slider captcha and the risk counters that decide when to ask for it. */
  captcha?: { store: CaptchaStore; risk: RiskCounter };
  /** Login encryption and client keys (PROTOCOL.md §6–7), installed by the security module. */
  loginCrypto?: LoginCrypto;
  /**
   * PROTOCOL.md §5 checks of a session request, installed by the security module: throws the
   * coded refusal; true when a signature was required and good, false when none applies.
   */
  checkSessionSignature?: (req: SessionRequest) => boolean;
}

export interface AccountDirectory {
  /** Where an account sits: its main account (sub-accounts only) and whether it is frozen. */
  of(userId: string): { parentId: string | null; frozen: boolean } | undefined;
  /** The sub-accounts of a main account, oldest first. */
  subAccounts(mainId: string): Array<{ userId: string; frozen: boolean }>;
}

/** What the accounts module needs from the security module. */
export interface LoginCrypto {
  /** Opens `bodyCiphertext`: the sensitive fields plus the client key; throws a GatewayError if it cannot. */
  open(body: unknown): { fields: Record<string, unknown>; publicKey: string; algorithm: string };
  /** Binds the client key of a login to its new session and user (PROTOCOL.md §6, last rule). */
  bindClientKey(sessionId: string, userId: string, publicKey: string, algorithm: string): void;
  /** Binds the keys of a session to the session that replaces it (a refresh keeps the browser's key pair). */
  carryClientKeys(fromSessionId: string, toSessionId: string): void;
  /**
   * PROTOCOL.md §7 device check: this browser proves it held a key of `userId` before. The
   * proof's id when it is valid and not spent yet (docs/decisions/011), else undefined.
   */
  deviceProof(req: SessionRequest, body: unknown, userId: string): string | undefined;
  /** Spends a proof when the login it served succeeds; false when another login spent it first. */
  spendDeviceProof(proofId: string): boolean;
}
