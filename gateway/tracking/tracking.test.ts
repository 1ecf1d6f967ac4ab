import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrate } from "../db/database.ts";
import { CSP_LIMITS, CspReportStore, parseCspBody } from "./csp-reports.ts";
import { checkBatch } from "./event-schema.ts";
import { TrackingEventStore } from "./event-store.ts";
import { TRACKING_MIGRATIONS } from "./migrations.ts";
import { THROTTLE, TrackingThrottle } from "./throttle.ts";
import { sampleEvent } from "../../tests/fixtures/tracking.ts";
import { EVENT_TYPE, SYS } from "../../protocol/tracking.ts";

const sample = () => sampleEvent();

function db() {
  const d = new Database(":memory:");
  migrate(d, TRACKING_MIGRATIONS);
  return d;
}

const FACTS = {
  ip: "203.0.113.9",
  userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Mobile/15E148 Safari/604.1",
  receivedAt: 1_767_225_700_000,
};
const check = (body: unknown, facts = FACTS) => checkBatch(body, facts);
/** The events a body yields, or the test fails. */
function accepted(body: unknown, facts = FACTS) {
  const c = check(body, facts);
  if (!c.ok) throw new Error(c.msg);
  return c;
}

describe("batch validation", () => {
  it("accepts 1 to 50 of the SDK's events and drops unknown fields", () => {
    const c = accepted([{ ...sampleEvent(), extra: 1 }]);
    expect(c.refused).toEqual([]);
    expect(Object.keys(c.events[0]!)).not.toContain("extra");
    expect(c.events[0]).toEqual({ ...sampleEvent(), ip: FACTS.ip });
    expect(accepted(Array.from({ length: 50 }, (_, i) => sampleEvent({ seq: i + 1 }))).events).toHaveLength(50);
  });

  it("refuses a body that is no array, empty or over 50", () => {
    expect(check({})).toMatchObject({ ok: false, msg: expect.stringContaining("got an object") });
    expect(check([])).toMatchObject({ ok: false, msg: expect.stringContaining("got 0 events") });
    expect(check(Array.from({ length: 51 }, () => sampleEvent()))).toMatchObject({
      ok: false,
      msg: expect.stringContaining("got 51 events"),
    });
    expect(check(undefined)).toMatchObject({ ok: false, msg: expect.stringContaining("no body") });
  });

  it("refuses bad events one by one, naming index, field and reason, and keeps the good ones", () => {
    const c = accepted([
      sampleEvent(),
      sampleEvent({ seq: 2, event_tracking_id: "click-1" }),
      sampleEvent({ seq: 3, log_env: "prod" }),
      sampleEvent({ seq: 4, type: 10 as never }),
      sampleEvent({ seq: 0 }),
      sampleEvent({ page_unique_id: "../x" }),
      sampleEvent({ seq: 5, event_tracking_ext: { nested: {} as never } }),
      null,
      "x",
      [sampleEvent()],
      sampleEvent({ seq: 6 }),
      sampleEvent({ seq: 7, timestamp: -1 }),
      sampleEvent({ seq: 1.5 }),
    ]);
    expect(c.events.map((e) => e.seq)).toEqual([1, 6]);
    expect(c.refused.map((r) => [r.index, r.field])).toEqual([
      [1, "event_tracking_id"],
      [2, "log_env"],
      [3, "type"],
      [4, "seq"],
      [5, "page_unique_id"],
      [6, "event_tracking_ext.nested"],
      [7, ""],
      [8, ""],
      [9, ""],
      [11, "timestamp"],
      [12, "seq"],
    ]);
    expect(c.refused[0]!.reason).toBe('must be "/" or "b" followed by digits');
    expect(c.refused[6]!.reason).toBe("an event must be a JSON object, got null");
  });

  it("needs only a type and a page: the server fills its own facts and defaults the rest", () => {
    const [e] = accepted([{ type: 2, url: "https://other.example/markets/BTCUSDT?x=1" }]).events;
    expect(e).toMatchObject({
      type: 2,
      page_status: null,
      track_type: 0,
      url: "https://other.example/markets/BTCUSDT?x=1",
      curr_page: "/markets/BTCUSDT",
      url_host: "other.example",
      title: "",
      curr_page_ext: {},
      event_tracking: "",
      event_tracking_id: "/",
      event_tracking_ext: {},
      timestamp: FACTS.receivedAt,
      ctime: FACTS.receivedAt,
      timely: 0,
      merge: 0,
      seq: 1,
      log_seq: 0,
      retry_count: 0,
      user_language: 0,
      device_id: "",
      session_id: "",
      uid: "",
      log_env: "",
      first_visit_time: 0,
      first_day: false,
      screen_width: 0,
      ip: FACTS.ip,
      user_agent: FACTS.userAgent,
      sys: SYS.mobile,
      browser: "Safari",
      os_version: "17.5",
      brand: "Apple",
      model: "iPhone",
    });
    expect(e!.page_unique_id).toMatch(/^~[0-9a-f]{32}$/);
    const [path] = accepted([{ type: "page", curr_page: "/wiki/btc" }]).events;
    expect(path).toMatchObject({ url: "", curr_page: "/wiki/btc", url_host: "", page_status: 0 });
    expect(check([{ type: 2 }])).toMatchObject({
      ok: true,
      events: [],
      refused: [{ index: 0, field: "url", reason: "an event needs its page: url or curr_page" }],
    });
    expect(accepted([{ url: "/x" }]).refused).toEqual([{ index: 0, field: "type", reason: "required" }]);
  });

  it("never believes a client's ip; a client's user agent and times are kept, the agent cut to 255", () => {
    const [e] = accepted([{ type: 2, url: "/x", ip: "198.51.100.200", user_agent: "A".repeat(300), timestamp: 5, ctime: 6 }]).events;
    expect(e).toMatchObject({ ip: FACTS.ip, timestamp: 5, ctime: 6, sys: SYS.web, browser: "" });
    expect(e!.user_agent).toBe("A".repeat(255));
    expect(accepted([{ type: 2, url: "/x", timestamp: 5 }]).events[0]).toMatchObject({ timestamp: 5, ctime: 5 });
    expect(accepted([{ type: 2, url: "/x" }], { ...FACTS, userAgent: "U".repeat(999) }).events[0]!.user_agent).toHaveLength(255);
  });

  it("treats empty strings and null as absent in optional fields", () => {
    const c = accepted([
      {
        type: 2,
        url: "/x",
        page_status: "",
        track_type: "",
        title: "",
        timestamp: "",
        ctime: null,
        seq: "",
        page_unique_id: "",
        event_tracking_id: "",
        device_id: "",
        session_id: "",
        sys: "",
        log_env: "",
        user_language: "",
        timely: "",
        curr_page_ext: "",
        event_tracking_ext: null,
        first_day: "",
        user_agent: "",
      },
    ]);
    expect(c.refused).toEqual([]);
    expect(c.events[0]).toMatchObject({
      page_status: null,
      track_type: 0,
      timestamp: FACTS.receivedAt,
      event_tracking_id: "/",
      device_id: "",
      sys: SYS.mobile,
      log_env: "",
      curr_page_ext: {},
      user_agent: FACTS.userAgent,
    });
    expect(accepted([{ type: "", url: "/x" }]).refused).toEqual([{ index: 0, field: "type", reason: "required" }]);
  });

  it("reads enums in any case, by name or number, and harmless spellings of numbers and flags", () => {
    const c = accepted([
      {
        type: "PAGE",
        page_status: "Hide",
        track_type: "Auto",
        sys: "APP_H5",
        log_env: "ONLINE",
        url: "/a",
        timely: true,
        merge: "1",
        first_day: 1,
      },
      { type: "pull-up", url: "/b", seq: "3", page_unique_id: "p1", screen_width: "1280", uid: 12345, user_language: "zh-cn" },
      { type: "2", url: "/c", sys: 7, page_status: 0 },
    ]);
    expect(c.refused).toEqual([]);
    expect(c.events[0]).toMatchObject({
      type: 1,
      page_status: 1,
      track_type: 1,
      sys: SYS.appH5,
      log_env: "online",
      timely: 1,
      merge: 1,
      first_day: true,
    });
    expect(c.events[1]).toMatchObject({
      type: EVENT_TYPE.pullUp,
      seq: 3,
      page_unique_id: "p1",
      screen_width: 1280,
      uid: "12345",
      user_language: 1,
    });
    expect(c.events[2]).toMatchObject({ type: 2, sys: SYS.mac, page_status: 0 });
    expect(
      accepted([
        { type: 2, url: "/a", user_language: "constructor" },
        { type: "toString", url: "/a" },
      ]).events.map((e) => e.user_language),
    ).toEqual([0]);
    const bad = accepted([
      { type: "clicks", url: "/a" },
      { type: 2, url: "/a", sys: "linux" },
      { type: 2, url: "/a", timely: 2 },
      sample(),
    ]);
    expect(bad.refused.map((r) => r.field)).toEqual(["type", "sys", "timely"]);
  });

  it("cuts over-long descriptive text and refuses over-long or malformed identifiers", () => {
    const c = accepted([
      {
        type: 2,
        url: `/${"u".repeat(5000)}`,
        title: "t".repeat(100_000),
        referer: "r".repeat(3000),
        event_tracking_ext: { k: "v".repeat(2000) },
        browser: "b".repeat(100),
      },
      { type: 2, url: "/x", page_unique_id: "p".repeat(65), seq: 1 },
      { type: 2, url: "/x", device_id: "d e" },
      { type: 2, url: "/x", uid: "u".repeat(65) },
      { type: 2, url: "/x", event_tracking_ext: Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`k${i}`, i])) },
      { type: 2, url: "/x", curr_page_ext: { ["k".repeat(10_000)]: 1 } },
      { type: 2, url: "/x", title: `${"t".repeat(511)}😀` },
    ]);
    expect(c.events[0]).toMatchObject({
      title: "t".repeat(512),
      referer: "r".repeat(2048),
      event_tracking_ext: { k: "v".repeat(1024) },
      browser: "b".repeat(64),
    });
    expect(c.events[0]!.url).toHaveLength(2048);
    expect(c.events[0]!.curr_page).toHaveLength(2048);
    expect(c.refused.map((r) => r.field)).toEqual(["page_unique_id", "device_id", "uid", "event_tracking_ext", "curr_page_ext"]);
    // A cut never leaves half of a surrogate pair behind.
    expect(c.events[1]!.title).toBe("t".repeat(511));
  });

  it("gives keyless events a stable key from their content when they carry a time, else one per arrival", () => {
    const key = (body: unknown[], facts = FACTS) => accepted(body, facts).events.map((e) => `${e.page_unique_id}:${e.seq}`);
    const timed = { type: 2, url: "/x", timestamp: 1_767_225_600_000 };
    const later = { ...FACTS, receivedAt: FACTS.receivedAt + 60_000, userAgent: "curl/8" };
    expect(key([timed])).toEqual(key([{ ...timed, retry_count: 3, type: "click", title: "" }], later));
    // Another caller sending the same content first cannot make this one a "duplicate".
    expect(key([timed])).not.toEqual(key([timed], { ...FACTS, ip: "198.51.100.7" }));
    expect(key([timed])).not.toEqual(key([{ ...timed, timestamp: timed.timestamp + 1 }]));
    expect(key([{ ...timed, ctime: 1 }])).toEqual(key([{ ...timed, ctime: 1 }], later));
    const bare = { type: 2, url: "/x" };
    const [a, b] = key([bare, bare]);
    expect(a).not.toEqual(b);
    expect(key([bare])).not.toEqual(key([bare], later));
    // A page view without seq keeps its id; the seq is derived from the content (below 1, never a client's).
    const [withPage] = accepted([{ ...timed, page_unique_id: "pv1" }]).events;
    expect(withPage!.page_unique_id).toBe("pv1");
    expect(withPage!.seq).toBeLessThan(1);
    expect(key([{ ...timed, page_unique_id: "pv1" }])).toEqual(key([{ ...timed, page_unique_id: "pv1" }], later));
    // A client id can never take the shape of a derived one.
    expect(accepted([{ ...timed, page_unique_id: "~abc", seq: 1 }]).refused[0]).toMatchObject({ field: "page_unique_id" });
  });
});

describe("event store", () => {
  it("stores each page_unique_id + seq once, in batch order", () => {
    const store = new TrackingEventStore(db());
    const batch = [sampleEvent(), sampleEvent({ seq: 2 }), sampleEvent()];
    expect(store.store(batch, "203.0.113.5", "pf")).toEqual({ accepted: 2, duplicates: 1 });
    expect(store.store([sampleEvent({ seq: 2 }), sampleEvent({ seq: 3 })], "203.0.113.5", "")).toEqual({ accepted: 1, duplicates: 1 });
    expect(store.store([sampleEvent({ page_unique_id: "b".repeat(32) })], "203.0.113.5", "")).toEqual({ accepted: 1, duplicates: 0 });
  });

  it("keeps the indexed columns and the whole event", () => {
    const d = db();
    new TrackingEventStore(d, () => 42).store([sampleEvent({ uid: "u1", log_seq: 7 })], "203.0.113.5", "pf");
    const row = d.prepare("SELECT * FROM tracking_events").get() as Record<string, unknown>;
    expect(row).toMatchObject({ seq: 1, log_seq: 7, uid: "u1", received_at: 42, client_ip: "203.0.113.5", pfb: "pf", page_status: 0 });
    expect(JSON.parse(row.body as string)).toEqual(sampleEvent({ uid: "u1", log_seq: 7 }));
  });
});

describe("throttle", () => {
  it("refuses a device over its request limit until the window ends", () => {
    let t = 0;
    const th = new TrackingThrottle(() => t);
    for (let i = 0; i < THROTTLE.perDevice.requests; i++) expect(th.admit("198.51.100.1", "dev", 1)).toBe(true);
    expect(th.admit("198.51.100.1", "dev", 1)).toBe(false);
    expect(th.admit("198.51.100.1", "other", 1)).toBe(true);
    t += THROTTLE.windowMs;
    expect(th.admit("198.51.100.1", "dev", 1)).toBe(true);
  });

  it("counts events and addresses as well", () => {
    const th = new TrackingThrottle(() => 0);
    expect(th.admit("198.51.100.2", "d1", THROTTLE.perDevice.events)).toBe(true);
    expect(th.admit("198.51.100.2", "d1", 1)).toBe(false);
    for (let i = 0; i < THROTTLE.perIp.requests - 1; i++) th.admit("198.51.100.3", `d${i}`, 0);
    expect(th.admit("198.51.100.3", "fresh", 0)).toBe(true);
    expect(th.admit("198.51.100.3", "fresh2", 0)).toBe(false);
    expect(th.admit("198.51.100.4", undefined, 1)).toBe(true);
  });
});

describe("CSP reports", () => {
  const legacy = {
    "csp-report": {
      "document-uri": "https://x/",
      "violated-directive": "script-src-elem",
      "effective-directive": "script-src-elem",
      "blocked-uri": "inline",
    },
  };
  const modern = [
    {
      type: "csp-violation",
      url: "https://x/",
      body: { documentURL: "https://x/", effectiveDirective: "img-src", blockedURL: "https://evil/" },
    },
  ];
  const security = {
    bizType: "loginEncrypt",
    data: { event: "initClientKey", reason: "initClientKey_only_https" },
    timestamp: 1,
    page: "/login",
  };

  it("reads the report-uri, report-to and security-event shapes, and nothing else", () => {
    expect(parseCspBody(legacy)).toEqual([
      {
        kind: "csp-violation",
        documentUri: "https://x/",
        directive: "script-src-elem",
        blockedUri: "inline",
        body: JSON.stringify(legacy["csp-report"]),
      },
    ]);
    expect(parseCspBody(modern)).toMatchObject([{ kind: "csp-violation", directive: "img-src", blockedUri: "https://evil/" }]);
    expect(parseCspBody(security)).toMatchObject([
      { kind: "security-event", documentUri: "/login", directive: "loginEncrypt", blockedUri: "initClientKey: initClientKey_only_https" },
    ]);
    for (const junk of [{}, [], [1], "x", null, { "csp-report": "x" }, [{ type: "csp-violation" }]])
      expect(parseCspBody(junk)).toBeUndefined();
  });

  it("keeps bodies short and the table and each address's rate bounded", () => {
    let t = 0;
    const d = db();
    const store = new CspReportStore(d, () => t);
    const huge = parseCspBody({ "csp-report": { "document-uri": "u".repeat(10_000), "blocked-uri": "b" } })!;
    expect(huge[0]!.documentUri).toHaveLength(CSP_LIMITS.fieldChars);
    expect(huge[0]!.body.length).toBeLessThanOrEqual(CSP_LIMITS.bodyChars);
    const many = Array.from({ length: 100 }, () => huge[0]!);
    expect(store.store(many, "a")).toBe(CSP_LIMITS.perIpPerMinute);
    expect(store.store(many, "a")).toBe(0);
    t += 60_000;
    expect(store.store(many.slice(0, 1), "a")).toBe(1);
    d.prepare(
      "INSERT INTO csp_reports (received_at, client_ip, kind, document_uri, directive, blocked_uri, body) SELECT 0, 'x', 'k', '', '', '', '' FROM (WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < ?) SELECT n FROM c)",
    ).run(CSP_LIMITS.maxRows);
    store.store(many.slice(0, 1), "b");
    expect((d.prepare("SELECT count(*) AS n FROM csp_reports").get() as { n: number }).n).toBe(CSP_LIMITS.maxRows);
  });
});
