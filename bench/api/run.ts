/**
 * Orders over HTTP with durable persistence: signed Bitget `place-order` calls from many API
 * users against a real gateway process (simulated market running, rate limits off), each
 * answered only after its SQLite commit (group commit, synchronous=FULL). Afterwards the
 * database is checked to hold every accepted order. Prints a table, writes bench/results/api.json.
 * Goal (issue 6): >= 5,000 accepted orders/s on this 2-core machine.
 *   node --import tsx bench/api/run.ts [--seconds 10 --connections 64 --users 50]
 */
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

/** CPU time (user + system, ms) of the gateway process, from /proc (Linux). */
function gatewayCpuMs(): number {
  try {
    const f = readFileSync(`/proc/${gw.child.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

async function one(): Promise<void> {
  const i = seq++;
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
  const t0 = performance.now();
  const res = await pool.request({
    path,
    method: "POST",
    headers: { "content-type": "application/json", ...signedHeaders(key, "POST", path, body) },
    body,
  });
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
    goals: { acceptedPerSecond: 5000 },
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
  mkdirSync(join(process.cwd(), "bench/results"), { recursive: true });
  writeFileSync(join(process.cwd(), `bench/results/api${batch > 1 ? "-batch" : ""}.json`), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await stopGateway(gw);
  rmSync(dir, { recursive: true, force: true });
}
