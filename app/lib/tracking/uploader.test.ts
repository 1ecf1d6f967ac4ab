import { describe, expect, it } from "vitest";
import { EVENT_TYPE } from "../../../protocol/tracking";
import { LOCK_COOKIE_PREFIX } from "./cookie-lock";
import { MAX_STORED_EVENTS, QUEUE_KEYS } from "./queue-store";
import { segmentNumbers } from "./segments";
import { memoryStorage } from "./storage";
import { drain, fakeBrowser, pageTransition, type FakeTab } from "./testing/fake-browser";
import { HIDE_FLUSH_MAX, PAUSE_KEY, backoffMs } from "./uploader";

const click = (tab: FakeTab, n: number) => {
  for (let i = 0; i < n; i++) tab.tracker.track({ type: EVENT_TYPE.click, event_tracking: `c${i}`, event_tracking_id: "/" });
};
const keysOf = (b: ReturnType<typeof fakeBrowser>) => {
  const out = [];
  for (let i = 0; i < b.storage.length; i++) out.push(b.storage.key(i)!);
  return out;
};
/** Events left in local storage, over all segments of all documents. */
const queuedCount = (b: ReturnType<typeof fakeBrowser>) =>
  keysOf(b)
    .filter((k) => k.startsWith(QUEUE_KEYS.event))
    .reduce((sum, k) => sum + (segmentNumbers(b.storage.getItem(k)!)?.length ?? 1), 0);
/** Each event stored once, pages' seqs 1..n in stored order. */
function expectExactlyOnceInOrder(b: ReturnType<typeof fakeBrowser>) {
  const byPage = new Map<string, number[]>();
  for (const e of b.gateway.stored) byPage.set(e.page_unique_id, [...(byPage.get(e.page_unique_id) ?? []), e.seq]);
  for (const seqs of byPage.values()) expect(seqs).toEqual(seqs.map((_, i) => i + 1));
}

function started(b = fakeBrowser(), name?: string) {
  const tab = b.tab({ name });
  tab.lifecycle.start();
  tab.tracker.setIdentity("", "");
  tab.uploader.enable();
  return tab;
}

describe("uploader", () => {
  it("sends nothing before uploads are enabled (switch on, terminal code settled)", async () => {
    const b = fakeBrowser();
    const tab = b.tab();
    tab.lifecycle.start();
    await drain(tab, 3);
    expect(b.gateway.requests).toEqual([]);
    expect(queuedCount(b)).toBe(1);
  });

  it("sends batches of at most 50 in order and forgets what the gateway stored", async () => {
    const b = fakeBrowser();
    const tab = started(b);
    click(tab, 119);
    await tab.uploader.tick();
    expect(b.gateway.requests.map((r) => r.events.length)).toEqual([50]);
    await drain(tab);
    expect(b.gateway.requests.map((r) => r.events.length)).toEqual([50, 50, 20]);
    expect(b.gateway.stored.map((e) => e.log_seq)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(queuedCount(b)).toBe(0);
    expect(b.cookies.count(LOCK_COOKIE_PREFIX)).toBe(0);
  });

  it("waits while offline and sends at once when back online", async () => {
    const b = fakeBrowser();
    const tab = started(b);
    b.online = false;
    click(tab, 3);
    await drain(tab, 5);
    expect(b.gateway.requests).toEqual([]);
    b.online = true;
    await tab.uploader.tick();
    expect(b.gateway.stored).toHaveLength(4);
  });

  it("retries failures with growing waits, counting retries, and warns with the status", async () => {
    const b = fakeBrowser();
    const tab = started(b);
    b.gateway.script.push({ kind: "failed", status: 503, msg: "down" }, { kind: "failed", status: 0, msg: "Network Error" });
    await tab.uploader.tick();
    expect(b.warnings.at(-1)).toContain("status 503");
    await tab.uploader.tick();
    expect(b.gateway.requests).toHaveLength(1); // still inside the 1 s wait
    b.clock.advance(backoffMs(1));
    await tab.uploader.tick();
    expect(b.gateway.requests).toHaveLength(2);
    b.clock.advance(backoffMs(2) - 1);
    await tab.uploader.tick();
    expect(b.gateway.requests).toHaveLength(2);
    tab.uploader.wake(); // the browser said it is online again
    await tab.uploader.tick();
    expect(b.gateway.stored.map((e) => e.retry_count)).toEqual([2]);
    expect([backoffMs(1), backoffMs(2), backoffMs(3), backoffMs(20)]).toEqual([1000, 2000, 4000, 30_000]);
  });

  it("pauses every tab for 10 s after a 403", async () => {
    const b = fakeBrowser();
    const one = started(b, "one");
    const two = started(b, "two");
    b.gateway.script.push({ kind: "throttled", status: 403 });
    await one.uploader.tick();
    expect(b.warnings.at(-1)).toContain("pause for 10 s");
    expect(Number(b.storage.getItem(PAUSE_KEY))).toBe(b.clock.now() + 10_000);
    await two.uploader.tick();
    b.clock.advance(9_999);
    await one.uploader.tick();
    expect(b.gateway.requests).toHaveLength(1);
    b.clock.advance(1);
    await drain(one);
    await drain(two);
    expect(b.gateway.stored).toHaveLength(2);
  });

  it("drops only the event the gateway names as invalid, and sends the rest", async () => {
    const b = fakeBrowser();
    const tab = started(b);
    click(tab, 2);
    b.gateway.script.push({ kind: "rejected", status: 400, msg: "40017 Invalid parameter [1].url", indexes: [1] });
    await drain(tab);
    expect(b.gateway.stored.map((e) => e.event_tracking)).toEqual(["page_view", "c1"]);
    expect(b.warnings.join()).toContain("refused 1 event(s)");
  });

  it("drops every event the gateway names when it refused the whole batch, in one turn", async () => {
    const b = fakeBrowser();
    const tab = started(b);
    click(tab, 3);
    b.gateway.script.push({ kind: "rejected", status: 400, msg: "40017 Invalid parameter [0].type: required", indexes: [0, 2, 3, 99] });
    await tab.uploader.tick();
    expect(b.warnings.at(-1)).toContain("refused 3 event(s)");
    await drain(tab);
    expect(b.gateway.stored.map((e) => e.event_tracking)).toEqual(["c0"]);
    expect(queuedCount(b)).toBe(0);
  });

  it("forgets a stored batch's refused events (they are never sent again) and warns about them", async () => {
    const b = fakeBrowser();
    const tab = started(b);
    click(tab, 2);
    b.gateway.script.push({ kind: "ok", refused: [{ index: 2, reason: "event_tracking_id: bad" }] });
    await drain(tab);
    expect(b.gateway.requests).toHaveLength(1);
    expect(queuedCount(b)).toBe(0);
    expect(b.warnings.join()).toContain("refused 1 of 3 event(s) for good (event_tracking_id: bad)");
  });

  it("takes over the queue of a document that went away (reload, crash), oldest first, once", async () => {
    const b = fakeBrowser();
    const old = started(b, "old");
    click(old, 2);
    old.win.dispatchEvent(pageTransition("pagehide", false)); // reload: the beacon goes, the queue is left "gone"
    expect(b.gateway.requests.map((r) => r.via)).toEqual(["beacon"]);
    const fresh = started(b, "fresh");
    await drain(fresh);
    // the beacon's events are sent again (a beacon is never answered) and stored once
    expect(b.gateway.requests.map((r) => [r.tab, r.via])).toEqual([
      ["old", "beacon"],
      ["fresh", "fetch"],
      ["fresh", "fetch"],
    ]);
    expect(b.gateway.requests[1]!.events.map((e) => e.event_tracking)).toEqual(["page_view", "c0", "c1", "page_view"]);
    expect(b.gateway.stored.map((e) => e.event_tracking)).toEqual(["page_view", "c0", "c1", "page_view", "page_view"]);
    expectExactlyOnceInOrder(b);
    expect(queuedCount(b)).toBe(0);
    expect(keysOf(b).filter((k) => k.startsWith(QUEUE_KEYS.doc) && k.includes("old"))).toEqual([]);
  });

  it("leaves a live tab's queue alone, and takes a silent one after 5 s (hidden: 10 min)", async () => {
    const b = fakeBrowser();
    started(b, "quiet");
    const busy = started(b, "busy");
    await drain(busy);
    expect(b.gateway.requests.every((r) => r.tab === "busy")).toBe(true);
    b.clock.advance(5_001); // "quiet" crashed without a word
    await drain(busy);
    expect(b.gateway.requests.map((r) => r.tab)).toEqual(["busy", "busy"]);

    const hidden = started(b, "hidden");
    hidden.doc.setVisibility("hidden");
    b.online = false; // no beacon: the hidden tab's events stay queued
    hidden.doc.setVisibility("visible");
    hidden.doc.setVisibility("hidden");
    b.online = true;
    b.clock.advance(5 * 60_000);
    await drain(busy);
    expect(queuedCount(b)).toBe(4);
    b.clock.advance(5 * 60_000 + 1);
    await drain(busy);
    expect(queuedCount(b)).toBe(0);
    expectExactlyOnceInOrder(b);
  });

  it("lets only one of two tabs send an abandoned queue, and the owner skips what another tab sent", async () => {
    const b = fakeBrowser();
    const owner = started(b, "owner");
    click(owner, 70);
    b.clock.advance(6_000); // the owner looks dead (frozen)
    const a = started(b, "a");
    const c = started(b, "c");
    for (let i = 0; i < 10; i++) await Promise.all([a.uploader.tick(), c.uploader.tick(), owner.uploader.tick()]);
    const sends = b.gateway.sends();
    expect([...sends.values()].every((n) => n === 1)).toBe(true);
    expect(b.gateway.stored).toHaveLength(73);
    expectExactlyOnceInOrder(b);
  });

  it("at page hide hands the queue to the beacon in one go and keeps it until answered", () => {
    const b = fakeBrowser();
    const tab = started(b);
    click(tab, 60);
    tab.doc.setVisibility("hidden");
    const beacon = b.gateway.requests.filter((r) => r.via === "beacon");
    expect(beacon.flatMap((r) => r.events)).toHaveLength(62); // show, 60 clicks, leave
    expect(queuedCount(b)).toBe(62);
  });

  it("offers the beacon at most 200 events at hide, oldest first; the rest wait for the loop", () => {
    const b = fakeBrowser();
    const tab = started(b);
    click(tab, 300);
    tab.doc.setVisibility("hidden");
    const offered = b.gateway.requests.filter((r) => r.via === "beacon").flatMap((r) => r.events);
    expect(offered.map((e) => e.log_seq)).toEqual(Array.from({ length: HIDE_FLUSH_MAX }, (_, i) => i + 1));
  });

  it("drops queued events that cannot be read (tampered segment, lost context) with a warning", async () => {
    const b = fakeBrowser();
    b.online = false; // no beacons: both documents leave their queues behind
    const tampered = started(b, "tampered");
    click(tampered, 1);
    await Promise.resolve(); // the task ends: show and click are one segment
    tampered.win.dispatchEvent(pageTransition("pagehide", false));
    await Promise.resolve();
    b.storage.setItem(`${QUEUE_KEYS.event}${tampered.store.docId}:1`, '{"n":[1,2],"e":[{"cut sh');
    const contextless = started(b, "contextless");
    contextless.win.dispatchEvent(pageTransition("pagehide", false));
    await Promise.resolve();
    b.storage.removeItem(`${QUEUE_KEYS.context}${contextless.store.docId}`);
    b.online = true;
    const fresh = started(b, "fresh");
    await drain(fresh);
    expect(b.gateway.stored.map((e) => `${e.page_status}:${e.seq}`)).toEqual(["1:3", "0:1"]);
    expect(b.warnings.filter((w) => w.includes("unreadable"))).toEqual([
      "[tracking] 1 unreadable queued event(s) dropped",
      "[tracking] 2 unreadable queued event(s) dropped",
    ]);
    expect(queuedCount(b)).toBe(0);
  });

  it("keeps events in memory when storage is blocked", async () => {
    const b = fakeBrowser();
    const tab = b.tab({ storage: undefined });
    tab.lifecycle.start();
    tab.tracker.setIdentity("", "");
    tab.uploader.enable();
    click(tab, 2);
    await drain(tab);
    expect(b.gateway.stored).toHaveLength(3);
    expect(b.warnings.join()).toContain("kept in memory");
  });

  it("stops queuing at the storage cap with one warning", () => {
    const b = fakeBrowser();
    const tab = b.tab({ storage: memoryStorage() });
    tab.lifecycle.start();
    click(tab, MAX_STORED_EVENTS + 5);
    expect(tab.store.ownCount).toBe(MAX_STORED_EVENTS);
    expect(b.warnings.filter((w) => w.includes("queue full"))).toHaveLength(1);
  });
});
