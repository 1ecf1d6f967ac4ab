import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrate } from "../db/database.ts";
import { CSP_LIMITS, CspReportStore, parseCspBody } from "./csp-reports.ts";
import { checkBatch } from "./event-schema.ts";
import { TrackingEventStore } from "./event-store.ts";
import { TRACKING_MIGRATIONS } from "./migrations.ts";
import { THROTTLE, TrackingThrottle } from "./throttle.ts";
import { sampleEvent } from "../../tests/fixtures/tracking.ts";

function db() {
  const d = new Database(":memory:");
  migrate(d, TRACKING_MIGRATIONS);
  return d;
}

describe("batch validation", () => {
  it("accepts 1 to 50 valid events and drops unknown fields", () => {
    const check = checkBatch([{ ...sampleEvent(), extra: 1 }]);
    expect(check.ok).toBe(true);
    expect(check.ok && Object.keys(check.events[0]!)).not.toContain("extra");
    expect(checkBatch(Array.from({ length: 50 }, (_, i) => sampleEvent({ seq: i + 1 }))).ok).toBe(true);
  });

  it("refuses a body that is no array, empty or over 50", () => {
    expect(checkBatch({})).toMatchObject({ ok: false, msg: expect.stringContaining("got an object") });
    expect(checkBatch([])).toMatchObject({ ok: false, msg: expect.stringContaining("got 0 events") });
    expect(checkBatch(Array.from({ length: 51 }, () => sampleEvent()))).toMatchObject({ ok: false, msg: expect.stringContaining("got 51 events") });
    expect(checkBatch(undefined)).toMatchObject({ ok: false, msg: expect.stringContaining("no body") });
  });

  it("names the first bad event and field", () => {
    const bad = [sampleEvent(), sampleEvent({ seq: 2, event_tracking_id: "click-1" })];
    expect(checkBatch(bad)).toEqual({ ok: false, index: 1, field: "event_tracking_id", msg: 'Invalid parameter [1].event_tracking_id: must be "/" or "b" followed by digits' });
    expect(checkBatch([sampleEvent({ log_env: "prod" })])).toMatchObject({ index: 0, field: "log_env" });
    expect(checkBatch([sampleEvent({ type: 10 as never })])).toMatchObject({ field: "type" });
    expect(checkBatch([sampleEvent({ seq: 0 })])).toMatchObject({ field: "seq" });
    expect(checkBatch([sampleEvent({ page_unique_id: "../x" })])).toMatchObject({ field: "page_unique_id" });
    expect(checkBatch([sampleEvent({ user_agent: "x".repeat(256) })])).toMatchObject({ field: "user_agent" });
    expect(checkBatch([sampleEvent({ event_tracking_ext: { nested: {} as never } })])).toMatchObject({ field: "event_tracking_ext.nested" });
    const { url: _url, ...missing } = sampleEvent();
    expect(checkBatch([missing])).toMatchObject({ field: "url" });
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
  const legacy = { "csp-report": { "document-uri": "https://x/", "violated-directive": "script-src-elem", "effective-directive": "script-src-elem", "blocked-uri": "inline" } };
  const modern = [{ type: "csp-violation", url: "https://x/", body: { documentURL: "https://x/", effectiveDirective: "img-src", blockedURL: "https://evil/" } }];
  const security = { bizType: "loginEncrypt", data: { event: "initClientKey", reason: "initClientKey_only_https" }, timestamp: 1, page: "/login" };

  it("reads the report-uri, report-to and security-event shapes, and nothing else", () => {
    expect(parseCspBody(legacy)).toEqual([{ kind: "csp-violation", documentUri: "https://x/", directive: "script-src-elem", blockedUri: "inline", body: JSON.stringify(legacy["csp-report"]) }]);
    expect(parseCspBody(modern)).toMatchObject([{ kind: "csp-violation", directive: "img-src", blockedUri: "https://evil/" }]);
    expect(parseCspBody(security)).toMatchObject([{ kind: "security-event", documentUri: "/login", directive: "loginEncrypt", blockedUri: "initClientKey: initClientKey_only_https" }]);
    for (const junk of [{}, [], [1], "x", null, { "csp-report": "x" }, [{ type: "csp-violation" }]]) expect(parseCspBody(junk)).toBeUndefined();
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
    d.prepare("INSERT INTO csp_reports (received_at, client_ip, kind, document_uri, directive, blocked_uri, body) SELECT 0, 'x', 'k', '', '', '', '' FROM (WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < ?) SELECT n FROM c)").run(CSP_LIMITS.maxRows);
    store.store(many.slice(0, 1), "b");
    expect((d.prepare("SELECT count(*) AS n FROM csp_reports").get() as { n: number }).n).toBe(CSP_LIMITS.maxRows);
  });
});
