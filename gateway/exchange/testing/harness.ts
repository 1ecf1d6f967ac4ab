/**
 * Test harness: a REAL gateway process (node --import tsx gateway/main.ts) on a free port and a
 * data directory, a signed Bitget client for it, and users/API keys created through the
 * exchange's own module on the same database.
 */
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { API_KEY_HEADERS } from "../../../protocol/bitget.ts";
import { createApiKey, signRequest, type NewApiKey, type Permission } from "../../security/api-keys.ts";

export interface RunningGateway {
  child: ChildProcess;
  port: number;
  base: string;
  dataDir: string;
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), "exchange-test-"));
}

export async function startGateway(dataDir: string, env: Record<string, string> = {}, execArgv: string[] = []): Promise<RunningGateway> {
  const child = fork(join(process.cwd(), "gateway/main.ts"), [], {
    execArgv: ["--import", "tsx", ...execArgv],
    env: { ...process.env, GATEWAY_PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`gateway did not start: ${stderr}`)), 60_000);
    child.on("message", (m: unknown) => {
      const msg = m as { type?: string; port?: number };
      if (msg?.type === "gateway-listening" && typeof msg.port === "number") {
        clearTimeout(timer);
        resolve(msg.port);
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`gateway exited with ${code}: ${stderr}`));
    });
  });
  return { child, port, base: `http://127.0.0.1:${port}`, dataDir };
}

export async function stopGateway(g: RunningGateway, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (g.child.exitCode !== null || g.child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    g.child.once("exit", () => resolve());
    g.child.kill(signal);
  });
}

/** Creates an API key for `userId` directly in the gateway's database (no accounts UI yet). */
export function makeKey(dataDir: string, userId: string, permissions?: Permission[], ipAllow?: string[]): NewApiKey {
  const db = new Database(join(dataDir, "gateway.sqlite"));
  try {
    db.pragma("busy_timeout = 5000");
    return createApiKey(db, { userId, passphrase: "pass-" + userId, permissions, ipAllow });
  } finally {
    db.close();
  }
}

/** The four API-key headers of a signed request (docs/protocol.md), signed now over `method`, `path` and `body`. */
export function signedHeaders(key: NewApiKey, method: string, path: string, body: string): Record<string, string> {
  const ts = String(Date.now());
  return {
    [API_KEY_HEADERS.key]: key.apiKey,
    [API_KEY_HEADERS.timestamp]: ts,
    [API_KEY_HEADERS.passphrase]: key.passphrase,
    [API_KEY_HEADERS.sign]: signRequest(key.secretKey, ts, method, path, body),
  };
}

export interface CallResult<T = unknown> {
  status: number;
  body: { code: string; msg: string; requestTime: number; data: T };
}

export class Client {
  constructor(
    readonly base: string,
    readonly key?: NewApiKey,
    readonly headers: Record<string, string> = {},
  ) {}

  async call<T = unknown>(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    tweak?: (h: Record<string, string>) => void,
  ): Promise<CallResult<T>> {
    const text = body === undefined ? "" : JSON.stringify(body);
    const h: Record<string, string> = { ...this.headers };
    if (text) h["content-type"] = "application/json";
    if (this.key) Object.assign(h, signedHeaders(this.key, method, path, text));
    tweak?.(h);
    const res = await fetch(this.base + path, { method, headers: h, body: text || undefined });
    return { status: res.status, body: (await res.json()) as CallResult<T>["body"] };
  }

  get<T = unknown>(path: string) {
    return this.call<T>("GET", path);
  }
  post<T = unknown>(path: string, body: unknown) {
    return this.call<T>("POST", path, body);
  }
}
