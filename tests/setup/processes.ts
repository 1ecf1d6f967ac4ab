import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";

export type Env = Record<string, string | undefined>;

export const ROOT = resolve(import.meta.dirname, "../..");

export interface Started {
  child: ChildProcess;
  port: number;
  url: string;
  logs: string[];
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function tempDataDir(prefix = "mix-test-"): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Starts a real process and waits for its JSON log line carrying `msg === readyMsg` and a port.
 * stdout lines are kept for assertions; the process is killed if the test forgets it.
 */
export function startProcess(args: string[], env: Env, readyMsg: string, timeoutMs = 90_000): Promise<Started> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  const exit = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exit;
  };
  process.once("exit", () => child.kill("SIGKILL"));
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`process ${args.join(" ")} not ready in ${timeoutMs} ms:\n${logs.join("\n")}`));
    }, timeoutMs);
    const onLine = (line: string) => {
      logs.push(line);
      try {
        const entry = JSON.parse(line) as { msg?: string; port?: number };
        if (entry.msg === readyMsg && typeof entry.port === "number") {
          clearTimeout(timer);
          resolveStart({ child, port: entry.port, url: `http://127.0.0.1:${entry.port}`, logs, stop });
        }
      } catch {
        // not a JSON log line
      }
    };
    createInterface({ input: child.stdout! }).on("line", onLine);
    createInterface({ input: child.stderr! }).on("line", (l) => logs.push(l));
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`process exited with ${code} before ready:\n${logs.join("\n")}`));
    });
  });
}

export function startGateway(dataDir: string, env: Env = {}): Promise<Started> {
  return startProcess(["--import", "tsx", "gateway/main.ts"], { GATEWAY_PORT: "0", DATA_DIR: dataDir, ...env }, "gateway listening");
}

/**
 * The production web server (`npm run build` must have run), against a given or embedded gateway:
 * one web process unless the test asks for WEB_WORKERS (docs/decisions/023).
 */
export function startWeb(env: Env): Promise<Started> {
  return startProcess(
    ["index.js"],
    { PORT: "0", HOST: "127.0.0.1", NODE_ENV: "production", WEB_WORKERS: "1", ...env },
    "web server listening",
  );
}
