/**
 * In-process matching engine: a realistic mix of passive places (55 %), cancels (30 %) and
 * crossing orders (15 %) on one book with ~2,000 resting orders from 1,000 funded users,
 * ledger included (balances, fees, bills) and, separately, the bare book (house orders outside
 * the ledger). Prints a table and writes bench/results/engine.json.
 * Goals (issue 6): >= 1,000,000 ops/s on one core, p99 <= 5 us.
 *   node --import tsx bench/engine/run.ts [--ops 1000000]
 */
import { Engine } from "../../gateway/exchange/engine/engine.ts";
import { IdGen, newOrder } from "../../gateway/exchange/engine/order.ts";
import { EngineError, TREASURY, newChange, type Order } from "../../gateway/exchange/engine/types.ts";
import { arg, writeResults, xorshift } from "../common.ts";

const OPS = arg("ops", 1_000_000);
const SYMBOL = "ETHUSDT";
const MID = 320_000; // 3200.00 in ticks
const USERS = 1000;

/** A fixed op stream, so runs are comparable. */
const rnd = xorshift();

function setup(house: boolean) {
  let t = 1_700_000_000_000;
  const e = new Engine(
    new IdGen(),
    () => ({ maker: 800, taker: 1000 }),
    () => t++,
  );
  if (!house) {
    const ch = newChange();
    for (let u = 0; u < USERS; u++) {
      e.transfer("live", TREASURY, `u${u}`, "USDT", 10n ** 18n, ["DEPOSIT", "DEPOSIT"], "deposit", ch);
      e.transfer("live", TREASURY, `u${u}`, "ETH", 10n ** 16n, ["DEPOSIT", "DEPOSIT"], "deposit", ch);
    }
  }
  return e;
}

type Op = { kind: 0 | 1 | 2; user: number; side: "buy" | "sell"; price: number; size: number; pick: number };

function makeOps(n: number): Op[] {
  const ops: Op[] = [];
  for (let i = 0; i < n; i++) {
    const r = rnd();
    const side = rnd() < 0.5 ? "buy" : "sell";
    const off = 1 + Math.floor(rnd() * 200);
    if (r < 0.55)
      ops.push({
        kind: 0,
        user: Math.floor(rnd() * USERS),
        side,
        price: side === "buy" ? MID - off : MID + off,
        size: 1 + Math.floor(rnd() * 5000),
        pick: 0,
      });
    else if (r < 0.85) ops.push({ kind: 1, user: 0, side, price: 0, size: 0, pick: Math.floor(rnd() * 1e9) });
    else
      ops.push({
        kind: 2,
        user: Math.floor(rnd() * USERS),
        side,
        price: side === "buy" ? MID + 50 : MID - 50,
        size: 1 + Math.floor(rnd() * 8000),
        pick: 0,
      });
  }
  return ops;
}

const USER_IDS = Array.from({ length: USERS }, (_, u) => `u${u}`);

function run(house: boolean, ops: Op[], timed: boolean) {
  const e = setup(house);
  const open: Order[] = [];
  const place = (o: Order) => {
    const ch = newChange();
    try {
      e.place(o, ch);
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
    }
    if (o.status === "live" || o.status === "partially_filled") open.push(o);
  };
  // a resting book of ~2,000 orders
  for (let i = 0; i < 2000; i++) {
    const side = i % 2 === 0 ? "buy" : "sell";
    const off = 1 + (i % 200);
    place(
      newOrder(e.ids, {
        env: "live",
        userId: `u${i % USERS}`,
        symbol: SYMBOL,
        side,
        type: "limit",
        price: side === "buy" ? MID - off : MID + off,
        size: 2000,
        house,
      }),
    );
  }
  const lat = timed ? new Float64Array(ops.length) : undefined;
  let fills = 0;
  e.events.onFill = () => fills++;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]!;
    const a = lat ? performance.now() : 0;
    if (op.kind === 1) {
      // cancel a random open order (skipping ones that filled meanwhile)
      while (open.length) {
        const k = op.pick % open.length;
        const o = open[k]!;
        open[k] = open[open.length - 1]!;
        open.pop();
        if (e.open.has(o.id)) {
          e.cancel(o, "bench", newChange());
          break;
        }
      }
    } else {
      place(
        newOrder(e.ids, {
          env: "live",
          userId: USER_IDS[op.user]!,
          symbol: SYMBOL,
          side: op.side,
          type: "limit",
          force: op.kind === 2 ? "ioc" : "gtc",
          price: op.price,
          size: op.size,
          house,
        }),
      );
    }
    if (lat) lat[i] = (performance.now() - a) * 1000;
  }
  const ns = Number(process.hrtime.bigint() - t0);
  const result = {
    ops: ops.length,
    seconds: ns / 1e9,
    opsPerSecond: ops.length / (ns / 1e9),
    fills,
    restingAtEnd: e.open.size,
    p50us: 0,
    p99us: 0,
    p999us: 0,
  };
  if (lat) {
    lat.sort();
    const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))]!;
    result.p50us = q(0.5);
    result.p99us = q(0.99);
    result.p999us = q(0.999);
  }
  return result;
}

const ops = makeOps(OPS);
// warm-up so the JIT has settled
run(false, ops.slice(0, 200_000), false);
run(true, ops.slice(0, 200_000), false);
const results: Record<string, ReturnType<typeof run> & { latency: ReturnType<typeof run> }> = {};
for (const [name, house] of [
  ["with ledger", false],
  ["book only", true],
] as const) {
  const throughput = run(house, ops, false);
  const latency = run(house, ops, true);
  results[name] = { ...throughput, latency };
}
const rows = [["", "ops/s", "p50 us", "p99 us", "p99.9 us", "fills"]];
for (const [name, r] of Object.entries(results)) {
  rows.push([
    name,
    r.opsPerSecond.toFixed(0),
    r.latency.p50us.toFixed(2),
    r.latency.p99us.toFixed(2),
    r.latency.p999us.toFixed(2),
    String(r.fills),
  ]);
}
console.info(rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(12) : c.padStart(11))).join(" ")).join("\n"));
console.info("goals: >= 1,000,000 ops/s on one core, p99 <= 5 us (latency measured in a separate run with per-op timers)");
writeResults("engine", {
  ops: OPS,
  mix: { passive: 0.55, cancel: 0.3, crossing: 0.15 },
  results,
  goals: { opsPerSecond: 1_000_000, p99us: 5 },
});
