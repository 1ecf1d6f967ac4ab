import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { OpenOrders } from "./open-orders.ts";
import { IdGen, newOrder } from "./order.ts";
import type { Order } from "./types.ts";

function order(ids: IdGen, now: number): Order {
  return newOrder(ids, { env: "live", userId: "u", symbol: "ETHUSDT", side: "buy", type: "limit", price: 1, size: 1 }, now);
}

/** Adds and removes orders in the table and in a Map alike, comparing them; `next(dt)` makes an order to add (or none). */
function againstMap(steps: ReadonlyArray<readonly [boolean, number, number]>, next: (dt: number) => Order | undefined): void {
  const table = new OpenOrders();
  const model = new Map<string, Order>();
  const all: Order[] = [];
  for (const [add, pick, dt] of steps) {
    if (add || model.size === 0) {
      const o = next(dt);
      if (!o || model.has(o.id)) continue;
      table.add(o);
      model.set(o.id, o);
      all.push(o);
    } else {
      const o = all[pick % all.length] as Order;
      expect(table.remove(o)).toBe(model.delete(o.id));
    }
    expect(table.size).toBe(model.size);
  }
  expect([...table.values()]).toEqual([...model.values()]);
  for (const o of all) {
    expect(table.has(o.id)).toBe(model.has(o.id));
    expect(table.get(o.id)).toBe(model.get(o.id));
  }
}

describe("open orders table", () => {
  it("behaves like a Map of id to order: get, has, size and insertion-ordered values through growth and deletes", () => {
    // three adds to one remove, so the table grows past its first sizes
    const step = fc.tuple(
      fc.integer({ min: 0, max: 3 }).map((k) => k > 0),
      fc.nat(),
      fc.integer({ min: 0, max: 5 }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 3000, size: "max" }), (steps) => {
        const ids = new IdGen();
        let now = 1_700_000_000_000;
        againstMap(steps, (dt) => order(ids, (now += dt)));
      }),
      { numRuns: 60 },
    );
  });

  it("keeps colliding seqs (same low 32 bits) findable through deletes that wrap around the table", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.nat(), fc.constant(0)), { maxLength: 2000, size: "max" }), (steps) => {
        let k = 1;
        againstMap(steps, () => {
          const o = order(new IdGen(), 1);
          // a few home slots only (the last ones, so probe runs wrap to the start)
          o.seq = (k++ % 400) * 2 ** 32 + 0xffff_fff0 + (k % 3);
          o.id = String(o.seq);
          return o;
        });
      }),
      { numRuns: 40 },
    );
  });

  it("finds nothing for ids that are not an open order's exact id", () => {
    const table = new OpenOrders();
    const o = order(new IdGen(), 1_700_000_000_000);
    table.add(o);
    expect(table.get(o.id)).toBe(o);
    for (const id of [
      "",
      "0",
      "-1",
      "abc",
      ` ${o.id}`,
      `0${o.id}`,
      `${o.id}.0`,
      `${o.id}x`,
      String(o.seq + 1),
      "1e21",
      "NaN",
      "Infinity",
    ]) {
      expect(table.get(id)).toBeUndefined();
      expect(table.has(id)).toBe(false);
    }
  });
});
