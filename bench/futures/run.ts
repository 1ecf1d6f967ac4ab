/**
 * The futures engine in process (docs/decisions/310–313): orders per second through margin checks,
 * matching on the spot engine's books and position keeping (55 % passive places, 30 % cancels,
 * 15 % crossing IOC orders from 1,000 funded users; durable writes left out, as bench/engine
 * leaves them out), and the cost of a mark-price update with its liquidation check at 10k and
 * 100k open isolated positions. Prints a table and writes bench/results/futures.json.
 * Goals (issue 17): no slower than half the spot engine; a mark update over 100k positions < 10 ms.
 * The positions are built through real orders, which is slow past ~20k in this pass (see
 * docs/decisions/313); BENCH_SIZES=10000,100000 asks for other sizes.
 *   node --import tsx bench/futures/run.ts [--ops 200000]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate, openDatabase } from "../../gateway/db/database.ts";
import { Exchange } from "../../gateway/exchange/exchange.ts";
import { migrateExchange } from "../../gateway/exchange/migrations.ts";
import { CONTRACTS } from "../../gateway/futures/contracts.ts";
import { Futures } from "../../gateway/futures/futures.ts";
import type { FxChange } from "../../gateway/futures/ledger.ts";
import { FUTURES_MIGRATIONS } from "../../gateway/futures/migrations.ts";
import { FuturesService, type OrderRequest } from "../../gateway/futures/service.ts";
import { updatePrice } from "../../gateway/futures/pricing.ts";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const OPS = arg("ops", 200_000);
const USERS = 1000;

/** The engine without its durable writes (what bench/engine measures for spot). */
class InMemory extends FuturesService {
  protected override persist(_ch: FxChange): void {}
}

let s = 0x2545f491;
function rnd(): number {
  s ^= s << 13;
  s ^= s >>> 17;
  s ^= s << 5;
  return (s >>> 0) / 4294967296;
}

const dir = mkdtempSync(join(tmpdir(), "bench-futures-"));
const db = openDatabase(dir);
db.pragma("synchronous = OFF");
migrateExchange(db);
migrate(db, FUTURES_MIGRATIONS);
const directory = { of: () => ({ parentId: null, frozen: false }), subAccounts: () => [] };
const ex = new Exchange(db, { welcomeUsdt: 10n ** 13n, rateLimits: false, simulator: false }, 1, directory, (e) => {
  throw e;
});
const fx = new Futures(db, ex, { fundingIntervalMs: 8 * 3_600_000, simulator: false }, 1, (e) => {
  throw e;
});

function world() {
  const svc = new InMemory(db, fx.store, fx.market, ex.svc, fx.ids);
  return svc;
}

const ETH = CONTRACTS[1]!;
const mark = fx.market.price("live", ETH.symbol).mark;
const lotsPerUsdt = 10 ** ETH.inst.quantityPrecision / (mark / 10 ** ETH.inst.pricePrecision);

function fund(svc: FuturesService, users: number, prefix: string): void {
  for (let u = 0; u < users; u++) {
    svc.transfer("live", `${prefix}${u}`, true, 10n ** 12n, String(u));
    svc.setMarginMode("live", `${prefix}${u}`, ETH, "isolated");
  }
}

function order(user: string, side: "buy" | "sell", price: number, size: number, force: OrderRequest["force"]): OrderRequest {
  return {
    symbol: ETH.symbol,
    side,
    orderType: "limit",
    force,
    price,
    size,
    clientOid: "",
    reduceOnly: false,
    source: "API",
    tradeSide: undefined,
    marginMode: undefined,
    ...{ user },
  } as OrderRequest;
}

// ---- orders per second -------------------------------------------------------------------------
function ordersBench() {
  const svc = world();
  fund(svc, USERS, "b");
  const open: Array<{ user: string; id: string }> = [];
  const lat: number[] = [];
  let done = 0;
  const t0 = performance.now();
  for (let i = 0; i < OPS; i++) {
    const r = rnd();
    const user = `b${Math.floor(rnd() * USERS)}`;
    const side = rnd() < 0.5 ? "buy" : "sell";
    const size = Math.max(1, Math.round(lotsPerUsdt * (20 + rnd() * 200)));
    const a = performance.now();
    try {
      if (r < 0.55) {
        const off = 1 + Math.floor(rnd() * 200);
        const o = svc.place("live", user, order(user, side, side === "buy" ? mark - off : mark + off, size, "gtc"));
        if (o.level !== null) open.push({ user, id: o.id });
      } else if (r < 0.85 && open.length > 0) {
        const k = Math.floor(rnd() * open.length);
        const x = open[k]!;
        open[k] = open[open.length - 1]!;
        open.pop();
        if (svc.open.has(x.id)) svc.cancel("live", x.user, { orderId: x.id });
      } else {
        svc.place("live", user, order(user, side, side === "buy" ? mark + 300 : mark - 300, size, "ioc"));
      }
      done++;
    } catch {
      done++;
    }
    lat.push(performance.now() - a);
  }
  const secs = (performance.now() - t0) / 1000;
  lat.sort((x, y) => x - y);
  return {
    ops: OPS,
    opsPerSec: Math.round(done / secs),
    p50us: +(lat[Math.floor(lat.length * 0.5)]! * 1000).toFixed(1),
    p99us: +(lat[Math.floor(lat.length * 0.99)]! * 1000).toFixed(1),
  };
}

// ---- mark update with liquidation checks ------------------------------------------------------
function markBench(positions: number) {
  const svc = world();
  const pairs = Math.ceil(positions / 2);
  const prefix = `m${positions}-`;
  fund(svc, pairs * 2, prefix);
  const size = Math.max(1, Math.round(lotsPerUsdt * 50));
  // each pair: a resting buy filled by a sell, so one long and one short of 10x isolated
  for (let i = 0; i < pairs; i++) {
    const px = mark - 1 - (i % 100);
    svc.place("live", `${prefix}${2 * i}`, order("", "buy", px, size, "gtc"));
    svc.place("live", `${prefix}${2 * i + 1}`, order("", "sell", px, size, "ioc"));
  }
  const ps = fx.market.price("live", ETH.symbol);
  const index = ps.index;
  const runs = 200;
  const t0 = performance.now();
  for (let k = 0; k < runs; k++) {
    // the mark wanders within half a percent: no position is near liquidation
    updatePrice(ps, index + Math.round(index * 0.005 * Math.sin(k)), undefined);
    svc.checkLiquidations("live", ETH, Date.now());
  }
  const perUpdateMs = (performance.now() - t0) / runs;
  let open = 0;
  for (const p of svc.bySymbol.get(`live:${ETH.symbol}`) ?? []) if (p.size > 0 && p.userId.startsWith(prefix)) open++;
  return { positions: open, markUpdateMs: +perUpdateMs.toFixed(4) };
}

const t00 = performance.now();
const orders = ordersBench();
if (process.env.BENCH_DEBUG) console.error("orders", performance.now() - t00);
const marks = (process.env.BENCH_SIZES ?? "10000,20000").split(",").map((n) => {
  const t = performance.now();
  const m = markBench(Number(n));
  if (process.env.BENCH_DEBUG) console.error("marks", n, performance.now() - t);
  return m;
});
let spot: number | undefined;
try {
  const { readFileSync } = await import("node:fs");
  const r = JSON.parse(readFileSync(join(process.cwd(), "bench/results/engine.json"), "utf8")) as { ledger?: { opsPerSec?: number } };
  spot = r.ledger?.opsPerSec;
} catch {
  spot = undefined;
}
const half = spot ? `>= ${Math.round(spot / 2)} (half of spot's ${spot})` : ">= half of bench:engine";
const rows: string[][] = [
  ["measure", "value", "p50 us", "p99 us", "goal"],
  ["orders/s, margin checks", String(orders.opsPerSec), String(orders.p50us), String(orders.p99us), half],
  ...marks.map((m) => [`mark update, ${m.positions} pos.`, `${m.markUpdateMs} ms`, "", "", "< 10 ms at 100k"]),
];
console.info("bench:futures (in process, one core)");
console.info(rows.map((r) => r.map((c, k) => (k === 0 ? c.padEnd(28) : c.padStart(12))).join(" ")).join("\n"));
const out = { ts: new Date().toISOString(), orders, marks, spotLedgerOpsPerSec: spot ?? null };
mkdirSync(join(process.cwd(), "bench/results"), { recursive: true });
writeFileSync(join(process.cwd(), "bench/results/futures.json"), `${JSON.stringify(out, null, 2)}\n`);
fx.close();
ex.close();
db.close();
rmSync(dir, { recursive: true, force: true });
