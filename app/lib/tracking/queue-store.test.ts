import { describe, expect, it } from "vitest";
import { QUEUE_KEYS, QueueStore, STALE_MS } from "./queue-store";
import { memoryStorage } from "./storage";

function setup() {
  let t = 1_000_000;
  const storage = memoryStorage();
  const warnings: string[] = [];
  const store = (doc: string) => new QueueStore(storage, doc, () => t, (m) => void warnings.push(m));
  return { storage, store, warnings, advance: (ms: number) => (t += ms) };
}

describe("queue store", () => {
  it("writes each event under its own key and reads a queue oldest first", () => {
    const s = setup();
    const a = s.store("a");
    for (const n of [1, 2, 10]) a.add(n, `{"n":${n}}`);
    expect(s.storage.getItem(`${QUEUE_KEYS.event}a:10`)).toBe('{"n":10}');
    const b = s.store("b");
    expect(b.head("a", 2).map((e) => e.n)).toEqual([1, 2]);
    expect(b.head("a", 50).map((e) => e.n)).toEqual([1, 2, 10]);
  });

  it("finds abandoned queues, longest silent first, and not those of live tabs", () => {
    const s = setup();
    const gone = s.store("gone");
    gone.add(1, "{}");
    gone.beat("gone");
    const crashed = s.store("crashed");
    crashed.add(1, "{}"); // never beat
    const live = s.store("live");
    live.add(1, "{}");
    s.advance(10);
    live.beat("visible");
    const asleep = s.store("asleep");
    asleep.add(1, "{}");
    s.advance(10);
    asleep.beat("hidden");
    const me = s.store("me");
    expect(me.orphans()).toEqual(["crashed", "gone"]);
    s.advance(STALE_MS.visible + 1);
    expect(me.orphans()).toEqual(["crashed", "gone", "live"]);
    s.advance(STALE_MS.hidden);
    expect(me.orphans()).toEqual(["crashed", "gone", "live", "asleep"]);
  });

  it("drops the record of a finished queue once it is empty", () => {
    const s = setup();
    const old = s.store("old");
    old.add(1, "{}");
    old.beat("gone");
    const me = s.store("me");
    me.remove("old", [1]);
    expect(s.storage.getItem(`${QUEUE_KEYS.doc}old`)).toBeNull();
    const idle = s.store("idle");
    idle.beat("gone");
    me.orphans();
    expect(s.storage.getItem(`${QUEUE_KEYS.doc}idle`)).toBeNull();
  });

  it("rewrites queued events in place and never resurrects one another tab removed", () => {
    const s = setup();
    const a = s.store("a");
    a.add(1, '{"r":0}');
    a.add(2, '{"r":0}');
    s.store("b").remove("a", [2]);
    a.update("a", [{ n: 1, json: '{"r":1}' }]);
    s.store("b").update("a", [{ n: 2, json: '{"r":1}' }]);
    expect(s.storage.getItem(`${QUEUE_KEYS.event}a:1`)).toBe('{"r":1}');
    expect(s.storage.getItem(`${QUEUE_KEYS.event}a:2`)).toBeNull();
    expect(a.head("a", 50).map((e) => e.n)).toEqual([1]);
    expect(a.ownCount).toBe(1);
  });
});
