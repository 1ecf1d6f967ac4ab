import { describe, expect, it } from "vitest";
import { EVENT_TYPE, PAGE_STATUS, TRACK_TYPE } from "../../../protocol/tracking";
import { parseContext, toWire } from "./event-builder";
import { QUEUE_KEYS } from "./queue-store";
import { readSegment } from "./segments";
import { T0, drain, fakeBrowser, type FakeTab } from "./testing/fake-browser";

/** Every field of docs/product.md (event and context), plus the user agent and ip (docs/decisions/400). */
const ALL_FIELDS = [
  "type",
  "page_status",
  "track_type",
  "url",
  "title",
  "curr_page",
  "curr_page_ext",
  "event_tracking",
  "event_tracking_id",
  "event_tracking_ext",
  "business1",
  "business2",
  "timestamp",
  "ctime",
  "timely",
  "merge",
  "seq",
  "log_seq",
  "retry_count",
  "user_language",
  "referer",
  "page_unique_id",
  "app_id",
  "app_name",
  "ver",
  "uid",
  "browser",
  "browser_version",
  "session_id",
  "network_type",
  "sys",
  "os_version",
  "device_id",
  "manufacturer",
  "brand",
  "model",
  "screen_width",
  "screen_height",
  "carrier",
  "url_host",
  "lib_version",
  "timezone_offset",
  "channel",
  "log_env",
  "qr_val",
  "source_referer",
  "source_target",
  "first_visit_time",
  "first_day",
  "user_agent",
  "ip",
].sort();

/** The wire form of everything a tab has queued, in log_seq order, read back from local storage. */
function queued(b: ReturnType<typeof fakeBrowser>, tab: FakeTab) {
  tab.store.flush();
  const context = parseContext(b.storage.getItem(`${QUEUE_KEYS.context}${tab.store.docId}`))!;
  const out = [];
  for (let i = 0; i < b.storage.length; i++) {
    const k = b.storage.key(i)!;
    if (!k.startsWith(`${QUEUE_KEYS.event}${tab.store.docId}:`)) continue;
    for (const e of readSegment(b.storage, k, 0)) out.push(toWire(e.json, context, undefined)!);
  }
  return out.sort((a, c) => a.log_seq - c.log_seq);
}

describe("tracker", () => {
  it("queues a show event with every field, in local storage, at once", () => {
    const b = fakeBrowser();
    const tab = b.tab({ href: "https://www.example.com/ja/spot/BTCUSDT?x=1" });
    tab.location.pathname = "/ja/spot/BTCUSDT";
    tab.lifecycle.start();
    const [show, ...rest] = queued(b, tab);
    expect(rest).toEqual([]);
    expect(Object.keys(show!).sort()).toEqual(ALL_FIELDS);
    expect(show).toMatchObject({
      type: EVENT_TYPE.page,
      page_status: PAGE_STATUS.show,
      track_type: TRACK_TYPE.auto,
      event_tracking: "page_view",
      event_tracking_id: "/",
      url: "https://www.example.com/ja/spot/BTCUSDT?x=1",
      curr_page: "/spot/BTCUSDT",
      curr_page_ext: { locale: "ja" },
      referer: "https://ref.example/",
      seq: 1,
      log_seq: 1,
      retry_count: 0,
      timely: 0,
      merge: 0,
      ctime: T0,
      timestamp: T0 + 5,
      first_day: true,
      network_type: "wifi",
      lib_version: "1.1.45",
      ver: "1.0.0",
    });
    expect(show!.page_unique_id).toMatch(/^pv/);
  });

  it("ends a page view with a hide event and starts the next with seq 1 and the previous address as referer", () => {
    const b = fakeBrowser();
    const tab = b.tab();
    tab.lifecycle.start();
    b.clock.advance(1500);
    tab.goTo("/login", "Log in");
    const [show1, hide1, show2] = queued(b, tab);
    expect(hide1).toMatchObject({
      page_status: PAGE_STATUS.hide,
      page_unique_id: show1!.page_unique_id,
      seq: 2,
      event_tracking_ext: { reason: "navigate", duration_ms: 1500 },
      timely: 0,
    });
    expect(show2).toMatchObject({
      page_status: PAGE_STATUS.show,
      seq: 1,
      log_seq: 3,
      url: "https://www.example.com/login",
      title: "Log in",
      referer: "https://www.example.com/",
    });
    expect(show2!.page_unique_id).not.toBe(show1!.page_unique_id);
  });

  it("tracks wiki pages with their ids, business areas and article id", () => {
    const b = fakeBrowser();
    const tab = b.tab();
    tab.lifecycle.start();
    tab.goTo("/wiki");
    tab.goTo("/de/wiki/bitcoin");
    const events = queued(b, tab);
    expect(
      events.slice(2).map((e) => [e.page_status, e.event_tracking_id, e.business1, e.business2, e.event_tracking_ext.article_id]),
    ).toEqual([
      [PAGE_STATUS.show, "b6719", "Price", "Crypto Price", undefined],
      [PAGE_STATUS.hide, "b6719", "Price", "Crypto Price", undefined],
      [PAGE_STATUS.show, "b6720", "Price", "Crypto Price", "bitcoin"],
    ]);
  });

  it("drops an event whose tracking id is not / or b + digits, with a warning", () => {
    const b = fakeBrowser();
    const tab = b.tab();
    tab.lifecycle.start();
    expect(tab.tracker.track({ type: EVENT_TYPE.click, event_tracking: "buy", event_tracking_id: "buy-button" })).toBe(false);
    expect(b.warnings.join("\n")).toContain('tracking id "buy-button"');
    expect(queued(b, tab)).toHaveLength(1);
  });

  it("queues a caller's event on the current page view with its ext kept within bounds", () => {
    const b = fakeBrowser();
    const tab = b.tab();
    tab.lifecycle.start();
    expect(
      tab.tracker.track({
        type: EVENT_TYPE.click,
        event_tracking: "buy",
        event_tracking_id: "b123",
        business1: "Spot",
        event_tracking_ext: { symbol: "BTCUSDT", qty: 2, deep: { no: 1 } as never, long: "x".repeat(5000), nan: Number.NaN },
      }),
    ).toBe(true);
    const click = queued(b, tab)[1]!;
    expect(click).toMatchObject({
      type: EVENT_TYPE.click,
      track_type: TRACK_TYPE.manual,
      page_status: null,
      seq: 2,
      business1: "Spot",
      event_tracking_id: "b123",
    });
    expect(click.event_tracking_ext).toEqual({ symbol: "BTCUSDT", qty: 2, long: "x".repeat(1024) });
  });

  it("leaves uid and ip open until the config answers, and fills them for its own events at send time", async () => {
    const b = fakeBrowser();
    const tab = b.tab();
    tab.lifecycle.start();
    tab.tracker.setIdentity("u-1", "203.0.113.9");
    tab.tracker.track({ type: EVENT_TYPE.expose, event_tracking: "banner", event_tracking_id: "/" });
    tab.store.flush();
    expect(JSON.parse(b.storage.getItem(`${QUEUE_KEYS.event}${tab.store.docId}:1`)!)).toMatchObject({
      n: [1, 2],
      e: [{ uid: null, ip: null }, { uid: "u-1" }],
    });
    tab.uploader.enable();
    await drain(tab);
    expect(b.gateway.stored.map((e) => [e.uid, e.ip])).toEqual([
      ["u-1", "203.0.113.9"],
      ["u-1", "203.0.113.9"],
    ]);
  });

  it("says first_day is false a day after the first visit", () => {
    const b = fakeBrowser();
    b.clock.advance(24 * 3_600_000);
    const tab = b.tab();
    tab.lifecycle.start();
    expect(queued(b, tab)[0]!.first_day).toBe(false);
  });
});
