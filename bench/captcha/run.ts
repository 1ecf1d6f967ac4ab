/**
 * What the slider captcha costs the gateway, a person and a script (docs/decisions/013):
 * get-captcha-id time and stored bytes, drawing time, the review's exact-rim-colour script and a
 * shape-matching script over many seeds, and the proof of work in Chromium and in native code.
 * Prints a summary and writes bench/results/captcha.json.
 *   node --import tsx bench/captcha/run.ts [-- --seeds 300 --runs 30]
 */
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { benchPage, launchChromium } from "../browser-page.ts";
import { CAPTCHA_POW_BITS } from "../../protocol/captcha.ts";
import { createGateway } from "../../gateway/app.ts";
import { planChallenge, renderChallenge } from "../../gateway/captcha/challenge.ts";
import { leadingZeroBits } from "../../gateway/captcha/store.ts";
import { gatewayConfigFromEnv } from "../../gateway/config.ts";
import { decodePng, solveByRimColour, solveByShape } from "../../tests/setup/captcha-solver.ts";
import { ROOT } from "../../tests/setup/processes.ts";

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const seeds = arg("seeds", 300);
const runs = arg("runs", 30);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

// The gateway's side: one challenge, its stored bytes, its pictures.
const dir = mkdtempSync(join(tmpdir(), "mix-bench-captcha-"));
const gw = await createGateway(gatewayConfigFromEnv({ DATA_DIR: dir, REQUEST_LOG: "off" }));
const db = gw.db;
const dbBytes = () => (db.pragma("page_count", { simple: true }) as number) * (db.pragma("page_size", { simple: true }) as number);
const ask = () =>
  gw.app.inject({
    method: "POST",
    url: "/v1/security/policy/captcha/get-captcha-id",
    headers: { "content-type": "application/json", deviceid: "bench" },
    payload: { scene: "login" },
  });
for (let i = 0; i < 20; i++) await ask();
const before = dbBytes();
const ids: string[] = [];
let t = performance.now();
for (let i = 0; i < 200; i++) ids.push((JSON.parse((await ask()).body) as { data: { captchaId: string } }).data.captchaId);
const gateway = {
  getCaptchaIdMs: (performance.now() - t) / 200,
  storedBytesPerChallenge: (dbBytes() - before) / 200,
  picturesMs: 0,
  pictureBytes: 0,
};
t = performance.now();
for (const id of ids.slice(0, 50)) {
  for (const part of ["background", "piece"]) {
    gateway.pictureBytes +=
      (await gw.app.inject({ method: "GET", url: `/v1/security/policy/captcha/image?captchaId=${id}&part=${part}` })).rawPayload.length /
      50;
  }
}
gateway.picturesMs = (performance.now() - t) / 50;
await gw.close();
rmSync(dir, { recursive: true, force: true });

// The scripts' side: how often each finds the hole, and its CPU per picture.
let rim = 0;
let shape = 0;
let shapeMs = 0;
for (let s = 1; s <= seeds; s++) {
  const plan = planChallenge(s);
  const pics = renderChallenge(plan);
  const bg = decodePng(pics.background);
  if (Math.abs(solveByRimColour(bg, plan.pieceY, plan.pieceSize) - plan.answerX) <= 5) rim++;
  const t0 = performance.now();
  if (Math.abs(solveByShape(bg, decodePng(pics.piece), plan.pieceY) - plan.answerX) <= 5) shape++;
  shapeMs += performance.now() - t0;
}
const scripts = { seeds, rimColourSolved: rim / seeds, shapeSolved: shape / seeds, shapeCpuMs: shapeMs / seeds };

// Native SHA-256 of a one-block message, one core (a floor for what a script pays per hash).
t = performance.now();
let n = 0;
for (; performance.now() - t < 1000; n++)
  leadingZeroBits(
    createHash("sha256")
      .update(`0123456789abcdef0123456789abcdef${n.toString(36)}`)
      .digest(),
  );
const nodeHashesPerSec = n / ((performance.now() - t) / 1000);

// The person's side: the dialog's search in Chromium.
const { js, html } = await benchPage("bench/captcha/page.ts", "captcha bench");
const server = createServer((req, res) => {
  if (req.url === "/bench.js") res.writeHead(200, { "content-type": "text/javascript" }).end(js);
  else res.writeHead(200, { "content-type": "text/html" }).end(html);
});
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const browser = await launchChromium();
let chromium: { bits: number; runs: number; meanMs: number; p95Ms: number; hashesPerSec: number; version: string };
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await page.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true);
  const r = await page.evaluate(
    ([bits, count]) =>
      (window as unknown as { runBench: (b: number, n: number) => Promise<{ ms: number[]; tries: number[] }> }).runBench(bits, count),
    [CAPTCHA_POW_BITS, runs] as const,
  );
  const sorted = [...r.ms].sort((a, b) => a - b);
  chromium = {
    bits: CAPTCHA_POW_BITS,
    runs,
    meanMs: mean(r.ms),
    p95Ms: sorted[Math.floor(0.95 * (sorted.length - 1))]!,
    hashesPerSec: r.tries.reduce((a, b) => a + b, 0) / (r.ms.reduce((a, b) => a + b, 0) / 1000),
    version: browser.version(),
  };
} finally {
  await browser.close();
  server.close();
}
const expectedHashes = 2 ** CAPTCHA_POW_BITS;
const pow = {
  expectedHashes,
  chromiumExpectedMs: (expectedHashes / chromium.hashesPerSec) * 1000,
  nodeCreateHashPerSec: nodeHashesPerSec,
  nodeExpectedMs: (expectedHashes / nodeHashesPerSec) * 1000,
};
const result = { bench: "captcha", date: new Date().toISOString(), gateway, scripts, chromium, pow };
console.info(JSON.stringify(result, null, 2));
mkdirSync(join(ROOT, "bench/results"), { recursive: true });
writeFileSync(join(ROOT, "bench/results/captcha.json"), `${JSON.stringify(result, null, 2)}\n`);
