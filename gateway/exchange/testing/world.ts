/**
 * The exchange under a derivatives area's unit-test world (futures, margin): a database in a
 * temporary folder with the exchange's and the area's migrations, and the exchange on it with
 * the simulator off, 100,000 USDT welcome funds and errors thrown (docs/decisions/021).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate, openDatabase, type Db } from "../../db/database.ts";
import type { Migration } from "../../db/migrations.ts";
import { Exchange } from "../exchange.ts";
import { migrateExchange } from "../migrations.ts";
import type { PriceBand } from "../../../protocol/price-protection.ts";

export interface ExchangeBase {
  db: Db;
  ex: Exchange;
  dir: string;
}

const dirs: string[] = [];

/** A test's error handler: it throws, so a background failure fails the test. */
export const rethrow = (e: unknown): never => {
  throw e;
};

/** A fresh folder named after `prefix` (removed by `removeWorldDirs`), or `dir` reopened. */
export function openExchangeBase(prefix: string, migrations: Migration[], dir?: string, band?: PriceBand): ExchangeBase {
  const d = dir ?? mkdtempSync(join(tmpdir(), prefix));
  if (!dir) dirs.push(d);
  const db = openDatabase(d);
  migrateExchange(db);
  migrate(db, migrations);
  const directory = { of: () => ({ parentId: null, frozen: false }), subAccounts: () => [] };
  const ex = new Exchange(db, { welcomeUsdt: 100_000n * 10n ** 8n, rateLimits: false, simulator: false, band }, 7, directory, rethrow);
  return { db, ex, dir: d };
}

/** Removes every folder `openExchangeBase` made (after their worlds are closed). */
export function removeWorldDirs(): void {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}
