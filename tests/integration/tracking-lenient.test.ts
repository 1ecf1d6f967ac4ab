import Database from "better-sqlite3";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS } from "../../protocol/paths";
import { EVENT_TYPE, SYS, TRACKING_LIMITS, type TrackingEvent } from "../../protocol/tracking";
import { sampleEvent } from "../fixtures/tracking";
import { startWeb, tempDataDir, type Started } from "../setup/processes";

/**
 * Events from clients other than our SDK, through the BFF and the embedded gateway
 * (docs/decisions/405): minimal events get the server's facts and defaults, bad events are
 * refused one by one with their index and reason, and the good ones of the batch are kept.
 */
let web: Started;
const data = tempDataDir();
let db: Database.Database;

beforeAll(async () => {
  web = await startWeb({ DATA_DIR: data.dir });
  db = new Database(join(data.dir, "gateway.sqlite"), { readonly: true });
});
afterAll(async () => {
  db.close();
  expect(await web.stop()).toBe(0);
  data.remove();
});

const PHONE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

let clients = 0;
/** Each test is its own device (the per-device throttle stays out of the way). */
function client() {
  const device = `lenient${++clients}`.padEnd(32, "0");
  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${web.url}${PATHS.trackingInfo}`, {
      method: "POST",
      headers: { "content-type": "application/json", deviceid: device, "user-agent": PHONE_UA, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
    return { status: res.status, body: (await res.json()) as { code: string; msg: string; data: any } };
  };
  /** Stored events whose url is under this client's own path, oldest first. */
  const stored = () =>
    (
      db
        .prepare("SELECT body, client_ip, page_unique_id, seq FROM tracking_events WHERE url LIKE ? ORDER BY id")
        .all(`https://other.example/${device}/%`) as Array<{ body: string; client_ip: string; page_unique_id: string; seq: number }>
    ).map((r) => ({ ...r, event: JSON.parse(r.body) as TrackingEvent }));
  const url = (path: string) => `https://other.example/${device}/${path}`;
  return { device, post, stored, url };
}

describe("tracking ingestion of other clients' events (through the BFF)", () => {
  it("stores a minimal event with the server's address, user agent and receive time, and defaults", async () => {
    const c = client();
    const before = Date.now();
    const res = await c.post([{ type: EVENT_TYPE.click, url: c.url("markets?tab=spot"), ip: "203.0.113.66", event_tracking_id: "b42" }], {
      "x-forwarded-for": "203.0.113.77",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: "00000", data: { accepted: 1, duplicates: 0, invalid: 0, refused: [] } });
    const [row] = c.stored();
    // The BFF does not trust this caller's x-forwarded-for and the body's ip is never believed.
    expect(row!.client_ip).toBe("127.0.0.1");
    expect(row!.event).toMatchObject({
      type: 2,
      url: c.url("markets?tab=spot"),
      curr_page: `/${c.device}/markets`,
      url_host: "other.example",
      event_tracking_id: "b42",
      ip: "127.0.0.1",
      user_agent: PHONE_UA,
      sys: SYS.mobile,
      browser: "Chrome",
      page_status: null,
      track_type: 0,
      retry_count: 0,
    });
    expect(row!.event.timestamp).toBeGreaterThanOrEqual(before);
    expect(row!.event.ctime).toBe(row!.event.timestamp);
    expect(row!.page_unique_id).toMatch(/^~[0-9a-f]{32}$/);
  });

  it("keeps the good events of a mixed batch and names each refused one with its index and reason", async () => {
    const c = client();
    const batch = [
      { type: "page", url: c.url("a") },
      { type: "teleport", url: c.url("b") },
      { type: 2, url: c.url("c"), event_tracking_id: "click-1" },
      { type: 2, curr_page: "/only-a-path", url: c.url("d") },
      { type: 3 },
      42,
      { type: 2, url: c.url("e"), page_unique_id: "../../etc", seq: 1 },
    ];
    const res = await c.post(batch);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe("00000");
    expect(res.body.data).toMatchObject({ accepted: 2, duplicates: 0, invalid: 5 });
    expect(res.body.data.refused.map((r: { index: number; field: string }) => [r.index, r.field])).toEqual([
      [1, "type"],
      [2, "event_tracking_id"],
      [4, "url"],
      [5, ""],
      [6, "page_unique_id"],
    ]);
    for (const r of res.body.data.refused) expect(r.reason).toEqual(expect.any(String));
    expect(c.stored().map((r) => r.event.url)).toEqual([c.url("a"), c.url("d")]);
  });

  it("refuses a batch whose every event is bad with 400, naming them all, and stores nothing", async () => {
    const c = client();
    const res = await c.post([{ type: 99, url: c.url("x") }, { url: c.url("y") }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "40017", data: { accepted: 0, invalid: 2, index: 0, field: "type" } });
    expect(res.body.msg).toMatch(/^Invalid parameter \[0\]\.type: /);
    expect(res.body.data.refused).toHaveLength(2);
    expect(c.stored()).toEqual([]);
  });

  it("treats empty strings as absent and reads enums in any case", async () => {
    const c = client();
    const res = await c.post([
      {
        type: "PAGE",
        page_status: "Hide",
        track_type: "AUTO",
        sys: "web",
        log_env: "ONLINE",
        url: c.url("p"),
        timestamp: "",
        page_unique_id: "",
        seq: "",
        event_tracking_id: "",
        device_id: "",
        uid: "",
        timely: true,
      },
      { type: "Pull_Up", page_status: "", url: c.url("q"), title: "", user_agent: "", ip: "" },
      { type: "click", url: c.url("r"), user_language: "constructor" },
    ]);
    expect(res.body).toMatchObject({ code: "00000", data: { accepted: 3, invalid: 0 } });
    const [page, pull, click] = c.stored().map((r) => r.event);
    expect(click).toMatchObject({ type: 2, user_language: 0 });
    expect(page).toMatchObject({
      type: 1,
      page_status: 1,
      track_type: 1,
      sys: 3,
      log_env: "online",
      event_tracking_id: "/",
      device_id: "",
      uid: "",
      timely: 1,
    });
    expect(page!.page_unique_id).toMatch(/^~/);
    expect(pull).toMatchObject({ type: 6, page_status: null, title: "", user_agent: PHONE_UA, ip: "127.0.0.1" });
  });

  it("cuts over-long descriptive text, refuses over-long ids, and still answers a huge body with an envelope", async () => {
    const c = client();
    const res = await c.post([
      {
        type: 2,
        url: c.url("long"),
        title: "t".repeat(100_000),
        user_agent: "u".repeat(10_000),
        event_tracking_ext: { note: "n".repeat(5_000) },
      },
      { type: 2, url: c.url("long-id"), page_unique_id: "p".repeat(TRACKING_LIMITS.userAgentMax), seq: 1 },
    ]);
    expect(res.body).toMatchObject({ code: "00000", data: { accepted: 1, invalid: 1, refused: [{ index: 1, field: "page_unique_id" }] } });
    const [row] = c.stored();
    expect(row!.event.title).toHaveLength(512);
    expect(row!.event.user_agent).toHaveLength(TRACKING_LIMITS.userAgentMax);
    expect(row!.event.event_tracking_ext.note).toHaveLength(1024);
    const huge = await c.post([{ type: 2, url: c.url("huge"), title: "x".repeat(1_100_000) }]);
    expect(huge).toMatchObject({ status: 413, body: { code: "41300" } });
    const many = await c.post(Array.from({ length: TRACKING_LIMITS.batchSize + 1 }, () => ({ type: 2, url: c.url("n") })));
    expect(many).toMatchObject({ status: 400, body: { code: "40017", data: null } });
    expect(c.stored()).toHaveLength(1);
  });

  it("stores a resent event once: by page_unique_id + seq, by content when the client sends a time, never across pages", async () => {
    const c = client();
    const sdk = sampleEvent({ url: c.url("sdk"), page_unique_id: `${c.device}sdk`, device_id: c.device });
    const timed = { type: 2, url: c.url("timed"), timestamp: 1_767_225_600_123 };
    const first = await c.post([sdk, timed, { ...timed }]);
    expect(first.body.data).toMatchObject({ accepted: 2, duplicates: 1 });
    // The resend counts a retry and arrives later: still the same events.
    const again = await c.post([
      { ...sdk, retry_count: 1 },
      { ...timed, retry_count: 1 },
      { ...timed, timestamp: timed.timestamp + 1 },
    ]);
    expect(again.body.data).toMatchObject({ accepted: 1, duplicates: 2 });
    // Without a time or a key an event has no identity: each arrival is an event of its own.
    const bare = { type: 2, url: c.url("bare") };
    await c.post([bare, bare]);
    await c.post([bare]);
    expect(c.stored().map((r) => r.event.url)).toEqual([
      c.url("sdk"),
      c.url("timed"),
      c.url("timed"),
      c.url("bare"),
      c.url("bare"),
      c.url("bare"),
    ]);
  });
});
