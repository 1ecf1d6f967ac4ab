import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, migrate } from "./database.ts";

const dirs: string[] = [];
function dir() {
  const d = mkdtempSync(join(tmpdir(), "mix-db-"));
  dirs.push(d);
  return d;
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("migrations", () => {
  it("apply in version order once, in WAL mode, and survive a reopen", () => {
    const d = dir();
    const list = [
      { version: 2, name: "b", sql: "ALTER TABLE t ADD COLUMN b TEXT" },
      { version: 1, name: "a", sql: "CREATE TABLE t (a INTEGER)" },
    ];
    const db = openDatabase(d, list);
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    db.prepare("INSERT INTO t (a, b) VALUES (1, 'x')").run();
    db.close();
    const again = openDatabase(d, list);
    expect(migrate(again, list)).toEqual([]);
    expect(again.prepare("SELECT a, b FROM t").get()).toEqual({ a: 1, b: "x" });
    expect(again.prepare("SELECT version FROM schema_migrations ORDER BY version").all()).toEqual([{ version: 1 }, { version: 2 }]);
    again.close();
  });

  it("roll a failing migration back whole and leave earlier ones applied", () => {
    const d = dir();
    const good = { version: 1, name: "a", sql: "CREATE TABLE t (a INTEGER)" };
    const bad = { version: 2, name: "bad", sql: "CREATE TABLE u (x INTEGER); THIS IS NOT SQL" };
    expect(() => openDatabase(d, [good, bad])).toThrow();
    const db = openDatabase(d, [good]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'u'").get()).toBeUndefined();
    expect(db.prepare("SELECT count(*) AS n FROM schema_migrations").get()).toEqual({ n: 1 });
    db.close();
  });
});
