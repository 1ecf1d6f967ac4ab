/** For unit tests: a database of its own, in a temporary folder, for every test. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";
import { openDatabase, type Db } from "./database.ts";
import type { Migration } from "./migrations.ts";

export interface TempDatabase {
  /** The test's data folder (the database file and anything else the test writes there). */
  readonly dir: string;
  readonly db: Db;
}

/** Opens a fresh, migrated database before each test of the calling file, and closes and removes it after. */
export function tempDatabaseEachTest(prefix: string, migrations: Migration[]): TempDatabase {
  const t = { dir: "", db: undefined as unknown as Db };
  beforeEach(() => {
    t.dir = mkdtempSync(join(tmpdir(), prefix));
    t.db = openDatabase(t.dir, migrations);
  });
  afterEach(() => {
    t.db.close();
    rmSync(t.dir, { recursive: true, force: true });
  });
  return t;
}
