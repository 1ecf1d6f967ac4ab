/**
 * BFF overhead: one small gateway call made directly to the gateway and through the web server's
 * BFF, in the same run, with autocannon. Prints a table and writes bench/results/bff.json.
 * Goals (issue 2): through-BFF throughput >= 70 % of direct; added p50 latency <= 1 ms.
 * Goals (issue 31): the same call through what a team would pick instead, behind the same gateway
 * (bench/bff/peer.ts: @fastify/http-proxy, http-proxy with a keep-alive agent; optional dev
 * dependencies, reported "not installed" when missing): BFF throughput >= 1.5x the best peer's.
 * It also reports the CPU time each process spends per request (Linux /proc), which is what
 * bounds the ratio when the load generator, the BFF and the gateway share the machine's cores.
 *   npm run bench:bff [-- --seconds 10 --connections 32]   (WEB_EXEC_ARGV="--cpu-prof" profiles the BFF)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { ROOT, startGateway, startProcess, startWeb, tempDataDir, type Started } from "../../tests/setup/processes.ts";
import { PEERS, type PeerName } from "./peer.ts";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const seconds = arg("seconds", 10);
const connections = arg("connections", 32);
const PATH = "/v1/mix/system/getDomainConfigList";
/** Issue 31: BFF throughput over the best peer's. */
const PEER_RATIO_GOAL = 1.5;

/** A peer proxy in front of `upstream`, or "not installed" when its package is missing. */
async function startPeer(name: PeerName, upstream: string): Promise<Started | "not installed"> {
  try {
    return await startProcess(["--import", "tsx", "bench/bff/peer.ts", name], { GATEWAY_URL: upstream, PORT: "0" }, "peer listening");
  } catch (err) {
    if (String(err).includes("peer missing")) return "not installed";
    throw err;
  }
}

/** CPU seconds (user + system, all threads) a process has used, from /proc; undefined elsewhere. */
function cpuSeconds(pid: number | undefined): number | undefined {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return undefined;
  // Fields after the parenthesised command name; utime and stime are the 14th and 15th, in USER_HZ (100).
  const stat = readFileSync(file, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  /** CPU µs per request of the load generator, the gateway and the proxy in between (BFF or peer). */
  cpuUsPerRequest: { loadGenerator: number | null; gateway: number | null; bff: number | null };
}

const round = (n: number | undefined) => (n === undefined ? null : Math.round(n * 10) / 10);

async function measure(url: string, pids: { gateway?: number; web?: number }): Promise<Measured> {
  // A short warm-up so JIT and pools are settled, then the measured run.
  await autocannon({ url: url + PATH, connections, duration: 2 });
  const before = { load: process.cpuUsage(), gateway: cpuSeconds(pids.gateway), web: cpuSeconds(pids.web) };
  const r = await autocannon({ url: url + PATH, connections, duration: seconds });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const load = process.cpuUsage(before.load);
  const perRequestUs = (from: number | undefined, to: number | undefined) =>
    from === undefined || to === undefined ? undefined : ((to - from) * 1e6) / r.requests.total;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    cpuUsPerRequest: {
      loadGenerator: round((load.user + load.system) / r.requests.total),
      gateway: round(perRequestUs(before.gateway, cpuSeconds(pids.gateway))),
      bff: pids.web === undefined ? null : round(perRequestUs(before.web, cpuSeconds(pids.web))),
    },
  };
}

const data = tempDataDir("mix-bench-");
const quiet = { REQUEST_LOG: "off" };
const gateway = await startGateway(data.dir, quiet);
// WEB_EXEC_ARGV (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the web server (the BFF), one process as startWeb runs it
const webEnv = { GATEWAY_URL: gateway.url, DATA_DIR: data.dir, ...quiet };
const webArgv = process.env.WEB_EXEC_ARGV?.split(" ");
const web = webArgv
  ? await startProcess(
      [...webArgv, "index.js"],
      { PORT: "0", HOST: "127.0.0.1", NODE_ENV: "production", WEB_WORKERS: "1", ...webEnv },
      "web server listening",
    )
  : await startWeb(webEnv);
try {
  const direct = await measure(gateway.url, { gateway: gateway.child.pid });
  const bff = await measure(web.url, { gateway: gateway.child.pid, web: web.child.pid });
  const peers: Array<[PeerName, Measured | "not installed"]> = [];
  for (const name of Object.keys(PEERS) as PeerName[]) {
    const peer = await startPeer(name, gateway.url);
    if (peer === "not installed") {
      peers.push([name, peer]);
      continue;
    }
    try {
      peers.push([name, await measure(peer.url, { gateway: gateway.child.pid, web: peer.child.pid })]);
    } finally {
      await peer.stop();
    }
  }
  const measuredPeers = peers.filter((p): p is [PeerName, Measured] => p[1] !== "not installed");
  const bestPeer = measuredPeers.reduce<[PeerName, Measured] | undefined>(
    (best, p) => (!best || p[1].rps > best[1].rps ? p : best),
    undefined,
  );
  // With every core busy, throughput is about cores / (CPU per request, all processes summed), so
  // the ratio is about direct CPU per request over through-BFF CPU per request.
  const cpuTotal = ({ cpuUsPerRequest: c }: Measured) =>
    c.loadGenerator === null || c.gateway === null ? null : c.loadGenerator + c.gateway + (c.bff ?? 0);
  const directCpu = cpuTotal(direct);
  const bffCpu = cpuTotal(bff);
  const cpuBoundRatio = directCpu !== null && bffCpu !== null && bff.cpuUsPerRequest.bff !== null ? directCpu / bffCpu : null;
  const result = {
    bench: "bff",
    date: new Date().toISOString(),
    node: process.version,
    path: PATH,
    seconds,
    connections,
    direct,
    bff,
    throughputRatio: bff.rps / direct.rps,
    cpuBoundRatio,
    addedP50Ms: bff.p50 - direct.p50,
    peers: Object.fromEntries(peers),
    bestPeer: bestPeer?.[0] ?? null,
    ratioToBestPeer: bestPeer ? bff.rps / bestPeer[1].rps : null,
    goals: { throughputRatio: 0.7, addedP50Ms: 1, ratioToBestPeer: PEER_RATIO_GOAL },
  };
  const cpu = (n: number | null) => (n === null ? "n/a" : n.toFixed(1));
  const rows = [
    ["", "req/s", "p50 ms", "p99 ms", "requests", "CPU µs/req: load", "gateway", "BFF"],
    ...[["direct", direct] as const, ["through BFF", bff] as const, ...measuredPeers].map(([name, m]) => [
      name,
      m.rps.toFixed(0),
      String(m.p50),
      String(m.p99),
      String(m.total),
      cpu(m.cpuUsPerRequest.loadGenerator),
      cpu(m.cpuUsPerRequest.gateway),
      cpu(m.cpuUsPerRequest.bff),
    ]),
  ];
  console.info(rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(18) : c.padStart(i === 5 ? 17 : 10))).join(" ")).join("\n"));
  for (const [name, m] of peers) if (m === "not installed") console.info(`${name.padEnd(18)} not installed (${PEERS[name]})`);
  const pass = (ok: boolean) => (ok ? "PASS" : "FAIL");
  console.info(
    `throughput ratio ${(result.throughputRatio * 100).toFixed(1)} % (goal >= 70 %), added p50 ${result.addedP50Ms.toFixed(2)} ms (goal <= 1 ms): ${pass(result.addedP50Ms <= 1)}`,
  );
  console.info(
    result.ratioToBestPeer === null
      ? `goal: BFF throughput >= ${PEER_RATIO_GOAL}x the best peer: no peer installed`
      : `goal: BFF throughput >= ${PEER_RATIO_GOAL}x the best peer (${result.bestPeer}): ${result.ratioToBestPeer.toFixed(2)}x ${pass(result.ratioToBestPeer >= PEER_RATIO_GOAL)}`,
  );
  if (cpuBoundRatio !== null) {
    console.info(
      `CPU per request, all processes: direct ${directCpu!.toFixed(1)} µs, through BFF ${bffCpu!.toFixed(1)} µs; ` +
        `on ${availableParallelism()} shared cores that alone puts the ratio near ${(cpuBoundRatio * 100).toFixed(1)} %`,
    );
  }
  mkdirSync(join(ROOT, "bench/results"), { recursive: true });
  writeFileSync(join(ROOT, "bench/results/bff.json"), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await web.stop();
  await gateway.stop();
  data.remove();
}
