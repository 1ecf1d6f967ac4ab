/**
 * Tracking SDK costs in Debian's Chromium against a real gateway process: the main-thread time of
 * one `track()` call (the event built, encoded and written to local storage) and the bytes per
 * event on the wire, read from the upload requests themselves. Prints a table and writes
 * bench/results/tracking.json. Goal (tracking issue): <= 20 µs per call; nothing is asserted.
 *   npm run bench:tracking [-- --rounds 8 --per-round 100]
 */
import { IDENTITY_STORAGE_KEYS } from "../../app/lib/http/device-identity.ts";
import Database from "better-sqlite3";
import { createServer } from "node:http";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { benchPage, launchChromium } from "../browser-page.ts";
import { PATHS } from "../../protocol/paths.ts";
import { ROOT, startGateway, tempDataDir } from "../../tests/setup/processes.ts";
import type { BenchResult } from "./page.ts";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
// The queue holds 2,000 events at most: warm-up plus rounds stay below it (uploads drain it too).
const warmup = 300;
const rounds = arg("rounds", 8);
const perRound = arg("per-round", 100);
const GOAL_US = 20;

const { js, html } = await benchPage("bench/tracking/page.ts", "tracking bench");

const data = tempDataDir("mix-bench-tracking-");
const gateway = await startGateway(data.dir, { REQUEST_LOG: "off" });
// The page's origin: the bench page, and /v1/* passed to the gateway as the BFF would.
const server = createServer((req, res) => {
  if (req.url === "/bench.js") return void res.writeHead(200, { "content-type": "text/javascript" }).end(js);
  if (!req.url?.startsWith("/v1/")) return void res.writeHead(200, { "content-type": "text/html" }).end(html);
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const headers = Object.fromEntries(
      Object.entries(req.headers)
        .filter(([k]) => k !== "host" && k !== "connection")
        .map(([k, v]) => [k, String(v)]),
    );
    void fetch(`${gateway.url}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined })
      .then(async (up) =>
        res
          .writeHead(up.status, {
            "content-type": up.headers.get("content-type") ?? "application/json",
            "request-time": up.headers.get("request-time") ?? "",
          })
          .end(Buffer.from(await up.arrayBuffer())),
      )
      .catch(() => res.writeHead(502).end());
  });
});
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const port = (server.address() as AddressInfo).port;

const browser = await launchChromium();
try {
  const page = await browser.newPage();
  page.on("console", (m) => void (m.type() !== "log" && console.info(`[page ${m.type()}] ${m.text()}`)));
  page.on("pageerror", (e) => console.info(`[page error] ${e.message}`));
  const uploads: Array<{ bytes: number; events: number }> = [];
  page.on("request", (r) => {
    if (r.method() !== "POST" || new URL(r.url()).pathname !== PATHS.trackingInfo) return;
    const body = r.postDataBuffer();
    if (body) uploads.push({ bytes: body.length, events: (JSON.parse(body.toString("utf8")) as unknown[]).length });
  });
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true);
  const { burstUs, perTaskUs, tracked } = await page.evaluate(
    (a) => (window as unknown as { runBench: (x: typeof a) => Promise<BenchResult> }).runBench(a),
    { warmup, rounds, perRound },
  );
  // Everything goes up through the real loop; wait until the queue is empty.
  await page.waitForFunction(() => !Object.keys(localStorage).some((k) => k.startsWith("mixtrk:e:")), undefined, {
    timeout: 120_000,
    polling: 500,
  });
  const deviceId = await page.evaluate((key) => localStorage.getItem(key), IDENTITY_STORAGE_KEYS.deviceId);
  const db = new Database(join(data.dir, "gateway.sqlite"), { readonly: true });
  const stored = db
    .prepare("SELECT count(*) AS n, count(DISTINCT page_unique_id || ':' || seq) AS uniq FROM tracking_events WHERE device_id = ?")
    .get(deviceId) as { n: number; uniq: number };
  db.close();

  // Timings of a tracker that dropped events would mean nothing.
  if (uploads.length === 0 || stored.uniq !== tracked || stored.n !== tracked) {
    throw new Error(`tracked ${tracked} events, the gateway stored ${stored.uniq} (${stored.n} rows) from ${uploads.length} uploads`);
  }
  const stats = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, max: Math.max(...xs), samples: xs };
  };
  const burst = stats(burstUs);
  const perTask = stats(perTaskUs);
  const full = uploads.filter((u) => u.events === 50);
  const perEvent = (list: typeof uploads) =>
    list.reduce((a, u) => a + u.bytes, 0) /
    Math.max(
      1,
      list.reduce((a, u) => a + u.events, 0),
    );
  const single = uploads.find((u) => u.events === 1);
  const rows: Array<[string, string]> = [
    ["track(), one call per task (median)", `${perTask.median.toFixed(2)} µs`],
    ["track(), one call per task (worst round)", `${perTask.max.toFixed(2)} µs`],
    ["track(), calls in a burst (median)", `${burst.median.toFixed(2)} µs`],
    ["track(), calls in a burst (worst round)", `${burst.max.toFixed(2)} µs`],
    ["bytes per event, 50-event batches", `${perEvent(full).toFixed(0)} B`],
    ["bytes per event, all uploads", `${perEvent(uploads).toFixed(0)} B`],
    ["bytes of a 1-event upload", single ? `${single.bytes} B` : "n/a"],
    ["events tracked / stored once", `${tracked} / ${stored.uniq} (${stored.n} rows)`],
    ["upload requests", String(uploads.length)],
  ];
  console.info(rows.map(([k, v]) => `${k.padEnd(42)} ${v.padStart(22)}`).join("\n"));
  console.info(`track() one per task, median ${perTask.median.toFixed(2)} µs, its storage write included (goal <= ${GOAL_US} µs)`);
  mkdirSync(join(ROOT, "bench/results"), { recursive: true });
  writeFileSync(
    join(ROOT, "bench/results/tracking.json"),
    `${JSON.stringify(
      {
        bench: "tracking",
        date: new Date().toISOString(),
        chromium: browser.version(),
        warmup,
        rounds,
        perRound,
        trackUs: { perTask, burst },
        bytesPerEvent: { fullBatches: perEvent(full), all: perEvent(uploads), singleUpload: single?.bytes ?? null },
        tracked,
        stored,
        uploads: uploads.length,
        goals: { trackUs: GOAL_US },
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await browser.close();
  server.close();
  await gateway.stop();
  data.remove();
}
