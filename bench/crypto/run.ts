/**
 * Browser crypto costs in Debian's Chromium: key generation (WebCrypto vs node-forge), signing +
 * MD5 per request, login encryption per login; p50/p95 over >= 30 runs. Prints a table and
 * writes bench/results/crypto.json. Goals (issue 4): rsa2048 keygen p95 <= 1 s, sign <= 2 ms
 * p50, login encryption <= 10 ms p50, nothing over the 8 s key timeout.
 *   npm run bench:crypto [-- --runs 30]
 */
import { createServer } from "node:http";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { benchPage, launchChromium } from "../browser-page.ts";
import { loadOrCreateKeys } from "../../gateway/security/keys.ts";
import { ROOT } from "../../tests/setup/processes.ts";

const runsArg = process.argv.indexOf("--runs");
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 30;

const { js, html } = await benchPage("bench/crypto/page.ts", "crypto bench");
// Served from 127.0.0.1, a secure context: WebCrypto key generation works as on https.
const server = createServer((req, res) => {
  if (req.url === "/bench.js") res.writeHead(200, { "content-type": "text/javascript" }).end(js);
  else res.writeHead(200, { "content-type": "text/html" }).end(html);
});
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const port = (server.address() as AddressInfo).port;

const keyDir = mkdtempSync(join(tmpdir(), "mix-bench-keys-"));
const { serverPublicKey } = loadOrCreateKeys(keyDir);
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true);
  const rows = await page.evaluate(
    ([key, n]) =>
      (window as unknown as { runBench: (k: string, n: number) => Promise<Array<{ name: string; samples: number[] }>> }).runBench(key, n),
    [serverPublicKey, runs] as const,
  );
  const pct = (s: number[], p: number) => {
    const sorted = [...s].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  };
  const table = rows.map((r) => ({
    name: r.name,
    runs: r.samples.length,
    p50: pct(r.samples, 50),
    p95: pct(r.samples, 95),
    max: Math.max(...r.samples),
  }));
  console.info(["measure".padEnd(36), "runs".padStart(6), "p50 ms".padStart(10), "p95 ms".padStart(10), "max ms".padStart(10)].join(" "));
  for (const r of table) {
    console.info(
      [
        r.name.padEnd(36),
        String(r.runs).padStart(6),
        r.p50.toFixed(2).padStart(10),
        r.p95.toFixed(2).padStart(10),
        r.max.toFixed(1).padStart(10),
      ].join(" "),
    );
  }
  const find = (n: string) => table.find((r) => r.name.startsWith(n))!;
  const goals = {
    rsa2048KeygenP95Ms: { goal: 1000, actual: find("keygen rsa2048 (WebCrypto)").p95 },
    signP50Ms: { goal: 2, actual: find("sign + md5").p50 },
    loginEncryptionP50Ms: { goal: 10, actual: find("login encryption").p50 },
    maxKeygenMs: { goal: 8000, actual: Math.max(...table.filter((r) => r.name.includes("WebCrypto")).map((r) => r.max)) },
  };
  for (const [name, g] of Object.entries(goals)) console.info(`${name}: ${g.actual.toFixed(2)} (goal <= ${g.goal})`);
  mkdirSync(join(ROOT, "bench/results"), { recursive: true });
  writeFileSync(
    join(ROOT, "bench/results/crypto.json"),
    `${JSON.stringify({ bench: "crypto", date: new Date().toISOString(), chromium: browser.version(), runs, table, goals }, null, 2)}\n`,
  );
} finally {
  await browser.close();
  server.close();
  rmSync(keyDir, { recursive: true, force: true });
}
