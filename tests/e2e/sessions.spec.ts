import Database from "better-sqlite3";
import { join } from "node:path";
import { test, expect } from "./fixtures";
import { newAccountOn } from "./helpers";

/** Idle expiry as two quiet hours would bring it: the session's expiry moved into the past. */
function idleOut(sessionId: string): void {
  const db = new Database(join(process.env.E2E_DATA_DIR as string, "gateway.sqlite"));
  db.pragma("busy_timeout = 5000");
  try {
    db.prepare("UPDATE sessions SET expires_at = ? WHERE id = ?").run(Date.now() - 1000, sessionId);
  } finally {
    db.close();
  }
}

test("a session that idled out is renewed by the page: the change goes through and the person stays logged in", async ({
  page,
  pageProblems,
}) => {
  await newAccountOn(page, "idle", "/subaccount/setting/antiphishing");
  const sid = async () => (await page.context().cookies()).find((c) => c.name === "bt_sid")?.value;
  const before = await sid();
  expect(before).toEqual(expect.any(String));
  idleOut(before!);

  await page.getByLabel("Your anti-phishing code").fill("blue_whale");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  // A new session (the refresh), whose signed calls keep working with the page's key.
  expect(await sid()).not.toBe(before);
  await page.getByRole("navigation", { name: "Security settings" }).getByRole("link", { name: "Devices" }).click();
  await expect(page.getByRole("row", { name: /This device/ })).toBeVisible();
  expect(pageProblems).toEqual([]);
});
