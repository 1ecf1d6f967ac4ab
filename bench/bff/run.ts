/**
 * BFF overhead: one small gateway call made directly to the gateway and through the web server's
 * BFF, in the same run, with autocannon. Prints a table and writes bench/results/bff.json.
 * Goals (issue 2): through-BFF throughput >= 70 % of direct; added p50 latency <= 1 ms.
 *   npm run bench:bff [-- --seconds 10 --connections 32]
 */
import { mkdirSync, writeFileSync } from "node:fs";
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

async function measure(url: string) {
  // A short warm-up so JIT and pools are settled, then the measured run.
  await autocannon({ url: url + PATH, connections, duration: 2 });
  const r = await autocannon({ url: url + PATH, connections, duration: seconds });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total };
}

const data = tempDataDir("mix-bench-");
const quiet = { REQUEST_LOG: "off" };
const gateway = await startGateway(data.dir, quiet);
const web = await startWeb({ GATEWAY_URL: gateway.url, DATA_DIR: data.dir, ...quiet });
try {
  const direct = await measure(gateway.url);
  const bff = await measure(web.url);
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
    addedP50Ms: bff.p50 - direct.p50,
    goals: { throughputRatio: 0.7, addedP50Ms: 1 },
  };
  const rows = [
    ["", "req/s", "p50 ms", "p99 ms", "requests"],
    ["direct", direct.rps.toFixed(0), String(direct.p50), String(direct.p99), String(direct.total)],
    ["through BFF", bff.rps.toFixed(0), String(bff.p50), String(bff.p99), String(bff.total)],
  ];
  console.info(rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(12) : c.padStart(10))).join(" ")).join("\n"));
  console.info(
    `throughput ratio ${(result.throughputRatio * 100).toFixed(1)} % (goal >= 70 %), added p50 ${result.addedP50Ms.toFixed(2)} ms (goal <= 1 ms)`,
  );
  mkdirSync(join(ROOT, "bench/results"), { recursive: true });
  writeFileSync(join(ROOT, "bench/results/bff.json"), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await web.stop();
  await gateway.stop();
  data.remove();
}
