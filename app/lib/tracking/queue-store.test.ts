import { describe, expect, it } from "vitest";
import { QUEUE_KEYS, QueueStore, STALE_MS } from "./queue-store";
import { decodeSegment, encodeSegment, segmentNumbers } from "./segments";
import { memoryStorage } from "./storage";

function setup() {
  let t = 1_000_000;
  const storage = memoryStorage();
  const warnings: string[] = [];
  const tasks: Array<() => void> = [];
  const store = (doc: string) =>
    new QueueStore(
      storage,
      doc,
      () => t,
      (m) => void warnings.push(m),
      (fn) => void tasks.push(fn),
    );
  /** Ends the current "task": the stores write what it queued. */
  const endTask = () => tasks.splice(0).forEach((fn) => fn());
  return { storage, store, warnings, endTask, advance: (ms: number) => (t += ms) };
}
const seg = (doc: string, first: number) => `${QUEUE_KEYS.event}${doc}:${first}`;

describe("segments", () => {
  it("round-trip events and tell their numbers from the head alone", () => {
    const raw = encodeSegment([
      { n: 4, json: '{"a":1}' },
      { n: 5, json: '{"b":"x]"}' },
    ]);
    expect(raw).toBe('{"n":[4,5],"e":[{"a":1},{"b":"x]"}]}');
    expect(decodeSegment(raw, 4)).toEqual([
      { n: 4, json: '{"a":1}' },
      { n: 5, json: '{"b":"x]"}' },
    ]);
    expect(segmentNumbers(raw)).toEqual([4, 5]);
  });

  it("turn an unreadable segment into one placeholder the uploader drops", () => {
    expect(decodeSegment('{"n":[1,2],"e":[{"cut', 1)).toEqual([{ n: 1, json: "" }]);
    expect(decodeSegment('{"n":[1],"e":[]}', 1)).toEqual([{ n: 1, json: "" }]);
    expect(segmentNumbers("garbage")).toBeUndefined();
    expect(segmentNumbers('{"n":[1,x],"e":[]}')).toBeUndefined();
  });
});

describe("queue store", () => {
  it("writes the events of one task as one segment when the task ends, and reads a queue oldest first", () => {
    const s = setup();
    const a = s.store("a");
    a.add(1, '{"i":1}');
    a.add(2, '{"i":2}');
    expect(s.storage.length).toBe(0);
    s.endTask();
    a.add(3, '{"i":3}');
    s.endTask();
    expect(s.storage.getItem(seg("a", 1))).toBe('{"n":[1,2],"e":[{"i":1},{"i":2}]}');
    expect(s.storage.getItem(seg("a", 3))).toBe('{"n":[3],"e":[{"i":3}]}');
    const b = s.store("b");
    expect(b.head("a", 2).map((e) => e.n)).toEqual([1, 2]);
    expect(b.head("a", 50)).toEqual([
      { n: 1, json: '{"i":1}' },
      { n: 2, json: '{"i":2}' },
      { n: 3, json: '{"i":3}' },
    ]);
  });

  it("writes pending events before anything reads the queue", () => {
    const s = setup();
    const a = s.store("a");
    a.add(1, "{}");
    expect(a.head("a", 50).map((e) => e.n)).toEqual([1]);
    expect(s.storage.getItem(seg("a", 1))).not.toBeNull();
  });

  it("removes and rewrites parts of segments, and the owner skips events another tab sent", () => {
    const s = setup();
    const a = s.store("a");
    for (const n of [1, 2, 3]) a.add(n, `{"r":0,"i":${n}}`);
    s.endTask();
    const b = s.store("b");
    b.remove("a", [1, 2]); // b took over a's queue and sent two
    expect(s.storage.getItem(seg("a", 1))).toBe('{"n":[3],"e":[{"r":0,"i":3}]}');
    expect(a.head("a", 50).map((e) => e.n)).toEqual([3]);
    expect(a.ownCount).toBe(1);
    a.update("a", [{ n: 3, json: '{"r":1,"i":3}' }]);
    expect(s.storage.getItem(seg("a", 1))).toBe('{"n":[3],"e":[{"r":1,"i":3}]}');
    b.update("a", [
      { n: 3, json: '{"r":2,"i":3}' },
      { n: 1, json: '{"resurrected":true}' },
    ]);
    expect(b.head("a", 50)).toEqual([{ n: 3, json: '{"r":2,"i":3}' }]);
    a.remove("a", [3]);
    expect(s.storage.getItem(seg("a", 1))).toBeNull();
  });

  it("keeps one static context per document beside its queue", () => {
    const s = setup();
    const a = s.store("a");
    a.setContext('{"app_id":"mix_web"}');
    expect(s.storage.getItem(`${QUEUE_KEYS.context}a`)).toBe('{"app_id":"mix_web"}');
    expect(s.store("b").contextOf("a")).toBe('{"app_id":"mix_web"}');
    expect(s.store("b").contextOf("nobody")).toBeNull();
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
    s.endTask();
    const me = s.store("me");
    expect(me.orphans()).toEqual(["crashed", "gone"]);
    s.advance(STALE_MS.visible + 1);
    expect(me.orphans()).toEqual(["crashed", "gone", "live"]);
    s.advance(STALE_MS.hidden);
    expect(me.orphans()).toEqual(["crashed", "gone", "live", "asleep"]);
  });

  it("drops the record and context of a finished queue once it is empty", () => {
    const s = setup();
    const old = s.store("old");
    old.setContext("{}");
    old.add(1, "{}");
    old.beat("gone");
    s.endTask();
    const me = s.store("me");
    me.remove("old", [1]);
    expect(s.storage.getItem(`${QUEUE_KEYS.doc}old`)).toBeNull();
    expect(s.storage.getItem(`${QUEUE_KEYS.context}old`)).toBeNull();
    const idle = s.store("idle");
    idle.setContext("{}");
    idle.beat("gone");
    s.store("stray").setContext("{}"); // a context whose record is already gone
    me.orphans();
    expect(s.storage.getItem(`${QUEUE_KEYS.doc}idle`)).toBeNull();
    expect(s.storage.getItem(`${QUEUE_KEYS.context}idle`)).toBeNull();
    expect(s.storage.getItem(`${QUEUE_KEYS.context}stray`)).toBeNull();
  });
});
