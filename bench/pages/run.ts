/**
 * The public pages as a phone and a crawler meet them (issue 15, docs/decisions/604): Lighthouse
 * (mobile emulation, Debian's Chromium) on the wiki list, an article and an event page, three runs
 * each, the median of each category score, the largest contentful paint and the scripts' transfer
 * size; then an article's server rendering against a static asset of the same server, requests/s
 * and p50/p99 at a fixed concurrency. The server is started as the README's `npm start` does (the
 * build must exist: `npm run build`): `node ./index.js`, default settings, a free port, its own
 * DATA_DIR. Prints tables and the audits that lost points, writes bench/results/pages.json and
 * the median run's Lighthouse report per page under bench/results/lighthouse/.
 * A lead trader is made first (an API key, futures opened, one trade opened and closed) so its
 * copy-trading profile (docs/decisions/357) is measured with figures, a chart and a history.
 * Issue 29 adds the trading screens (`/spot/BTCUSDT`, `/futures/usdt/BTCUSDT`): performance ≥ 90,
 * with the page's live streams checked after the runs (a phone-sized Chromium sees the book go
 * live and stream frames arrive), and the machine's load average noted with each run.
 *   npm run bench:pages [-- --runs 3 --pages /wiki,/wiki/bitcoin,/events/x,/spot/BTCUSDT --seconds 5 --connections 16 --rounds 5 --only lighthouse|throughput]
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { Pool, request } from "undici";
import { ROOT, startProcess, tempDataDir, type Started } from "../../tests/setup/processes.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import { futuresOrder, openFutures } from "../../tests/setup/futures.ts";
import { COPY_PATHS } from "../../protocol/copy.ts";
import { MIX_PRIVATE } from "../../protocol/mix.ts";
import { launchChromium } from "../browser-page.ts";
import { treeCpuSeconds } from "../common.ts";
import {
  CATEGORIES,
  categoryGoal,
  isTradingPage,
  perfDetail,
  TRADING_PAGES,
  type PerfDetail,
  formatTable,
  measureRun,
  median,
  meets,
  passCell,
  percentile,
  summarise,
  type Goal,
  type LighthouseResult,
  type PageSummary,
  type RunMeasure,
} from "./report.ts";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}
const numberArg = (name: string, fallback: number) => Number(arg(name) ?? fallback);
const runs = numberArg("runs", 3);
const seconds = numberArg("seconds", 5);
const connections = numberArg("connections", 16);
// Rounds of the workers comparison: a window for each setup in each round.
const rounds = numberArg("rounds", 5);
const only = arg("only");
const articlePath = arg("article") ?? "/wiki/bitcoin";
// An event page is named by its slug; without a link on /events, the event a fresh gateway seeds (decision 800).
const FALLBACK_EVENT = "/events/paper-trading-cup";

const KIB = 1024;
// The issue's goals (item 9); JavaScript is counted on wiki pages only.
const GOALS = {
  score: { target: 1, kind: "min" } as Goal,
  lcpMs: { target: 1500, kind: "max" } as Goal,
  wikiScriptBytes: { target: 80 * KIB, kind: "max" } as Goal,
  ssrShareOfStatic: { target: 0.25, kind: "min" } as Goal,
  // issue 31: server rendering with two web workers against one (docs/decisions/023)
  twoWorkersOverOne: { target: 1.6, kind: "min" } as Goal,
};
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];
// What a browser sends, so compression is measured as visitors get it.
const BROWSER_HEADERS = { accept: "text/html,*/*", "accept-encoding": "gzip, deflate, br", "user-agent": "mix-bench-pages" };

// Every setting the README lists is left at its default, whatever the shell running the bench has.
const SERVER_SETTINGS = [
  "NODE_ENV",
  "HOST",
  "GATEWAY_URL",
  "ISSUER_CERT",
  "TRUST_PROXY",
  "BFF_TIMEOUT_MS",
  "BFF_BODY_LIMIT",
  "PUBLIC_ORIGIN",
  "IMAGE_ORIGINS",
  "BRAND_HOSTS",
  "LINK_ADDRESSES",
  "LOG_LEVEL",
  "REQUEST_LOG",
  "GATEWAY_HOST",
  "GATEWAY_PORT",
  "GATEWAY_SEED",
  "EVENT_LOG_UPLOAD",
  "CAPTCHA_POW_BITS",
  "IMAGE_HOSTS_FOREIGN",
  "IMAGE_HOSTS_INTERNAL",
  "EXCHANGE_WELCOME_USDT",
  "EXCHANGE_SIMULATOR",
  "EXCHANGE_RATE_LIMITS",
  "GATEWAY_PROXY_SECRET",
  "ABUSE_LIMITS",
  "LOGIN_KEY_ROTATE_MS",
  "LOGIN_KEY_GRACE_MS",
  "SSR_REFERENCE",
  "WEB_WORKERS",
];

async function statusOf(url: string): Promise<number> {
  const res = await request(url, { headers: BROWSER_HEADERS });
  await res.body.dump();
  return res.statusCode;
}

const BENCH_LEAD = "bench-lead";

/** A lead trader with one closed trade, for its public profile; the profile's path, or null (and why) when it could not be made. */
async function leadProfilePath(origin: string, dataDir: string): Promise<string | null> {
  try {
    const c = await openFutures(new Client(origin, makeKey(dataDir, BENCH_LEAD)));
    const steps = [
      () => c.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "1000", coin: "USDT" }),
      () => c.post(COPY_PATHS.traderApply, { profitShareRatio: "0.08" }),
      () => futuresOrder(c, "buy", "0.01", "market", { tradeSide: "open" }),
      () => futuresOrder(c, "buy", "0.01", "market", { tradeSide: "close" }),
    ];
    for (const step of steps) {
      const r = await step();
      if (r.body.code !== "00000") throw new Error(`${r.body.code} ${r.body.msg}`);
    }
    return `/copy-trading/trader/${BENCH_LEAD}`;
  } catch (err) {
    console.info(`no lead trader profile to measure: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
}

/** The first event /events links to, or the fallback path when there is no list yet. */
async function eventPath(origin: string): Promise<string> {
  const res = await request(`${origin}/events`, { headers: BROWSER_HEADERS });
  const html = await res.body.text();
  if (res.statusCode !== 200) return FALLBACK_EVENT;
  return /href="(?:https?:\/\/[^"/]+)?(\/events\/[A-Za-z0-9][\w-]*)"/.exec(html)?.[1] ?? FALLBACK_EVENT;
}

interface PageResult {
  path: string;
  status: number;
  runs: RunMeasure[];
  errors: string[];
  median: PageSummary | null;
  lighthouseVersion?: string;
  /** One value per run: how fast Lighthouse found the machine (noise on shared cores shows here). */
  benchmarkIndex: number[];
  hostUserAgent?: string;
  report?: string;
  /** Per run: total blocking time, paints, the LCP element, main-thread breakdown, and the load average at its end. */
  details: Array<PerfDetail & { loadAverage: number[] }>;
  /** Trading screens: whether the live streams ran on a phone-sized page after the Lighthouse runs. */
  stream?: StreamCheck;
}

async function lighthouseRun(url: string): Promise<{ lhr: LighthouseResult; html: string }> {
  // A fresh browser per run: no cache, storage or warmed-up process carried from the last one.
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "html",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return { lhr: result.lhr, html: String(result.report) };
  } finally {
    chrome.kill();
  }
}

async function measurePage(origin: string, path: string): Promise<PageResult> {
  const status = await statusOf(origin + path);
  const page: PageResult = { path, status, runs: [], errors: [], median: null, benchmarkIndex: [], details: [] };
  if (status >= 400) return page;
  const reports: string[] = [];
  // A run Lighthouse could not trace (NO_NAVSTART and the like, on a busy machine) is tried again,
  // up to as many extra attempts as runs asked for.
  for (let attempt = 0; page.runs.length < runs && attempt < runs * 2; attempt++) {
    const { lhr, html } = await lighthouseRun(origin + path);
    if (lhr.runtimeError) {
      page.errors.push(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      console.info(`  ${path} attempt ${attempt + 1}: ${lhr.runtimeError.code}, trying again`);
      continue;
    }
    page.runs.push(measureRun(lhr));
    const detail = { ...perfDetail(lhr), loadAverage: loadavg().map((l) => Math.round(l * 100) / 100) };
    page.details.push(detail);
    reports.push(html);
    page.lighthouseVersion = lhr.lighthouseVersion;
    page.hostUserAgent = lhr.environment?.hostUserAgent;
    if (lhr.environment) page.benchmarkIndex.push(lhr.environment.benchmarkIndex);
    console.info(
      `  ${path} run ${page.runs.length}: ${CATEGORIES.map((c) => `${c} ${score(page.runs.at(-1)!.scores[c])}`).join(", ")}; ` +
        `TBT ${ms(detail.tbtMs)}, LCP ${ms(detail.lcpMs)} (${detail.lcpElement ?? "?"}); load ${detail.loadAverage.join(" ")}`,
    );
  }
  if (page.runs.length === 0) return page;
  page.median = summarise(page.runs);
  // The report of the run whose performance score is the median, for whoever fixes the page.
  const perf = page.runs.map((r) => r.scores.performance ?? 0);
  const order = perf.map((_, i) => i).sort((a, b) => perf[a]! - perf[b]!);
  const dir = join(ROOT, "bench/results/lighthouse");
  mkdirSync(dir, { recursive: true });
  page.report = join(dir, `${path.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-") || "home"}.html`);
  writeFileSync(page.report, reports[order[order.length >> 1]!]!);
  return page;
}

interface StreamCheck {
  /** The order book said it is live (its stream's snapshot arrived). */
  bookLive: boolean;
  /** WebSocket frames received in the window after the book went live. */
  frames: number;
  seconds: number;
}

/**
 * Issue 29: a trading screen's speed counts only with its data still live. A phone-sized page
 * (390×844, touch) opens the screen; the book must turn live and stream frames must keep arriving.
 */
async function streamCheck(url: string, windowSeconds = 5): Promise<StreamCheck> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    let frames = 0;
    let counting = false;
    page.on("websocket", (ws) => ws.on("framereceived", () => counting && frames++));
    await page.goto(url, { waitUntil: "load" });
    const bookLive = await page
      .locator('[data-testid="order-book"][data-live="true"]')
      .first()
      .waitFor({ state: "attached", timeout: 20_000 })
      .then(
        () => true,
        () => false,
      );
    counting = true;
    await page.waitForTimeout(windowSeconds * 1000);
    return { bookLive, frames, seconds: windowSeconds };
  } finally {
    await browser.close();
  }
}

interface Load {
  path: string;
  seconds: number;
  requests: number;
  rps: number;
  p50Ms: number | null;
  p99Ms: number | null;
  bytesPerResponse: number;
  statuses: Record<string, number>;
}

/** `connections` clients asking for one path (or a new path each time) back to back for `secs` seconds. */
async function load(origin: string, target: string | (() => string), secs: number, conns = connections): Promise<Load> {
  const path = typeof target === "string" ? target : target();
  const next = typeof target === "string" ? () => target : target;
  const pool = new Pool(origin, { connections: conns, pipelining: 1 });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let bytes = 0;
  const start = performance.now();
  const end = start + secs * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const res = await pool.request({ path: next(), method: "GET", headers: BROWSER_HEADERS });
      // Read the body before adding: `bytes += await …` would add to a stale total.
      const size = (await res.body.arrayBuffer()).byteLength;
      bytes += size;
      latencies.push(performance.now() - t0);
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: conns }, client));
  const elapsed = (performance.now() - start) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const round = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);
  return {
    path,
    seconds: elapsed,
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    bytesPerResponse: Math.round(bytes / Math.max(1, latencies.length)),
    statuses,
  };
}

/** The client entry script: the static file every page loads first. */
function staticAssetPath(): string {
  const override = arg("static");
  if (override) return override;
  const dir = join(ROOT, "build/client/assets");
  const entry = readdirSync(dir).find((f) => /^entry\.client-.*\.js$/.test(f));
  if (!entry) throw new Error(`no entry.client-*.js in ${dir}: run npm run build`);
  return `/assets/${entry}`;
}

async function throughput(origin: string) {
  const staticPath = staticAssetPath();
  // A short warm-up of each so JIT, pools and the gateway's caches are settled.
  await load(origin, staticPath, 1);
  await load(origin, articlePath, 1);
  const staticLoad = await load(origin, staticPath, seconds);
  const ssr = await load(origin, articlePath, seconds);
  // The same page at an address never asked before each time (an unused query parameter): what a
  // render costs when the guests' document cache cannot answer (docs/decisions/606).
  let n = 0;
  const fresh = await load(origin, () => `${articlePath}${articlePath.includes("?") ? "&" : "?"}fresh=${++n}`, seconds);
  const ok = (l: Load) => Object.keys(l.statuses).every((s) => s === "200");
  return {
    connections,
    static: staticLoad,
    ssr,
    fresh,
    ssrShareOfStatic: ssr.rps / staticLoad.rps,
    freshShareOfStatic: fresh.rps / staticLoad.rps,
    valid: ok(staticLoad) && ok(ssr) && ok(fresh),
  };
}

const score = (s: number | null) => (s === null ? "n/a" : String(Math.round(s * 100)));
const kib = (bytes: number | null) => (bytes === null ? "n/a" : `${(bytes / KIB).toFixed(1)} KiB`);
const ms = (n: number | null) => (n === null ? "n/a" : `${Math.round(n)} ms`);

function pageRows(page: PageResult): string[][] {
  if (!page.median) {
    const why = page.status >= 400 ? String(page.status) : page.errors[0] ? "error" : "no runs";
    return [[page.path, "page", "200", why, "NO"]];
  }
  const m = page.median;
  const label: Record<string, string> = {
    performance: "performance",
    accessibility: "accessibility",
    "best-practices": "best practices",
    seo: "SEO",
  };
  const wiki = page.path.split("/").includes("wiki");
  const trading = isTradingPage(page.path);
  const goalText = (g: Goal | undefined) => (g ? `≥ ${Math.round(g.target * 100)}` : "—");
  const rows = [
    ...CATEGORIES.map((c) => {
      const goal = categoryGoal(page.path, c);
      return [page.path, label[c]!, goalText(goal), score(m.scores[c]), passCell(meets(m.scores[c], goal))];
    }),
    [
      page.path,
      "largest contentful paint",
      trading ? "—" : "≤ 1500 ms",
      ms(m.lcpMs),
      passCell(meets(m.lcpMs, trading ? undefined : GOALS.lcpMs)),
    ],
    [
      page.path,
      "JavaScript transferred",
      wiki ? "≤ 80.0 KiB" : "—",
      kib(m.scriptBytes),
      passCell(meets(m.scriptBytes, wiki ? GOALS.wikiScriptBytes : undefined)),
    ],
  ];
  if (trading) {
    const tbt = median(page.details.map((d) => d.tbtMs).filter((v): v is number => v !== null));
    rows.push([page.path, "total blocking time", "—", ms(tbt), ""]);
    const s = page.stream;
    rows.push([
      page.path,
      "live data streaming (390×844)",
      "book live, frames",
      s ? `${s.bookLive ? "live" : "not live"}, ${s.frames} frames in ${s.seconds} s` : "not checked",
      passCell(s ? s.bookLive && s.frames > 0 : false),
    ]);
  }
  return rows;
}

interface WorkersLoad extends Load {
  /** Cores the servers' process trees used over the window (null off Linux). */
  serverCores: number | null;
  /** Cores this process, the load generator, used over the window. */
  loadCores: number;
}

/** Two loads run at the same time as one: requests and statuses added, the slower percentiles. */
function together(a: Load, b: Load): Load {
  const statuses = { ...a.statuses };
  for (const [s, n] of Object.entries(b.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
  const slower = (x: number | null, y: number | null) => (x === null || y === null ? (x ?? y) : Math.max(x, y));
  return {
    path: a.path,
    seconds: Math.max(a.seconds, b.seconds),
    requests: a.requests + b.requests,
    rps: a.rps + b.rps,
    p50Ms: slower(a.p50Ms, b.p50Ms),
    p99Ms: slower(a.p99Ms, b.p99Ms),
    bytesPerResponse: Math.round(
      (a.bytesPerResponse * a.requests + b.bytesPerResponse * b.requests) / Math.max(1, a.requests + b.requests),
    ),
    statuses,
  };
}

/**
 * Server rendering on one web worker and on two (issue 31, docs/decisions/023): the same fresh
 * renders (the guests' document cache cannot answer) against a server started with WEB_WORKERS=1
 * ("one") and one with WEB_WORKERS=2 ("two"); and, as what this machine lets any two processes do,
 * the first server and a second WEB_WORKERS=1 server loaded at once with half the connections each
 * ("apart"). All three stay up, each on its own data directory, and the load moves between them in
 * `--rounds` rounds whose order rotates, so that a change in what the shared machine gives us falls
 * on every side; each ratio is the median of the rounds' ratios (decision 023).
 */
async function workersComparison() {
  const servers: Started[] = [];
  const dirs: { dir: string; remove(): void }[] = [];
  try {
    for (const workers of ["1", "1", "2"]) {
      const dir = tempDataDir("mix-bench-workers-");
      dirs.push(dir);
      servers.push(
        await startProcess(
          ["index.js"],
          { ...defaults, PORT: "0", DATA_DIR: dir.dir, WEB_WORKERS: workers, REQUEST_LOG: "off" },
          "web server listening",
        ),
      );
    }
    const [first, second, cluster] = servers as [Started, Started, Started];
    let n = 0;
    const fresh = () => `${articlePath}${articlePath.includes("?") ? "&" : "?"}w=${++n}`;
    const setups = {
      one: { servers: [first], run: (secs: number) => load(first.url, fresh, secs) },
      two: { servers: [cluster], run: (secs: number) => load(cluster.url, fresh, secs) },
      apart: {
        servers: [first, second],
        run: async (secs: number) => {
          const half = Math.max(1, Math.floor(connections / 2));
          const [a, b] = await Promise.all([load(first.url, fresh, secs, half), load(second.url, fresh, secs, connections - half)]);
          return together(a, b);
        },
      },
    };
    type Setup = keyof typeof setups;
    // CPU of the servers' whole trees (primary, workers, embedded gateway) and of this process (the
    // load generator) over the window.
    const cpuOf = (list: Started[]) => {
      const each = list.map((s) => treeCpuSeconds(s.child.pid));
      return each.includes(undefined) ? undefined : (each as number[]).reduce((a, b) => a + b, 0);
    };
    const measure = async (setup: Setup, secs: number): Promise<WorkersLoad> => {
      const before = { server: cpuOf(setups[setup].servers), self: process.cpuUsage() };
      const measured = await setups[setup].run(secs);
      const serverCpu = cpuOf(setups[setup].servers);
      const self = process.cpuUsage(before.self);
      return {
        ...measured,
        serverCores: serverCpu === undefined || before.server === undefined ? null : (serverCpu - before.server) / measured.seconds,
        loadCores: (self.user + self.system) / 1e6 / measured.seconds,
      };
    };
    const names = Object.keys(setups) as Setup[];
    for (const setup of names) await measure(setup, 2);
    const measuredRounds: Record<Setup, WorkersLoad>[] = [];
    for (let round = 0; round < rounds; round++) {
      const got = {} as Record<Setup, WorkersLoad>;
      for (const setup of [...names.slice(round % names.length), ...names.slice(0, round % names.length)])
        got[setup] = await measure(setup, seconds);
      measuredRounds.push(got);
    }
    const valid = measuredRounds.every((r) => Object.values(r).every((l) => Object.keys(l.statuses).every((s) => s === "200")));
    const medianOf = (pick: (r: Record<Setup, WorkersLoad>) => number | null) => median(measuredRounds.flatMap((r) => pick(r) ?? []));
    const summary = (setup: Setup) => ({
      rps: medianOf((r) => r[setup].rps) as number,
      cores: medianOf((r) => r[setup].serverCores),
      ratio: medianOf((r) => r[setup].rps / r.one.rps) as number,
    });
    return {
      rounds: measuredRounds,
      cores: availableParallelism(),
      loadCores: medianOf((r) => r.two.loadCores) as number,
      one: summary("one"),
      two: summary("two"),
      apart: summary("apart"),
      valid,
    };
  } finally {
    for (const server of servers) await server.stop();
    for (const dir of dirs) dir.remove();
  }
}

const data = tempDataDir("mix-bench-pages-");
const defaults = Object.fromEntries(SERVER_SETTINGS.map((name) => [name, undefined]));
if (!existsSync(join(ROOT, "build/server/index.js"))) throw new Error("no build: run npm run build first");
// a new account may lead (the 30-day age rule off), so the bench can make one
const web = await startProcess(
  ["index.js"],
  { ...defaults, PORT: "0", DATA_DIR: data.dir, COPY_LEAD_MIN_AGE_DAYS: "0" },
  "web server listening",
);
try {
  const origin = web.url;
  const pages: PageResult[] = [];
  if (only !== "throughput") {
    const profile = await leadProfilePath(origin, data.dir);
    const paths = arg("pages")?.split(",").filter(Boolean) ?? [
      "/wiki",
      articlePath,
      await eventPath(origin),
      ...(profile ? [profile] : []),
      ...TRADING_PAGES,
    ];
    for (const path of paths) {
      const page = await measurePage(origin, path);
      if (isTradingPage(path) && page.status < 400) page.stream = await streamCheck(origin + path);
      pages.push(page);
    }
  }
  const load = only === "lighthouse" ? null : await throughput(origin);
  // The pages' server is stopped first: idle, it and its gateway still take about 0.05 of a core.
  if (only !== "lighthouse") await web.stop();
  const workers = only === "lighthouse" ? null : await workersComparison();

  const rows: string[][] = [["page", "measure", "goal", "value", "pass"], ...pages.flatMap(pageRows)];
  if (load) {
    rows.push([
      `${articlePath} SSR vs static`,
      "SSR share of static req/s",
      "≥ 25 %",
      `${(load.ssrShareOfStatic * 100).toFixed(1)} %`,
      passCell(load.valid ? meets(load.ssrShareOfStatic, GOALS.ssrShareOfStatic) : false),
    ]);
    rows.push([
      `${articlePath} fresh render vs static`,
      "share of static req/s",
      "—",
      `${(load.freshShareOfStatic * 100).toFixed(1)} %`,
      "",
    ]);
  }
  if (workers) {
    const rps = (n: number) => `${n.toFixed(0)} req/s`;
    rows.push([
      `${articlePath} fresh render, 2 web workers vs 1`,
      "req/s ratio",
      "≥ 1.6×",
      `${workers.two.ratio.toFixed(2)}× (${rps(workers.two.rps)} vs ${rps(workers.one.rps)})`,
      passCell(workers.valid ? meets(workers.two.ratio, GOALS.twoWorkersOverOne) : false),
    ]);
    rows.push([
      `${articlePath} fresh render, 2 one-worker servers vs 1`,
      "req/s ratio",
      "—",
      `${workers.apart.ratio.toFixed(2)}× (${rps(workers.apart.rps)})`,
      "",
    ]);
  }
  const benchmark = median(pages.flatMap((p) => p.benchmarkIndex));
  console.info(`\nLighthouse ${pages.find((p) => p.lighthouseVersion)?.lighthouseVersion ?? ""}, mobile, median of ${runs} runs`);
  if (benchmark !== null)
    console.info(`Lighthouse's CPU benchmark of this machine: ${Math.round(benchmark)} (lower: slower or busier, and noisier scores)`);
  console.info("");
  console.info(formatTable(rows, "ll"));
  if (load) {
    console.info(`\n${connections} connections, ${seconds} s each`);
    console.info(
      formatTable(
        [
          ["", "path", "req/s", "p50 ms", "p99 ms", "requests", "bytes/resp", "statuses"],
          ...[
            ["static", load.static],
            ["article SSR", load.ssr],
            ["fresh render", load.fresh],
          ].map(([name, l]) => {
            const m = l as Load;
            return [
              name as string,
              m.path,
              m.rps.toFixed(0),
              String(m.p50Ms),
              String(m.p99Ms),
              String(m.requests),
              String(m.bytesPerResponse),
              Object.entries(m.statuses)
                .map(([s, n]) => `${s}×${n}`)
                .join(" "),
            ];
          }),
        ],
        "ll",
      ),
    );
    if (!load.valid) console.info("Some answers were not 200: the throughput comparison does not hold.");
  }
  if (workers?.one.cores && workers.two.cores !== null && workers.apart.cores !== null) {
    const cores = (n: number) => n.toFixed(2);
    console.info(
      `\nWeb workers (medians of ${workers.rounds.length} rounds of ${seconds} s windows, ${workers.cores} cores): the one-worker server used ` +
        `${cores(workers.one.cores)} cores (its main thread, V8's helper threads, the compression pool and the embedded gateway), ` +
        `the two-worker server ${cores(workers.two.cores)}, the two one-worker servers ${cores(workers.apart.cores)}, the load generator ` +
        `${cores(workers.loadCores)}. Two separate servers are what any two processes can do on this machine now.`,
    );
  }
  for (const page of pages) {
    if (!page.median) {
      console.info(`\n${page.path}: ${page.status >= 400 ? `answers ${page.status}` : page.errors.join("; ")}`);
      continue;
    }
    if (page.errors.length > 0) console.info(`\n${page.path}: ${page.errors.length} attempt(s) failed: ${page.errors.join("; ")}`);
    console.info(`\n${page.path}: audits below a full score (worst first; runs that failed it of ${page.runs.length}; value of the first)`);
    console.info(
      page.median.failing.length === 0
        ? "  none"
        : formatTable(
            page.median.failing.map((a) => [
              `  ${a.id}`,
              a.categories.join(","),
              a.score.toFixed(2),
              `${a.runs}/${page.runs.length}`,
              `${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`,
            ]),
            "llrrl",
          ),
    );
  }
  const result = {
    bench: "pages",
    date: new Date().toISOString(),
    node: process.version,
    runs,
    formFactor: "mobile",
    chromeFlags: CHROME_FLAGS,
    goals: GOALS,
    pages,
    throughput: load,
    workers,
  };
  mkdirSync(join(ROOT, "bench/results"), { recursive: true });
  writeFileSync(join(ROOT, "bench/results/pages.json"), `${JSON.stringify(result, null, 2)}\n`);
  console.info("\nWrote bench/results/pages.json and the median run's report per page in bench/results/lighthouse/.");
} finally {
  await web.stop();
  data.remove();
}
