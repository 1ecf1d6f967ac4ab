/**
 * Orders over HTTP with durable persistence: signed Bitget `place-order` calls from many API
 * users against a real gateway process (simulated market running, rate limits off), each
 * answered only after its SQLite commit (group commit, synchronous=FULL). Afterwards the
 * database is checked to hold every accepted order. Prints a table, writes bench/results/api.json.
 * Goal (issue 6): >= 5,000 accepted orders/s on this 2-core machine.
 * Goal (issue 31): gateway CPU per durable signed order <= 3x the CPU per request of a bare Fastify
 * route answering the same envelope (bench/api/bare.ts), which the bench measures right before with
 * the same requests, so the ratio holds on any machine.
 *   node --import tsx bench/api/run.ts [--seconds 10 --connections 64 --users 50 --bare-seconds 5]
 */
import { fork } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { Pool } from "undici";
import { V2 } from "../../protocol/bitget.ts";
import { makeKey, signedHeaders, startGateway, stopGateway, tempDataDir } from "../../gateway/exchange/testing/harness.ts";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const seconds = arg("seconds", 10);
const connections = arg("connections", 64);
const users = arg("users", 50);
/** Orders per request: 1 uses place-order, more uses batch-orders (Bitget allows 50). */
const batch = arg("batch", 1);
/** How long the bare-route baseline is loaded (0 skips it). */
const bareSeconds = arg("bare-seconds", 5);
/** Issue 31: gateway CPU per order over bare-route CPU per request. */
const CPU_RATIO_GOAL = 3;

const dir = tempDataDir();
// GATEWAY_EXEC_ARGV (e.g. "--cpu-prof") profiles the gateway process
const gw = await startGateway(
  dir,
  { EXCHANGE_RATE_LIMITS: "off", EXCHANGE_WELCOME_USDT: "100000000" },
  process.env.GATEWAY_EXEC_ARGV?.split(" ") ?? [],
);
const keys = Array.from({ length: users }, (_, i) => makeKey(dir, `bench-${i}`));
const pool = new Pool(gw.base, { connections, pipelining: 1 });

let seq = 0;
let accepted = 0;
let rejected = 0;
const latencies: number[] = [];

/** CPU time (user + system, ms) of a process, from /proc (Linux). */
function cpuMsOf(pid: number | undefined): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}
const gatewayCpuMs = () => cpuMsOf(gw.child.pid);

/**
 * The baseline: bench/api/bare.ts in its own process, loaded with the same signed requests over the
 * same pool size for `bareSeconds` after a warm-up; its CPU per answered request.
 */
async function bareRoute(): Promise<{ cpuUsPerRequest: number; requestsPerSecond: number }> {
  const child = fork(join(process.cwd(), "bench/api/bare.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.on("message", (m: { type?: string; port?: number }) => m?.type === "gateway-listening" && resolve(m.port!));
      child.on("exit", (code) => reject(new Error(`bare route exited with ${code}`)));
    });
    const barePool = new Pool(`http://127.0.0.1:${port}`, { connections, pipelining: 1 });
    let answered = 0;
    const run = async (until: number) => {
      while (performance.now() < until) {
        const { path, headers, body } = request(seq++);
        const res = await barePool.request({ path, method: "POST", headers, body });
        const json = (await res.body.json()) as { code: string };
        if (json.code === "00000") answered++;
      }
    };
    await Promise.all(Array.from({ length: connections }, () => run(performance.now() + 1000)));
    answered = 0;
    const cpu0 = cpuMsOf(child.pid);
    const t0 = performance.now();
    await Promise.all(Array.from({ length: connections }, () => run(t0 + bareSeconds * 1000)));
    const elapsed = (performance.now() - t0) / 1000;
    const cpu = cpuMsOf(child.pid) - cpu0;
    await barePool.close();
    return { cpuUsPerRequest: (cpu * 1000) / Math.max(1, answered), requestsPerSecond: answered / elapsed };
  } finally {
    child.kill("SIGTERM");
  }
}

/** The i-th signed request of the run: its path, headers and body. */
function request(i: number): { path: string; headers: Record<string, string>; body: string } {
  const key = keys[i % keys.length]!;
  // resting buys well below the market: every order is persisted and stays open
  const order = (k: number) => ({
    symbol: "BTCUSDT",
    side: "buy",
    orderType: "limit",
    force: "gtc",
    price: `${20000 + (k % 5000)}.00`,
    size: "0.0001",
    clientOid: `b${k}`,
  });
  const path = batch > 1 ? V2.batchOrders : V2.placeOrder;
  const body = JSON.stringify(
    batch > 1 ? { symbol: "BTCUSDT", orderList: Array.from({ length: batch }, (_, j) => order(i * batch + j)) } : order(i),
  );
  return { path, headers: { "content-type": "application/json", ...signedHeaders(key, "POST", path, body) }, body };
}

async function one(): Promise<void> {
  const { path, headers, body } = request(seq++);
  const t0 = performance.now();
  const res = await pool.request({ path, method: "POST", headers, body });
  const json = (await res.body.json()) as { code: string; data: { successList?: unknown[]; failureList?: unknown[] } };
  latencies.push(performance.now() - t0);
  if (json.code !== "00000") rejected += batch;
  else if (batch > 1) {
    accepted += json.data.successList?.length ?? 0;
    rejected += json.data.failureList?.length ?? 0;
  } else accepted++;
}

async function worker(until: number): Promise<void> {
  while (performance.now() < until) await one();
}

try {
  const bare = bareSeconds > 0 ? await bareRoute() : undefined;
  // warm-up
  await Promise.all(Array.from({ length: connections }, () => worker(performance.now() + 2000)));
  const warm = accepted;
  latencies.length = 0;
  accepted = 0;
  rejected = 0;
  const cpu0 = gatewayCpuMs();
  const own0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: connections }, () => worker(t0 + seconds * 1000)));
  const elapsed = (performance.now() - t0) / 1000;
  const gatewayCpu = gatewayCpuMs() - cpu0;
  const own = process.cpuUsage(own0);
  const clientCpu = (own.user + own.system) / 1000;
  await pool.close();
  await stopGateway(gw);
  // durability check: every accepted order is in the database
  const db = new Database(join(dir, "gateway.sqlite"), { readonly: true });
  const stored = (db.prepare("SELECT count(*) AS n FROM ex_orders WHERE user_id LIKE 'bench-%'").get() as { n: number }).n;
  db.close();
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  const result = {
    bench: "api",
    date: new Date().toISOString(),
    node: process.version,
    seconds,
    connections,
    users,
    ordersPerRequest: batch,
    endpoint: batch > 1 ? V2.batchOrders : V2.placeOrder,
    acceptedPerSecond: accepted / elapsed,
    accepted,
    rejected,
    p50ms: q(0.5),
    p99ms: q(0.99),
    p999ms: q(0.999),
    gatewayCores: gatewayCpu / 1000 / elapsed,
    clientCores: clientCpu / 1000 / elapsed,
    gatewayCpuUsPerOrder: (gatewayCpu * 1000) / Math.max(1, accepted),
    storedOrders: stored,
    expectedStored: accepted + warm,
    bareRoute: bare ?? null,
    cpuRatioToBare: bare ? (gatewayCpu * 1000) / Math.max(1, accepted) / bare.cpuUsPerRequest : null,
    goals: { acceptedPerSecond: 5000, cpuRatioToBare: CPU_RATIO_GOAL },
  };
  const rows = [
    ["orders/request", "orders/s", "p50 ms", "p99 ms", "p99.9 ms", "accepted", "rejected", "stored/expected"],
    [
      String(batch),
      result.acceptedPerSecond.toFixed(0),
      q(0.5).toFixed(2),
      q(0.99).toFixed(2),
      q(0.999).toFixed(2),
      String(accepted),
      String(rejected),
      `${stored}/${accepted + warm}`,
    ],
  ];
  console.info(rows.map((r) => r.map((c) => c.padStart(16)).join(" ")).join("\n"));
  console.info(
    `gateway used ${result.gatewayCores.toFixed(2)} cores (${result.gatewayCpuUsPerOrder.toFixed(0)} us CPU per order), the load generator ${result.clientCores.toFixed(2)} cores of the same machine`,
  );
  console.info("goal: >= 5,000 accepted orders/s, each durable before its answer (latency is per request)");
  if (bare && result.cpuRatioToBare !== null) {
    const ratio = result.cpuRatioToBare;
    console.info(
      `bare Fastify route, same requests right before: ${bare.cpuUsPerRequest.toFixed(1)} us CPU per request (${bare.requestsPerSecond.toFixed(0)} req/s)`,
    );
    console.info(
      `goal: gateway CPU per durable signed ${batch > 1 ? "batched " : ""}order <= ${CPU_RATIO_GOAL}x bare-route CPU per request: ` +
        `${ratio.toFixed(2)}x ${ratio <= CPU_RATIO_GOAL ? "PASS" : "FAIL"} (${result.acceptedPerSecond.toFixed(0)} orders/s)`,
    );
  }
  mkdirSync(join(process.cwd(), "bench/results"), { recursive: true });
  writeFileSync(join(process.cwd(), `bench/results/api${batch > 1 ? "-batch" : ""}.json`), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await stopGateway(gw);
  rmSync(dir, { recursive: true, force: true });
}
