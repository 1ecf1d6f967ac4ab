import { IDENTITY_STORAGE_KEYS } from "../../app/lib/http/device-identity";
import Database from "better-sqlite3";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { EVENT_TYPE, PAGE_STATUS } from "../../protocol/tracking";
import { expect, test } from "./fixtures";

interface Row {
  id: number;
  page_unique_id: string;
  seq: number;
  log_seq: number;
  type: number;
  page_status: number | null;
  curr_page: string;
  body: string;
}

/** The gateway's own record of this browser's events, read-only from its SQLite file. */
function storedEvents(deviceId: string): Row[] {
  const db = new Database(join(process.env.E2E_DATA_DIR as string, "gateway.sqlite"), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `SELECT id, page_unique_id, seq, log_seq, type, page_status, json_extract(body, '$.curr_page') AS curr_page, body
      FROM tracking_events WHERE device_id = ? ORDER BY id`,
      )
      .all(deviceId) as Row[];
  } finally {
    db.close();
  }
}

/** "show /login", "hide /login (leave)", "web_vitals": one line per stored event. */
function describeEvent(r: Row): string {
  if (r.type === EVENT_TYPE.system) return "web_vitals";
  const ext = (JSON.parse(r.body) as { event_tracking_ext: { reason?: string } }).event_tracking_ext;
  return r.page_status === PAGE_STATUS.show ? `show ${r.curr_page}` : `hide ${r.curr_page} (${ext.reason})`;
}

/** Events waiting in the page's local storage queue (segments of `{"n": [...], "e": [...]}`). */
const queuedEvents = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith("mixtrk:e:"))
      .reduce((sum, k) => sum + (JSON.parse(localStorage.getItem(k) ?? "{}") as { n?: unknown[] }).n!.length, 0),
  );

/**
 * Headless Chromium never hides a tab, so the hide and return are the browser's own events with
 * document.visibilityState overridden: the SDK and web-vitals read the state and the event as in
 * a real tab switch. The final hide below is real: the page is closed.
 */
async function setTabVisibility(page: Page, state: "hidden" | "visible"): Promise<void> {
  await page.evaluate((s) => {
    const doc = document as unknown as Record<string, unknown>;
    if (s === "hidden") {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
    } else {
      delete doc.visibilityState;
      delete doc.hidden;
    }
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  }, state);
}

test("every event reaches the gateway exactly once and in seq order: three pages, a reload, offline and back, a hidden tab", async ({
  page,
  context,
  pageProblems,
}) => {
  test.setTimeout(90_000);
  const poll = { timeout: 20_000 };

  // Links are followed in the page (no document load) once React has hydrated it.
  await page.goto("/", { waitUntil: "networkidle" });
  const deviceId = await page.evaluate((key) => localStorage.getItem(key), IDENTITY_STORAGE_KEYS.deviceId);
  expect(deviceId).toMatch(/^[0-9a-f]{32}$/);
  const events = () => storedEvents(deviceId!).map(describeEvent);
  await expect.poll(events, poll).toEqual(["show /"]);

  await page.getByRole("banner").getByRole("link", { name: "Log in" }).click();
  await page.waitForURL("**/login");
  const toLogin = ["show /", "hide / (navigate)", "show /login"];
  await expect.poll(events, poll).toEqual(toLogin);

  // Reload: the leaving document's last events go by beacon, the new one takes over its queue.
  await page.reload({ waitUntil: "networkidle" });
  const afterReload = [...toLogin, "hide /login (leave)", "web_vitals", "show /login", "hide /login (navigate)", "show /register"];
  await page.getByRole("banner").getByRole("link", { name: "Sign up" }).click();
  await page.waitForURL("**/register");
  await expect.poll(events, poll).toEqual(afterReload);
  await expect.poll(() => queuedEvents(page), poll).toBe(0);

  // Offline: the tab hides and returns; everything waits in local storage, nothing is sent.
  await context.setOffline(true);
  await setTabVisibility(page, "hidden");
  await setTabVisibility(page, "visible");
  expect(await queuedEvents(page)).toBe(3);
  expect(storedEvents(deviceId!)).toHaveLength(8);

  await context.setOffline(false);
  await expect.poll(events, poll).toHaveLength(11);
  await expect.poll(() => queuedEvents(page), poll).toBe(0);

  // A real hide: the tab closes; its leave event goes by beacon. The next tab would send it
  // from the queue otherwise, and the gateway would still keep it once.
  await page.close({ runBeforeUnload: true });
  const next = await context.newPage();
  const nextProblems: string[] = [];
  next.on("console", (m) => void (m.type() === "error" && nextProblems.push(m.text())));
  next.on("pageerror", (e) => void nextProblems.push(e.message));
  await next.goto("/");
  await expect
    .poll(events, poll)
    .toEqual([...afterReload, "hide /register (leave)", "web_vitals", "show /register", "hide /register (leave)", "show /"]);
  await expect.poll(() => queuedEvents(next), poll).toBe(0);

  const rows = storedEvents(deviceId!);
  // Exactly once: no page view and seq twice; each page view's seqs run 1..n in stored order.
  expect(new Set(rows.map((r) => `${r.page_unique_id}:${r.seq}`)).size).toBe(rows.length);
  const byPage = new Map<string, number[]>();
  for (const r of rows) byPage.set(r.page_unique_id, [...(byPage.get(r.page_unique_id) ?? []), r.seq]);
  expect(byPage.size).toBe(6);
  for (const seqs of byPage.values()) expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  // log_seq orders the browser's events across page views and documents.
  const logSeqs = rows.map((r) => r.log_seq);
  expect(logSeqs).toEqual([...logSeqs].sort((a, b) => a - b));
  expect(new Set(logSeqs).size).toBe(rows.length);

  const bodies = rows.map((r) => JSON.parse(r.body) as Record<string, unknown>);
  for (const b of bodies) {
    expect(b).toMatchObject({
      uid: "",
      ip: "127.0.0.1",
      lib_version: "1.1.45",
      ver: "1.0.0",
      log_env: "online",
      device_id: deviceId,
      first_day: true,
    });
  }
  expect(bodies.filter((b) => b.timely === 1).map((b) => b.event_tracking)).toEqual([
    "page_view",
    "web_vitals",
    "page_view",
    "web_vitals",
    "page_view",
  ]);
  for (const vitals of bodies.filter((b) => b.event_tracking === "web_vitals")) {
    expect(vitals.event_tracking_ext).toMatchObject({ ttfb: expect.any(Number), fcp: expect.any(Number) });
  }
  expect(pageProblems).toEqual([]);
  expect(nextProblems).toEqual([]);
});
