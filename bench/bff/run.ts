/**
 * BFF overhead: one small gateway call made directly to the gateway and through the web server's
 * BFF, in the same run, with autocannon. Prints a table and writes bench/results/bff.json.
 * Goals (issue 2): through-BFF throughput >= 70 % of direct; added p50 latency <= 1 ms.
 * It also reports the CPU time each process spends per request (Linux /proc), which is what
 * bounds the ratio when the load generator, the BFF and the gateway share the machine's cores.
 *   npm run bench:bff [-- --seconds 10 --connections 32]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { ROOT, startGateway, startWeb, tempDataDir } from "../../tests/setup/processes.ts";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const seconds = arg("seconds", 10);
const connections = arg("connections", 32);
const PATH = "/v1/mix/system/getDomainConfigList";

/** CPU seconds (user + system, all threads) a process has used, from /proc; undefined elsewhere. */
function cpuSeconds(pid: number | undefined): number | undefined {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return undefined;
  // Fields after the parenthesised command name; utime and stime are the 14th and 15th, in USER_HZ (100).
  const stat = readFileSync(file, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const round = (n: number | undefined) => (n === undefined ? null : Math.round(n * 10) / 10);

async function measure(url: string, pids: { gateway?: number; web?: number }) {
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
const web = await startWeb({ GATEWAY_URL: gateway.url, DATA_DIR: data.dir, ...quiet });
try {
  const direct = await measure(gateway.url, { gateway: gateway.child.pid });
  const bff = await measure(web.url, { gateway: gateway.child.pid, web: web.child.pid });
  // With every core busy, throughput is about cores / (CPU per request, all processes summed), so
  // the ratio is about direct CPU per request over through-BFF CPU per request.
  const cpuTotal = ({ cpuUsPerRequest: c }: typeof direct) =>
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
    goals: { throughputRatio: 0.7, addedP50Ms: 1 },
  };
  const cpu = (n: number | null) => (n === null ? "n/a" : n.toFixed(1));
  const rows = [
    ["", "req/s", "p50 ms", "p99 ms", "requests", "CPU µs/req: load", "gateway", "BFF"],
    ...(
      [
        ["direct", direct],
        ["through BFF", bff],
      ] as const
    ).map(([name, m]) => [
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
  console.info(rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(12) : c.padStart(i === 5 ? 17 : 10))).join(" ")).join("\n"));
  console.info(
    `throughput ratio ${(result.throughputRatio * 100).toFixed(1)} % (goal >= 70 %), added p50 ${result.addedP50Ms.toFixed(2)} ms (goal <= 1 ms)`,
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
