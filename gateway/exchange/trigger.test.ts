/** The trigger pieces spot and futures plans share (docs/decisions/315). */
import { describe, expect, it } from "vitest";
import { crossed, directionFrom, TriggerQueue } from "./trigger.ts";

describe("triggers", () => {
  it("crosses at or beyond the trigger in the direction it waits, from where the price was", () => {
    expect(directionFrom(105, 100)).toBe("up");
    expect(directionFrom(100, 100)).toBe("up");
    expect(directionFrom(95, 100)).toBe("down");
    expect([crossed("up", 104, 105), crossed("up", 105, 105), crossed("up", 106, 105)]).toEqual([false, true, true]);
    expect([crossed("down", 96, 95), crossed("down", 95, 95), crossed("down", 94, 95)]).toEqual([false, true, true]);
  });

  it("runs queued items in order on a later turn, one at a time, and keeps going past a failure", async () => {
    const ran: number[] = [];
    const errors: unknown[] = [];
    let inside = 0;
    const q = new TriggerQueue<number>(
      async (n) => {
        inside++;
        expect(inside).toBe(1);
        await new Promise((r) => setTimeout(r, 1));
        inside--;
        if (n === 2) throw new Error("two");
        ran.push(n);
      },
      (e) => errors.push(e),
    );
    q.push(1);
    q.push(2);
    q.push(3);
    // nothing runs inside the call that queued it
    expect(ran).toEqual([]);
    await q.idle();
    expect(ran).toEqual([1, 3]);
    expect(errors.map((e) => (e as Error).message)).toEqual(["two"]);
    q.push(4);
    await q.idle();
    expect(ran).toEqual([1, 3, 4]);
  });
});
