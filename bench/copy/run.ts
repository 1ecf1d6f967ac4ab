/**
 * Copy trading (docs/decisions/356, 358): one lead fill mirrored to N followers, each copy its own
 * engine call through the futures order path, all of them durable in one transaction (WAL,
 * synchronous FULL). Prints a table and whether the goal (10,000 copies in ≤ 1 s of CPU, the
 * process's user + system time, not wall time) is met, and writes bench/results/copy.json.
 *   npm run bench:copy [-- --followers 10000] [-- --profile /tmp/copy.cpuprofile]
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { performance } from "node:perf_hooks";
import { FUTURES_AGREEMENT_VERSION, FUTURES_QUIZ } from "../../protocol/futures-opening.ts";
import { migrate } from "../../gateway/db/database.ts";
import { CONTRACTS } from "../../gateway/futures/contracts.ts";
import { closeFuturesWorlds, futuresWorld, marketRequest } from "../../gateway/futures/testing.ts";
import { CopyService } from "../../gateway/copy/service.ts";
import { COPY_MIGRATIONS, CopyStore } from "../../gateway/copy/store.ts";
import { arg, argText, writeResults } from "../common.ts";

const followers = arg("followers", 10_000);
const BTC = CONTRACTS[0]!;
const USDT = 100_000_000n;
const RIGHT = Object.fromEntries(FUTURES_QUIZ.map((q) => [q.id, q.answer]));

const w = futuresWorld();
migrate(w.db, COPY_MIGRATIONS);
const { fx } = w;
const svc = fx.svc;
const copy = new CopyService({
  store: new CopyStore(w.db),
  futures: fx,
  config: { leadMinEquity: 100n * USDT, leadMinAgeMs: 0, maxProfitSharePpm: 100_000, maxFollowers: followers },
  registeredAt: () => 0,
  log: (err) => {
    throw err;
  },
});
const mark = fx.market.price("live", BTC.symbol).mark;
/** Lots worth about `usdt` at the mark. */
const lotsOf = (usdt: number) => Math.round((usdt / (mark / 100)) * 1e6);
const lead = lotsOf(10);
svc.transfer("live", "mm", true, 90_000n * USDT, "mm-in");
svc.place("live", "mm", { ...marketRequest(BTC.symbol, "sell", lead * (followers + 1)), orderType: "limit", price: mark + 1 });
svc.transfer("live", "lead", true, 1_000n * USDT, "lead-in");
fx.opening.open("lead", FUTURES_AGREEMENT_VERSION, RIGHT);
copy.apply("live", "lead", 100_000);
const setup0 = performance.now();
for (let i = 0; i < followers; i++) {
  const id = `f${i}`;
  svc.transfer("live", id, true, 100n * USDT, `${id}-in`);
  fx.opening.open(id, FUTURES_AGREEMENT_VERSION, RIGHT);
  copy.follow("live", id, "lead", [{ symbol: BTC.symbol, traceType: "percent", ratioPpm: 1_000_000, amount: 0n, maxPerOrder: 0n }], 0n);
}
const setup = performance.now() - setup0;
/** `--profile <file>`: a CPU profile of the measured part only (open it in Chrome's DevTools). */
const profile = argText("profile", "");
const inspector = profile ? new Session() : undefined;
if (inspector) {
  inspector.connect();
  inspector.post("Profiler.enable");
  inspector.post("Profiler.start");
}
const cpu0 = process.cpuUsage();
const t0 = performance.now();
svc.place("live", "lead", marketRequest(BTC.symbol, "buy", lead, { tradeSide: "open" }));
copy.drain();
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
inspector?.post("Profiler.stop", (err, res) => {
  if (err) throw err;
  writeFileSync(profile, JSON.stringify(res.profile));
});
let copied = 0;
for (let i = 0; i < followers; i++) if (svc.position("live", `f${i}`, BTC.symbol, "long")?.size === lead) copied++;
const row = {
  followers,
  copied,
  wallMs: wall,
  cpuMs: (cpu.user + cpu.system) / 1000,
  perCopyUs: (wall * 1000) / followers,
  setupMs: setup,
};
console.info(["followers", "copied", "wall ms", "cpu ms", "µs/copy"].map((h) => h.padStart(10)).join(" "));
console.info(
  [row.followers, row.copied, row.wallMs.toFixed(0), row.cpuMs.toFixed(0), row.perCopyUs.toFixed(1)]
    .map((v) => String(v).padStart(10))
    .join(" "),
);
// the goal: 10,000 copies of one lead fill in at most 1 s of CPU; a smaller run is not judged
// (its fixed costs, the compiler's warm-up among them, weigh more than the copies')
const GOAL = { followers: 10_000, cpuMs: 1_000 };
const judged = followers >= GOAL.followers;
const met = judged && copied === followers && row.cpuMs <= GOAL.cpuMs;
console.info(
  judged
    ? `goal: ${GOAL.followers} copies in ≤ ${GOAL.cpuMs} ms CPU, all durable: ${met ? "MET" : "NOT MET"} (${row.cpuMs.toFixed(0)} ms CPU, ${copied} copied)`
    : `goal: judged at ${GOAL.followers} followers (npm run bench:copy -- --followers ${GOAL.followers}); this run is not judged`,
);
writeResults("copy", { ...row, goalCpuMs: GOAL.cpuMs, goalMet: judged ? met : null });
closeFuturesWorlds();
