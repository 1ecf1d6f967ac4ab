import Database from "better-sqlite3";
import { join } from "node:path";
import { test, expect } from "./fixtures";
import { codeFor, registerThroughPage } from "./helpers";

/** Test-only look at the answer the gateway keeps to itself. */
function latestAnswer(): number {
  const db = new Database(join(process.env.E2E_DATA_DIR as string, "gateway.sqlite"), { readonly: true });
  try {
    return (db.prepare("SELECT answer_x FROM captcha_challenges ORDER BY expires_at DESC LIMIT 1").get() as { answer_x: number }).answer_x;
  } finally {
    db.close();
  }
}

test("after three failed logins the slider check appears, is solved with the keyboard, and the login goes through", async ({ browser, page, pageProblems }) => {
  const email = `captcha-${Date.now()}@example.com`;
  const password = "Sup3r-secret";
  await registerThroughPage(page, email, password);
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();

  // Another person, from an address of their own.
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.23" } });
  const other = await context.newPage();
  await other.goto("/login");
  await other.getByLabel("E-mail").fill(email);
  for (let i = 0; i < 3; i++) {
    await other.getByLabel("Password").fill(`Wrong-pass${i}`);
    await other.getByRole("button", { name: "Log in" }).click();
    await expect(other.getByRole("alert")).toHaveText("Incorrect account or password.");
  }
  await other.getByLabel("Password").fill(password);
  await other.getByRole("button", { name: "Log in" }).click();

  const dialog = other.getByRole("dialog", { name: "Security check" });
  await expect(dialog).toBeVisible();
  const slider = dialog.getByRole("slider", { name: "Piece position" });
  await expect(slider).toBeVisible();
  const answer = latestAnswer();
  await slider.focus();
  // Keyboard: Shift+arrow moves 10 px, arrow 2 px, Enter submits; a person's pace between keys.
  let x = 0;
  while (answer - x >= 10) {
    await other.keyboard.press("Shift+ArrowRight");
    x += 10;
    await other.waitForTimeout(25);
  }
  while (answer - x >= 2) {
    await other.keyboard.press("ArrowRight");
    x += 2;
    await other.waitForTimeout(25);
  }
  await expect(slider).toHaveAttribute("aria-valuenow", String(x));
  await other.keyboard.press("Enter");
  // Solved: the login goes on by itself, to the new-device step of this fresh browser.
  await expect(other.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  await other.getByLabel("E-mail code").fill(await codeFor(email));
  await other.getByRole("button", { name: "Confirm" }).click();
  await other.waitForURL("/");
  await expect(other.getByRole("button", { name: "Log out" })).toBeVisible();
  await context.close();
  expect(pageProblems).toEqual([]);
});
