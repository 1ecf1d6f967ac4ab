import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { FUTURES_AGREEMENT_VERSION, FUTURES_QUIZ } from "../../protocol/futures-opening.ts";
import { migrate } from "../db/database.ts";
import { GatewayError } from "../envelope.ts";
import { FUTURES_MIGRATIONS } from "./migrations.ts";
import { FuturesOpening } from "./opening.ts";

const RIGHT = Object.fromEntries(FUTURES_QUIZ.map((q) => [q.id, q.answer]));

/** A row of `table` with every column zero or empty except `fields`. */
function insertRow(db: Database.Database, table: string, fields: Record<string, string | number>): void {
  const cols = db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string; type: string }>;
  const row = Object.fromEntries(cols.map((c) => [c.name, fields[c.name] ?? (c.type === "TEXT" ? "" : 0)]));
  db.prepare(`INSERT INTO ${table} (${cols.map((c) => c.name).join(", ")}) VALUES (${cols.map((c) => "@" + c.name).join(", ")})`).run(row);
}

const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err instanceof GatewayError ? err.code : String(err);
  }
  return "none";
};

describe("futures opening", () => {
  it("marks the accounts that traded live futures before it existed as opened, and no others", () => {
    const db = new Database(":memory:");
    migrate(
      db,
      FUTURES_MIGRATIONS.filter((m) => m.version < 3104),
    );
    insertRow(db, "fx_orders", { order_id: "1", env: "live", user_id: "trader", c_time: 5 });
    insertRow(db, "fx_orders", { order_id: "2", env: "live", user_id: "trader", c_time: 3, client_oid: "x" });
    insertRow(db, "fx_plans", { plan_id: "p1", env: "live", user_id: "planner", c_time: 7 });
    insertRow(db, "fx_orders", { order_id: "3", env: "paper", user_id: "demo-only", c_time: 9 });
    expect(migrate(db, FUTURES_MIGRATIONS)).toEqual([3104]);
    expect(db.prepare("SELECT user_id, opened_at FROM fx_openings ORDER BY user_id").all()).toEqual([
      { user_id: "planner", opened_at: 7 },
      { user_id: "trader", opened_at: 3 },
    ]);
    const opening = new FuturesOpening(db);
    expect([opening.isOpen("trader"), opening.isOpen("planner"), opening.isOpen("demo-only")]).toEqual([true, true, false]);
  });

  it("refuses live order placing until opened (40301), never demo; opens only with the current agreement and every answer right", () => {
    const db = new Database(":memory:");
    migrate(db, FUTURES_MIGRATIONS);
    let now = 1000;
    const opening = new FuturesOpening(db, () => now);
    expect(codeOf(() => opening.requireOpen("live", "u1"))).toBe("40301");
    expect(codeOf(() => opening.requireOpen("paper", "u1"))).toBe("none");
    for (const q of FUTURES_QUIZ) {
      const wrong = q.options.find((o) => o !== q.answer)!;
      expect(codeOf(() => opening.open("u1", FUTURES_AGREEMENT_VERSION, { ...RIGHT, [q.id]: wrong }))).toBe("40017");
    }
    expect(codeOf(() => opening.open("u1", "older", RIGHT))).toBe("40017");
    expect(codeOf(() => opening.requireOpen("live", "u1"))).toBe("40301");
    expect(opening.open("u1", FUTURES_AGREEMENT_VERSION, RIGHT)).toEqual({ openContract: true, openedAt: 1000 });
    now = 2000;
    expect(opening.open("u1", FUTURES_AGREEMENT_VERSION, RIGHT).openedAt).toBe(1000);
    expect(codeOf(() => opening.requireOpen("live", "u1"))).toBe("none");
    expect(codeOf(() => opening.requireOpen("live", "u2"))).toBe("40301");
    // a second process over the same database sees it
    expect(new FuturesOpening(db).isOpen("u1")).toBe(true);
  });
});
