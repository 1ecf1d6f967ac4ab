import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { exactRows } from "./columns.ts";
import { openDatabase, type Db } from "./database.ts";

const open: Array<{ db: Db; dir: string }> = [];
function database(): Db {
  const dir = mkdtempSync(join(tmpdir(), "mix-columns-"));
  const db = openDatabase(dir, [{ version: 1, name: "t", sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, amount INTEGER NOT NULL)" }]);
  open.push({ db, dir });
  return db;
}
afterEach(() => {
  for (const { db, dir } of open.splice(0)) {
    if (db.open) db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

describe("exactRows", () => {
  it("compiles a query's text once per database and still reads every call's rows, integers as bigints", () => {
    const db = database();
    const prepare = vi.spyOn(db, "prepare");
    db.prepare("INSERT INTO t (id, amount) VALUES (1, ?), (2, ?)").run(9_007_199_254_740_993n, 5);
    prepare.mockClear();
    const sql = "SELECT * FROM t WHERE id >= ? ORDER BY id";
    expect(exactRows(db, sql, 1)).toEqual([
      { id: 1n, amount: 9_007_199_254_740_993n },
      { id: 2n, amount: 5n },
    ]);
    expect(exactRows(db, sql, 2)).toEqual([{ id: 2n, amount: 5n }]);
    db.prepare("INSERT INTO t (id, amount) VALUES (3, 7)").run();
    prepare.mockClear();
    expect(exactRows(db, sql, 3)).toEqual([{ id: 3n, amount: 7n }]);
    expect(prepare).not.toHaveBeenCalled();
    // another text is another statement
    expect(exactRows(db, "SELECT count(*) AS n FROM t")).toEqual([{ n: 3n }]);
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it("a kept statement sees a column added after it was compiled (SELECT * is re-read)", () => {
    const db = database();
    db.prepare("INSERT INTO t (id, amount) VALUES (1, 2)").run();
    const sql = "SELECT * FROM t";
    expect(exactRows(db, sql)).toEqual([{ id: 1n, amount: 2n }]);
    db.exec("ALTER TABLE t ADD COLUMN note TEXT NOT NULL DEFAULT 'x'");
    expect(exactRows(db, sql)).toEqual([{ id: 1n, amount: 2n, note: "x" }]);
  });

  it("keeps statements per database: one closed does not break another's", () => {
    const a = database();
    const b = database();
    const sql = "SELECT count(*) AS n FROM t";
    expect(exactRows(a, sql)).toEqual([{ n: 0n }]);
    a.close();
    expect(exactRows(b, sql)).toEqual([{ n: 0n }]);
  });
});
