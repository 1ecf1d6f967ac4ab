import Database from "better-sqlite3";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS } from "../../protocol/paths";
import { TRACKING_LIMITS } from "../../protocol/tracking";
import { sampleEvent } from "../fixtures/tracking";
import { startGateway, tempDataDir, type Started } from "../setup/processes";

let gw: Started;
const data = tempDataDir();
let db: Database.Database;

beforeAll(async () => {
  gw = await startGateway(data.dir);
  db = new Database(join(data.dir, "gateway.sqlite"), { readonly: true });
});
afterAll(async () => {
  db.close();
  expect(await gw.stop()).toBe(0);
  data.remove();
});

let clients = 0;
/** Each test speaks as its own client address (the gateway believes x-forwarded-for from loopback). */
function client() {
  const ip = `198.51.100.${++clients}`;
  const device = `dev${clients}`.padEnd(32, "0");
  const post = async (path: string, body: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${gw.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip, deviceid: device, ...headers },
      body,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
    return { status: res.status, body: (await res.json()) as { code: string; msg: string; requestTime: number; data: any } };
  };
  const page = `page${clients}`.padEnd(32, "x");
  const events = (n: number, from = 1) =>
    Array.from({ length: n }, (_, i) => sampleEvent({ page_unique_id: page, device_id: device, seq: from + i, log_seq: from + i }));
  const rows = () =>
    db.prepare("SELECT seq, pfb, client_ip FROM tracking_events WHERE page_unique_id = ? ORDER BY id").all(page) as Array<{
      seq: number;
      pfb: string;
      client_ip: string;
    }>;
  return { ip, post, events, rows };
}

describe("tracking ingestion (a real gateway process)", () => {
  it("stores a batch once, in order, and answers a resend as duplicates", async () => {
    const c = client();
    const first = await c.post(PATHS.trackingInfo, JSON.stringify(c.events(3)));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ code: "00000", data: { accepted: 3, duplicates: 0 } });
    const again = await c.post(PATHS.trackingInfo, JSON.stringify(c.events(4)));
    expect(again.body.data).toEqual({ accepted: 1, duplicates: 3, invalid: 0, refused: [] });
    expect(c.rows().map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    expect(c.rows()[0]!.client_ip).toBe(c.ip);
  });

  it("takes a beacon (JSON, never text/plain) with pfb in the query, and the pfb header from fetch", async () => {
    const c = client();
    const plain = await c.post(`${PATHS.trackingInfo}?pfb=from-query`, JSON.stringify(c.events(1)), {
      "content-type": "text/plain;charset=UTF-8",
      deviceid: "",
    });
    expect([plain.status, plain.body.code]).toEqual([415, "40000"]);
    const beacon = await c.post(`${PATHS.trackingInfo}?pfb=from-query`, JSON.stringify(c.events(1)), {
      "content-type": "application/json",
      deviceid: "",
    });
    expect(beacon.body.code).toBe("00000");
    await c.post(PATHS.trackingInfo, JSON.stringify(c.events(1, 2)), { pfb: "from-header" });
    expect(c.rows().map((r) => r.pfb)).toEqual(["from-query", "from-header"]);
  });

  it("refuses a batch over 50 events, an empty one and a body that is no array", async () => {
    const c = client();
    for (const body of [c.events(TRACKING_LIMITS.batchSize + 1), [], { events: [] }]) {
      const res = await c.post(PATHS.trackingInfo, JSON.stringify(body));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "40017", data: null });
      expect(res.body.msg).toContain("1 to 50 events");
    }
    expect(c.rows()).toEqual([]);
  });

  it("refuses a bad tracking id naming the event and field, and stores the rest of the batch", async () => {
    const c = client();
    const batch = c.events(3);
    batch[2]!.event_tracking_id = "b12x";
    const res = await c.post(PATHS.trackingInfo, JSON.stringify(batch));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: "00000", data: { accepted: 2, duplicates: 0, invalid: 1 } });
    expect(res.body.data.refused).toEqual([{ index: 2, field: "event_tracking_id", reason: 'must be "/" or "b" followed by digits' }]);
    expect(c.rows().map((r) => r.seq)).toEqual([1, 2]);
    const alone = await c.post(PATHS.trackingInfo, JSON.stringify([batch[2]]));
    expect(alone).toMatchObject({ status: 400, body: { code: "40017", data: { index: 0, field: "event_tracking_id" } } });
    expect(alone.body.msg).toBe('Invalid parameter [0].event_tracking_id: must be "/" or "b" followed by digits');
  });

  it("answers malformed JSON, a foreign content type and an oversized body with envelopes", async () => {
    const c = client();
    const malformed = await c.post(PATHS.trackingInfo, '[{"seq": 1,');
    expect(malformed).toMatchObject({ status: 400, body: { code: "40017", msg: "Malformed JSON body" } });
    const form = await c.post(PATHS.trackingInfo, "a=1", { "content-type": "application/x-www-form-urlencoded" });
    expect(form).toMatchObject({ status: 415, body: { code: "40000" } });
    const huge = await c.post(PATHS.trackingInfo, JSON.stringify([{ ...c.events(1)[0], title: "x".repeat(1_100_000) }]));
    expect(huge).toMatchObject({ status: 413, body: { code: "41300" } });
  });

  it("throttles a client that sends too much with 403, and no one else", async () => {
    const c = client();
    const statuses: number[] = [];
    for (let i = 1; i <= 70; i++) statuses.push((await c.post(PATHS.trackingInfo, JSON.stringify(c.events(1, i)))).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(60).every((s) => s === 403)).toBe(true);
    const refused = await c.post(PATHS.trackingInfo, JSON.stringify(c.events(1, 100)));
    expect(refused.body).toMatchObject({ code: "42900", msg: expect.stringContaining("10 s") });
    expect(c.rows()).toHaveLength(60);
    const other = client();
    expect((await other.post(PATHS.trackingInfo, JSON.stringify(other.events(1)))).status).toBe(200);
  });

  it("takes CSP reports of both kinds and the client's security events, and refuses junk", async () => {
    const c = client();
    const legacy = await c.post(
      PATHS.cspSecurity,
      JSON.stringify({
        "csp-report": { "document-uri": "http://x/", "violated-directive": "img-src", "blocked-uri": "https://evil.example/a.png" },
      }),
      { "content-type": "application/csp-report" },
    );
    expect(legacy).toMatchObject({ status: 200, body: { code: "00000", data: { stored: 1, dropped: 0 } } });
    const modern = await c.post(
      PATHS.cspSecurity,
      JSON.stringify([
        { type: "csp-violation", body: { documentURL: "http://x/", effectiveDirective: "script-src-elem", blockedURL: "inline" } },
      ]),
      { "content-type": "application/reports+json" },
    );
    expect(modern.body.data).toEqual({ stored: 1, dropped: 0 });
    const security = await c.post(
      PATHS.cspSecurity,
      JSON.stringify({ bizType: "loginEncrypt", data: { event: "e", reason: "verification failed" }, timestamp: 1, page: "/login" }),
      { "content-type": "application/csp-report" },
    );
    expect(security.body.data).toEqual({ stored: 1, dropped: 0 });
    const junk = await c.post(PATHS.cspSecurity, JSON.stringify({ hello: 1 }), { "content-type": "application/csp-report" });
    expect(junk).toMatchObject({ status: 400, body: { code: "40017" } });
    const rows = db.prepare("SELECT kind, directive, blocked_uri FROM csp_reports WHERE client_ip = ? ORDER BY id").all(c.ip);
    expect(rows).toEqual([
      { kind: "csp-violation", directive: "img-src", blocked_uri: "https://evil.example/a.png" },
      { kind: "csp-violation", directive: "script-src-elem", blocked_uri: "inline" },
      { kind: "security-event", directive: "loginEncrypt", blocked_uri: "e: verification failed" },
    ]);
  });
});
