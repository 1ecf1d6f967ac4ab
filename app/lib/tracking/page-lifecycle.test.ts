import type { Metric } from "web-vitals";
import { describe, expect, it } from "vitest";
import { EVENT_TYPE, PAGE_STATUS } from "../../../protocol/tracking";
import { QUEUE_KEYS } from "./queue-store";
import { drain, fakeBrowser, pageTransition } from "./testing/fake-browser";
import type { VitalsLibrary } from "./vitals";

/** A web-vitals stand-in whose metrics arrive when the test says. */
function vitalsLib() {
  const cbs = new Map<string, (m: Metric) => void>();
  const on = (name: string) => (cb: (m: Metric) => void) => void cbs.set(name, cb);
  const lib: VitalsLibrary = { onTTFB: on("TTFB"), onFCP: on("FCP"), onLCP: on("LCP"), onCLS: on("CLS"), onINP: on("INP") };
  const report = (name: string, value: number) => cbs.get(name)!({ name, value } as Metric);
  return { lib, report };
}

const summary = (events: Array<{ type: number; page_status: number | null; page_unique_id: string; event_tracking: string }>) =>
  events.map(
    (e) => `${e.type === EVENT_TYPE.system ? e.event_tracking : e.page_status === PAGE_STATUS.show ? "show" : "hide"}:${e.page_unique_id}`,
  );

function setup() {
  const b = fakeBrowser();
  const v = vitalsLib();
  const tab = b.tab({ vitals: v.lib });
  tab.tracker.setIdentity("", "");
  tab.uploader.enable();
  return { b, tab, v };
}

describe("page lifecycle", () => {
  it("shows the first page and starts the loop when the page starts visible", () => {
    const { tab } = setup();
    tab.lifecycle.start();
    expect(tab.tracker.pageShown).toBe(true);
    expect(tab.uploader.running).toBe(true);
  });

  it("hides the previous page and shows the new one on an address change, once per address", async () => {
    const { b, tab } = setup();
    tab.lifecycle.start();
    tab.goTo("/login");
    tab.goTo("/login");
    await drain(tab);
    const ids = [...new Set(b.gateway.stored.map((e) => e.page_unique_id))];
    expect(summary(b.gateway.stored)).toEqual([`show:${ids[0]}`, `hide:${ids[0]}`, `show:${ids[1]}`]);
  });

  it("when the tab hides: stops the loop, queues the leave event, reports vitals once, beacons everything", () => {
    const { b, tab, v } = setup();
    tab.lifecycle.start();
    v.report("TTFB", 81.4);
    v.report("FCP", 300.2);
    v.report("CLS", 0.123456);
    tab.doc.setVisibility("hidden");
    expect(tab.uploader.running).toBe(false);
    const beacon = b.gateway.requests.at(-1)!;
    expect(beacon.via).toBe("beacon");
    const [, leave, vitals] = beacon.events;
    expect(leave).toMatchObject({ page_status: PAGE_STATUS.hide, timely: 1, event_tracking_ext: { reason: "leave" } });
    expect(vitals).toMatchObject({
      type: EVENT_TYPE.system,
      event_tracking: "web_vitals",
      event_tracking_id: "/",
      timely: 1,
      merge: 1,
      event_tracking_ext: { ttfb: 81, fcp: 300, cls: 0.1235 },
    });
    expect(vitals!.page_unique_id).toBe(leave!.page_unique_id);

    tab.doc.setVisibility("visible");
    v.report("LCP", 900);
    tab.doc.setVisibility("hidden");
    // the second beacon carries the first one's events again (never answered); the gateway keeps one
    expect(b.gateway.stored.filter((e) => e.event_tracking === "web_vitals")).toHaveLength(1);
    expect(b.gateway.stored.filter((e) => e.page_status === PAGE_STATUS.hide)).toHaveLength(2);
  });

  it("on return to visibility shows a new page view and restarts the loop", async () => {
    const { b, tab } = setup();
    tab.lifecycle.start();
    tab.doc.setVisibility("hidden");
    tab.doc.setVisibility("visible");
    expect(tab.uploader.running).toBe(true);
    await drain(tab);
    const ids = [...new Set(b.gateway.stored.map((e) => e.page_unique_id))];
    expect(summary(b.gateway.stored)).toEqual([`show:${ids[0]}`, `hide:${ids[0]}`, `show:${ids[1]}`]);
    expect(b.gateway.stored[2]!.url).toBe(b.gateway.stored[0]!.url);
  });

  it("ignores address changes while hidden and shows the address it returns to", async () => {
    const { b, tab } = setup();
    tab.lifecycle.start();
    tab.doc.setVisibility("hidden");
    tab.goTo("/register");
    tab.doc.setVisibility("visible");
    await drain(tab);
    expect(b.gateway.stored.map((e) => `${e.page_status}:${e.curr_page}`)).toEqual(["0:/", "1:/", "0:/register"]);
  });

  it("marks its queue gone on a real unload and only hidden when kept in the back-forward cache", () => {
    const { b, tab } = setup();
    tab.lifecycle.start();
    const state = () => b.storage.getItem(`${QUEUE_KEYS.doc}${tab.store.docId}`)!.split("|")[1];
    tab.win.dispatchEvent(pageTransition("pagehide", true));
    expect(state()).toBe("h");
    tab.win.dispatchEvent(pageTransition("pageshow", true));
    expect(tab.tracker.pageShown).toBe(true);
    tab.win.dispatchEvent(pageTransition("pagehide", false));
    expect(state()).toBe("g");
  });

  it("starts without a show when the page loads hidden, and shows on first visibility", () => {
    const { tab } = setup();
    tab.doc.visibilityState = "hidden";
    tab.lifecycle.start();
    expect(tab.tracker.pageShown).toBe(false);
    expect(tab.uploader.running).toBe(false);
    tab.doc.setVisibility("visible");
    expect(tab.tracker.pageShown).toBe(true);
  });

  it("wakes the uploader when the browser is back online, and lets go of everything on dispose", async () => {
    const { b, tab } = setup();
    tab.lifecycle.start();
    b.gateway.script.push({ kind: "failed", status: 0, msg: "Network Error" });
    await tab.uploader.tick();
    tab.win.dispatchEvent(new Event("online"));
    await tab.uploader.tick();
    expect(b.gateway.stored).toHaveLength(1);
    tab.lifecycle.dispose();
    expect(tab.uploader.running).toBe(false);
    tab.doc.setVisibility("hidden");
    expect(b.gateway.requests.filter((r) => r.via === "beacon")).toHaveLength(0);
  });
});
