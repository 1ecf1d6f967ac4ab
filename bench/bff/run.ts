/**
 * BFF overhead: one small gateway call made directly to the gateway, through the web server's
 * BFF, and through what a team would pick instead, behind the same gateway, in the same run, with
 * autocannon. Prints a table per run and the medians, and writes bench/results/bff.json.
 * Goals (issue 2): through-BFF throughput >= 70 % of direct; added p50 latency <= 1 ms.
 * Goals (issue 31): the same call through the peers (bench/bff/peer.ts: @fastify/http-proxy,
 * http-proxy with a keep-alive agent; optional dev dependencies, reported "not installed" when
 * missing): BFF throughput >= 1.5x the best peer's; added p50 <= 1 ms over direct.
 * Each goal is judged on the median of `--runs` runs (3); within a run the targets are measured one
 * after another, in an order that rotates from run to run, so no target always goes first.
 * The added p50 is the hop's own latency: one connection, requests one after another, timed with
 * performance.now() (autocannon's saturated p50 is connections / throughput, queueing, and is
 * printed as such). It also reports the CPU time each process spends per request (Linux /proc),
 * which is what bounds the throughput ratios when the load generator, the proxy and the gateway
 * share the machine's cores.
 *   npm run bench:bff [-- --seconds 10 --connections 32 --runs 3 --probe 2000]   (WEB_EXEC_ARGV="--cpu-prof" profiles the BFF)
 */
import { availableParallelism } from "node:os";
import autocannon from "autocannon";
import { Pool } from "undici";
import { startGateway, startProcess, startWeb, tempDataDir, type Started } from "../../tests/setup/processes.ts";
import { arg, cpuSeconds, writeResults } from "../common.ts";
import { PEERS, type PeerName } from "./peer.ts";

const seconds = arg("seconds", 10);
const connections = arg("connections", 32);
const runs = Math.max(1, arg("runs", 3));
/** Requests of the latency probe (one connection, one at a time). */
const probeRequests = arg("probe", 2000);
const PATH = "/v1/mix/system/getDomainConfigList";
/** Issue 2: through-BFF throughput over direct. */
const DIRECT_RATIO_GOAL = 0.7;
/** Issue 31: BFF throughput over the best peer's. */
const PEER_RATIO_GOAL = 1.5;
/** Issues 2 and 31: the BFF's added p50 over calling the gateway directly, ms. */
const ADDED_P50_GOAL_MS = 1;

/** A peer proxy in front of `upstream`, or "not installed" when its package is missing. */
async function startPeer(name: PeerName, upstream: string): Promise<Started | "not installed"> {
  try {
    return await startProcess(["--import", "tsx", "bench/bff/peer.ts", name], { GATEWAY_URL: upstream, PORT: "0" }, "peer listening");
  } catch (err) {
    if (String(err).includes("peer missing")) return "not installed";
    throw err;
  }
}

interface Measured {
  rps: number;
  /** autocannon's p50 and p99 at saturation (ms, whole milliseconds): queueing, connections / throughput. */
  p50: number;
  p99: number;
  total: number;
  /** CPU µs per request of the load generator, the gateway and the proxy in between (BFF or peer). */
  cpuUsPerRequest: { loadGenerator: number | null; gateway: number | null; proxy: number | null };
}

const round = (n: number | undefined) => (n === undefined ? null : Math.round(n * 10) / 10);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function measure(url: string, pids: { gateway?: number; proxy?: number }): Promise<Measured> {
  // A short warm-up so JIT and pools are settled, then the measured run.
  await autocannon({ url: url + PATH, connections, duration: 2 });
  const before = { load: process.cpuUsage(), gateway: cpuSeconds(pids.gateway), proxy: cpuSeconds(pids.proxy) };
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
      proxy: pids.proxy === undefined ? null : round(perRequestUs(before.proxy, cpuSeconds(pids.proxy))),
    },
  };
}

/** The hop's own latency: `probeRequests` requests one after another on one kept-alive connection; p50 and p99 in ms. */
async function probe(url: string): Promise<{ p50: number; p99: number }> {
  const pool = new Pool(url, { connections: 1 });
  const one = async () => {
    const t0 = performance.now();
    const res = await pool.request({ path: PATH, method: "GET" });
    await res.body.arrayBuffer();
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    return performance.now() - t0;
  };
  try {
    for (let i = 0; i < 200; i++) await one();
    const times: number[] = [];
    for (let i = 0; i < probeRequests; i++) times.push(await one());
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
    return { p50: Math.round(q(0.5) * 1000) / 1000, p99: Math.round(q(0.99) * 1000) / 1000 };
  } finally {
    await pool.close();
  }
}

interface Target {
  name: string;
  url: string;
  proxyPid?: number;
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
const started: Started[] = [];
try {
  const notInstalled: PeerName[] = [];
  const targets: Target[] = [
    { name: "direct", url: gateway.url },
    { name: "through BFF", url: web.url, proxyPid: web.child.pid },
  ];
  for (const name of Object.keys(PEERS) as PeerName[]) {
    const peer = await startPeer(name, gateway.url);
    if (peer === "not installed") notInstalled.push(name);
    else {
      started.push(peer);
      targets.push({ name, url: peer.url, proxyPid: peer.child.pid });
    }
  }
  const peerNames = targets.slice(2).map((t) => t.name);
  const cpu = (n: number | null) => (n === null ? "n/a" : n.toFixed(1));
  const perRun: Array<{
    measured: Record<string, Measured>;
    probe: { direct: { p50: number; p99: number }; bff: { p50: number; p99: number } };
    throughputRatio: number;
    bestPeer: string | null;
    ratioToBestPeer: number | null;
    addedP50Ms: number;
  }> = [];
  for (let run = 0; run < runs; run++) {
    const measured: Record<string, Measured> = {};
    for (let k = 0; k < targets.length; k++) {
      const t = targets[(k + run) % targets.length]!;
      measured[t.name] = await measure(t.url, { gateway: gateway.child.pid, proxy: t.proxyPid });
    }
    const probeDirect = await probe(gateway.url);
    const probeBff = await probe(web.url);
    const direct = measured.direct!;
    const bff = measured["through BFF"]!;
    const best = peerNames.reduce<string | null>((b, n) => (b === null || measured[n]!.rps > measured[b]!.rps ? n : b), null);
    perRun.push({
      measured,
      probe: { direct: probeDirect, bff: probeBff },
      throughputRatio: bff.rps / direct.rps,
      bestPeer: best,
      ratioToBestPeer: best === null ? null : bff.rps / measured[best]!.rps,
      addedP50Ms: Math.round((probeBff.p50 - probeDirect.p50) * 1000) / 1000,
    });
    const rows = [
      [`run ${run + 1}/${runs}`, "req/s", "p50 ms", "p99 ms", "requests", "CPU µs/req: load", "gateway", "proxy"],
      ...targets.map(({ name }) => {
        const m = measured[name]!;
        return [
          name,
          m.rps.toFixed(0),
          String(m.p50),
          String(m.p99),
          String(m.total),
          cpu(m.cpuUsPerRequest.loadGenerator),
          cpu(m.cpuUsPerRequest.gateway),
          cpu(m.cpuUsPerRequest.proxy),
        ];
      }),
    ];
    console.info(rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(18) : c.padStart(i === 5 ? 17 : 10))).join(" ")).join("\n"));
    const last = perRun[perRun.length - 1]!;
    console.info(
      `  one request at a time: p50 direct ${probeDirect.p50.toFixed(3)} ms, through BFF ${probeBff.p50.toFixed(3)} ms (added ${last.addedP50Ms.toFixed(3)} ms); ` +
        `BFF/direct ${(last.throughputRatio * 100).toFixed(1)} %` +
        (last.ratioToBestPeer === null ? "" : `; BFF/best peer (${last.bestPeer}) ${last.ratioToBestPeer.toFixed(2)}x`),
    );
  }
  for (const name of notInstalled) console.info(`${name.padEnd(18)} not installed (${PEERS[name]})`);

  const med = {
    throughputRatio: median(perRun.map((r) => r.throughputRatio)),
    addedP50Ms: median(perRun.map((r) => r.addedP50Ms)),
    ratioToBestPeer: peerNames.length ? median(perRun.map((r) => r.ratioToBestPeer!)) : null,
    cpuUsPerRequest: Object.fromEntries(
      targets.map(({ name }) => [
        name,
        {
          gateway: median(perRun.map((r) => r.measured[name]!.cpuUsPerRequest.gateway ?? Number.NaN)),
          proxy: name === "direct" ? null : median(perRun.map((r) => r.measured[name]!.cpuUsPerRequest.proxy ?? Number.NaN)),
        },
      ]),
    ),
  };
  const met = {
    throughputRatio: med.throughputRatio >= DIRECT_RATIO_GOAL,
    addedP50Ms: med.addedP50Ms <= ADDED_P50_GOAL_MS,
    ratioToBestPeer: med.ratioToBestPeer === null ? null : med.ratioToBestPeer >= PEER_RATIO_GOAL,
  };
  const pass = (ok: boolean) => (ok ? "PASS" : "FAIL");
  console.info(`median of ${runs} run(s):`);
  console.info(
    `goal: added p50 over direct <= ${ADDED_P50_GOAL_MS} ms (one request at a time): ${med.addedP50Ms.toFixed(3)} ms ${pass(met.addedP50Ms)}`,
  );
  console.info(
    med.ratioToBestPeer === null
      ? `goal: BFF throughput >= ${PEER_RATIO_GOAL}x the best peer: no peer installed`
      : `goal: BFF throughput >= ${PEER_RATIO_GOAL}x the best peer: ${med.ratioToBestPeer.toFixed(2)}x ${pass(met.ratioToBestPeer!)}`,
  );
  console.info(
    `goal: BFF throughput >= ${DIRECT_RATIO_GOAL * 100} % of direct at saturation: ${(med.throughputRatio * 100).toFixed(1)} % ${pass(met.throughputRatio)} ` +
      `(${availableParallelism()} cores shared by the load generator, the gateway and the proxy: the ratio is about ` +
      `direct's CPU per request over the whole chain's)`,
  );
  writeResults("bff", {
    path: PATH,
    seconds,
    connections,
    runs: perRun,
    median: med,
    notInstalled,
    goals: { throughputRatio: DIRECT_RATIO_GOAL, addedP50Ms: ADDED_P50_GOAL_MS, ratioToBestPeer: PEER_RATIO_GOAL },
    met,
  });
} finally {
  for (const p of started) await p.stop();
  await web.stop();
  await gateway.stop();
  data.remove();
}
