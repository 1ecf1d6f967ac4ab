/**
 * Orders over HTTP with durable persistence: signed Bitget `place-order` calls from many API
 * users against a real gateway process (simulated market running, rate limits off), each
 * answered only after its SQLite commit (group commit, synchronous=FULL). Afterwards the
 * database is checked to hold every accepted order. Prints a table, writes bench/results/api.json.
 * Goal (issue 6): >= 5,000 accepted orders/s on this 2-core machine.
 * Goal (issue 31): gateway CPU per durable signed order <= 3x the CPU per request of a bare Fastify
 * route answering the same envelope (bench/api/bare.ts), which the bench measures right before with
 * the same requests, so the ratio holds on any machine.
 * Each goal is judged on the median of `--runs` runs (3) in one invocation, each run its own baseline.
 *   node --import tsx bench/api/run.ts [--seconds 10 --connections 64 --users 50 --bare-seconds 5 --runs 3 --no-client-oid]
 */
import { fork } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { Pool } from "undici";
import { V2 } from "../../protocol/bitget.ts";
import { cpuSeconds } from "../common.ts";
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
/** Runs, each a bare-route baseline then the gateway; goals are judged on their median. */
const runs = Math.max(1, arg("runs", 3));
/** Orders without a clientOid (the gateway takes the order id): what an order costs when the caller gives none. */
const withClientOid = !process.argv.includes("--no-client-oid");
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
/** Every order the gateway accepted, warm-ups included: what the database must hold afterwards. */
let acceptedEver = 0;
const latencies: number[] = [];

/** CPU time (user + system, ms) of a process, from /proc (Linux). */
const cpuMsOf = (pid: number | undefined): number => (cpuSeconds(pid) ?? Number.NaN) * 1000;
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
    // the same 2 s warm-up the gateway gets before each of its runs
    await Promise.all(Array.from({ length: connections }, () => run(performance.now() + 2000)));
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
    ...(withClientOid ? { clientOid: `b${k}` } : {}),
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
  else {
    const n = batch > 1 ? (json.data.successList?.length ?? 0) : 1;
    accepted += n;
    acceptedEver += n;
    if (batch > 1) rejected += json.data.failureList?.length ?? 0;
  }
}

async function worker(until: number): Promise<void> {
  while (performance.now() < until) await one();
}

/** One run: the bare route's baseline, then the gateway under the same load, measured the same way. */
async function oneRun() {
  const bare = bareSeconds > 0 ? await bareRoute() : undefined;
  // warm-up
  await Promise.all(Array.from({ length: connections }, () => worker(performance.now() + 2000)));
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
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  const cpuUsPerOrder = (gatewayCpu * 1000) / Math.max(1, accepted);
  return {
    acceptedPerSecond: accepted / elapsed,
    accepted,
    rejected,
    p50ms: q(0.5),
    p99ms: q(0.99),
    p999ms: q(0.999),
    gatewayCores: gatewayCpu / 1000 / elapsed,
    clientCores: clientCpu / 1000 / elapsed,
    gatewayCpuUsPerOrder: cpuUsPerOrder,
    bareRoute: bare ?? null,
    cpuRatioToBare: bare ? cpuUsPerOrder / bare.cpuUsPerRequest : null,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

try {
  const perRun: Array<Awaited<ReturnType<typeof oneRun>>> = [];
  const rows = [
    ["run", "orders/request", "orders/s", "p50 ms", "p99 ms", "p99.9 ms", "accepted", "rejected", "CPU us/order", "bare us/req", "ratio"],
  ];
  for (let run = 0; run < runs; run++) {
    const r = await oneRun();
    perRun.push(r);
    rows.push([
      `${run + 1}/${runs}`,
      String(batch),
      r.acceptedPerSecond.toFixed(0),
      r.p50ms.toFixed(2),
      r.p99ms.toFixed(2),
      r.p999ms.toFixed(2),
      String(r.accepted),
      String(r.rejected),
      r.gatewayCpuUsPerOrder.toFixed(0),
      r.bareRoute ? r.bareRoute.cpuUsPerRequest.toFixed(1) : "-",
      r.cpuRatioToBare === null ? "-" : `${r.cpuRatioToBare.toFixed(2)}x`,
    ]);
  }
  await pool.close();
  await stopGateway(gw);
  // durability check: every accepted order is in the database
  const db = new Database(join(dir, "gateway.sqlite"), { readonly: true });
  const stored = (db.prepare("SELECT count(*) AS n FROM ex_orders WHERE user_id LIKE 'bench-%'").get() as { n: number }).n;
  db.close();
  const ratios = perRun.flatMap((r) => (r.cpuRatioToBare === null ? [] : [r.cpuRatioToBare]));
  const med = {
    acceptedPerSecond: median(perRun.map((r) => r.acceptedPerSecond)),
    gatewayCpuUsPerOrder: median(perRun.map((r) => r.gatewayCpuUsPerOrder)),
    bareCpuUsPerRequest: ratios.length ? median(perRun.map((r) => r.bareRoute!.cpuUsPerRequest)) : null,
    cpuRatioToBare: ratios.length ? median(ratios) : null,
  };
  const result = {
    bench: "api",
    date: new Date().toISOString(),
    node: process.version,
    seconds,
    connections,
    users,
    runs,
    ordersPerRequest: batch,
    clientOid: withClientOid,
    endpoint: batch > 1 ? V2.batchOrders : V2.placeOrder,
    perRun,
    median: med,
    // kept for readers of earlier results: the median run's figures under their old names
    acceptedPerSecond: med.acceptedPerSecond,
    gatewayCpuUsPerOrder: med.gatewayCpuUsPerOrder,
    cpuRatioToBare: med.cpuRatioToBare,
    storedOrders: stored,
    expectedStored: acceptedEver,
    goals: { acceptedPerSecond: 5000, cpuRatioToBare: CPU_RATIO_GOAL },
    met: {
      acceptedPerSecond: med.acceptedPerSecond >= 5000,
      cpuRatioToBare: med.cpuRatioToBare === null ? null : med.cpuRatioToBare <= CPU_RATIO_GOAL,
    },
  };
  console.info(rows.map((r) => r.map((c) => c.padStart(14)).join(" ")).join("\n"));
  console.info(`stored/expected orders: ${stored}/${acceptedEver}${stored === acceptedEver ? "" : " MISMATCH"}`);
  const last = perRun[perRun.length - 1]!;
  console.info(
    `gateway used ${last.gatewayCores.toFixed(2)} cores in the last run, the load generator ${last.clientCores.toFixed(2)} cores of the same machine`,
  );
  console.info(`median of ${runs} run(s):`);
  console.info(
    `goal: >= 5,000 accepted orders/s, each durable before its answer: ${med.acceptedPerSecond.toFixed(0)} ${med.acceptedPerSecond >= 5000 ? "PASS" : "FAIL"}`,
  );
  if (med.cpuRatioToBare !== null) {
    const ratio = med.cpuRatioToBare;
    console.info(
      `goal: gateway CPU per durable signed ${batch > 1 ? "batched " : ""}order <= ${CPU_RATIO_GOAL}x bare-route CPU per request (same requests, right before, each run): ` +
        `${ratio.toFixed(2)}x ${ratio <= CPU_RATIO_GOAL ? "PASS" : "FAIL"} (${med.gatewayCpuUsPerOrder.toFixed(0)} us per order, bare ${med.bareCpuUsPerRequest!.toFixed(1)} us)`,
    );
  }
  mkdirSync(join(process.cwd(), "bench/results"), { recursive: true });
  writeFileSync(join(process.cwd(), `bench/results/api${batch > 1 ? "-batch" : ""}.json`), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await stopGateway(gw);
  rmSync(dir, { recursive: true, force: true });
}
