/**
 * The order path without HTTP: CPU per durable order through `ExchangeService.placeOrder` (32 orders
 * per group commit, 50 users, resting limit buys), with or without a clientOid. Less noisy than
 * bench:api on a shared machine, and with `--root DIR` it runs another checkout's gateway code, so
 * two versions can be alternated (docs/decisions/355, round 3). Run under
 * `strace -f -c -e trace=fcntl,pwrite64,fsync` to count WAL writes and read locks per order.
 *   node --import tsx bench/api/place.ts [--orders 30000] [--no-client-oid] [--root DIR]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type * as DatabaseModule from "../../gateway/db/database.ts";
import type * as MigrationsModule from "../../gateway/exchange/migrations.ts";
import type * as ServiceModule from "../../gateway/exchange/service.ts";

const argAt = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const root = resolve(argAt("root") ?? join(fileURLToPath(import.meta.url), "../../.."));
const orders = Number(argAt("orders") ?? 30000);
const withClientOid = !process.argv.includes("--no-client-oid");

const { openDatabase } = (await import(join(root, "gateway/db/database.ts"))) as typeof DatabaseModule;
const { migrateExchange } = (await import(join(root, "gateway/exchange/migrations.ts"))) as typeof MigrationsModule;
const { ExchangeService } = (await import(join(root, "gateway/exchange/service.ts"))) as typeof ServiceModule;

const dir = mkdtempSync(join(tmpdir(), "bench-place-"));
const db = openDatabase(dir);
migrateExchange(db);
const svc = new ExchangeService(db, { welcomeUsdt: 100_000_000n * 10n ** 8n, rateLimits: false, simulator: false });
svc.load();
let k = 0;
const one = () => {
  const i = k++;
  return svc.placeOrder("live", `bench-${i % 50}`, {
    symbol: "BTCUSDT",
    side: "buy",
    orderType: "limit",
    force: "gtc",
    price: `${20000 + (i % 5000)}.00`,
    size: "0.0001",
    ...(withClientOid ? { clientOid: `b${i}` } : {}),
  });
};
const run = async (n: number) => {
  for (let j = 0; j < n; j += 32) await Promise.all(Array.from({ length: 32 }, one));
};
try {
  await run(10_000); // warm-up
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await run(orders);
  const c = process.cpuUsage(c0);
  const s = (performance.now() - t0) / 1000;
  console.info(
    `${root}: ${withClientOid ? "with" : "without"} clientOid, ${((c.user + c.system) / orders).toFixed(1)} us CPU per order, ${(orders / s).toFixed(0)} orders/s`,
  );
} finally {
  db.close();
  rmSync(dir, { recursive: true, force: true });
}
