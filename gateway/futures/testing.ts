/** Test worlds for the futures area: a database in a temporary folder, the exchange and futures on it. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate, openDatabase, type Db } from "../db/database.ts";
import { Exchange } from "../exchange/exchange.ts";
import { migrateExchange } from "../exchange/migrations.ts";
import { Futures } from "./futures.ts";
import { FUTURES_MIGRATIONS } from "./migrations.ts";
import type { OrderRequest } from "./service.ts";

export interface FuturesWorld {
  db: Db;
  ex: Exchange;
  fx: Futures;
  dir: string;
}

const dirs: string[] = [];
const opened: FuturesWorld[] = [];

/** A fresh world (or one reopened on `dir`), simulators off, 100,000 USDT welcome funds; errors throw. */
export function futuresWorld(dir?: string): FuturesWorld {
  const d = dir ?? mkdtempSync(join(tmpdir(), "fx-test-"));
  if (!dir) dirs.push(d);
  const db = openDatabase(d);
  migrateExchange(db);
  migrate(db, FUTURES_MIGRATIONS);
  const directory = { of: () => ({ parentId: null, frozen: false }), subAccounts: () => [] };
  const ex = new Exchange(db, { welcomeUsdt: 100_000n * 10n ** 8n, rateLimits: false, simulator: false }, 7, directory, (e) => {
    throw e;
  });
  const fx = new Futures(db, ex, { fundingIntervalMs: 8 * 3_600_000, simulator: false }, 7, (e) => {
    throw e;
  });
  const w = { db, ex, fx, dir: d };
  opened.push(w);
  return w;
}

/** Closes every world opened so far and removes their folders (a test file's afterAll). */
export function closeFuturesWorlds(): void {
  for (const o of opened.splice(0)) {
    o.fx.close();
    o.ex.close();
    o.db.close();
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** A market order request of `size` lots (one-way unless `over` says otherwise), as a test places it. */
export function marketRequest(symbol: string, side: "buy" | "sell", size: number, over: Partial<OrderRequest> = {}): OrderRequest {
  return { symbol, side, orderType: "market", force: "gtc", price: 0, size, clientOid: "", reduceOnly: false, source: "API", ...over };
}
