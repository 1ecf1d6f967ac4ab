import Database from "better-sqlite3";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { totpAt } from "../../gateway/accounts/totp";
import { test, expect } from "./fixtures";
import { axeViolations, bindGoogleAuthenticator, codeFor, newAccountOn, sticksOut } from "./helpers";

/** The fund password end to end (docs/decisions/350, 724): set, used on a withdrawal, changed, reset, and the 24-hour hold. */
const TRON_TO = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const DAY_MS = 24 * 60 * 60_000;
const toast = (page: Page, text: string) => page.locator(".toaster .toast").filter({ hasText: text });

/** Test-only writes the gateway offers no path for: the authenticator's used step forgotten, a clock moved on. */
function onDb(sql: string, ...args: unknown[]): void {
  const db = new Database(join(process.env.E2E_DATA_DIR as string, "gateway.sqlite"));
  db.pragma("busy_timeout = 5000");
  try {
    db.prepare(sql).run(...args);
  } finally {
    db.close();
  }
}

/** A fresh authenticator code, the guard's memory of used steps set back as the clock moving on would. */
function googleCode(secret: string): string {
  onDb("UPDATE totp_guard SET last_step = 0 WHERE user_id = (SELECT id FROM users WHERE google_secret = ?)", secret);
  return totpAt(secret, Date.now());
}

async function fundForm(page: Page, action: string, fields: Record<string, string>, secret?: string, email?: string) {
  const section = page.getByRole("region", { name: "Fund password" });
  await section.getByRole("button", { name: action }).click();
  for (const [label, value] of Object.entries(fields)) await section.getByLabel(label, { exact: true }).fill(value);
  if (email) {
    // the last code went out less than a minute ago: its cooldown passed, as the clock would have it
    onDb("UPDATE verify_codes SET created_at = created_at - 60000 WHERE target = ?", email);
    await section.getByRole("button", { name: "Send code" }).click();
    await expect(section.getByRole("button", { name: /Resend in/ })).toBeVisible();
    await section.getByLabel("E-mail or SMS code").fill(await codeFor(email));
  }
  if (secret) await section.getByLabel("Authenticator code").fill(googleCode(secret));
  await section.getByRole("button", { name: "Save" }).click();
}

/** Fills the withdraw form and opens its confirmation; the answer confirms it with a fund password (the dialog stays open on a refusal). */
async function startWithdrawal(page: Page, secret: string) {
  await page.getByTestId("network-TRC20").check();
  await page.getByTestId("withdraw-address").fill(TRON_TO);
  await page.getByTestId("withdraw-amount").fill("20");
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm the withdrawal" });
  return async (fund: string) => {
    await dialog.getByTestId("withdraw-code").fill(googleCode(secret));
    await dialog.getByTestId("withdraw-fund").fill(fund);
    await dialog.getByRole("button", { name: "Withdraw" }).click();
  };
}

test("a fund password is set, asked for by a withdrawal, changed, reset; after the reset withdrawals wait 24 hours", async ({
  page,
  pageProblems,
}) => {
  const { email } = await newAccountOn(page, "fund", "/modifyverification");
  const secret = await bindGoogleAuthenticator(page);
  const status = page.getByTestId("fund-status");
  await expect(status).toHaveText("Not set");

  // set: the new password twice, the e-mail code and the authenticator's
  await fundForm(page, "Set fund password", { "New fund password": "Fund-c0de", "Repeat fund password": "Fund-c0de" }, secret, email);
  await expect(toast(page, "Fund password set.")).toBeVisible();
  await expect(status).toContainText("Set");
  await expect(status).toContainText("Before trades: Never");

  // used: a withdrawal without it, or with a wrong one, is refused; with it, it is requested
  await page.goto("/asset/withdraw?coin=USDT");
  const confirm = await startWithdrawal(page, secret);
  await confirm("");
  await expect(toast(page, "Enter your fund password")).toBeVisible();
  await confirm("Wrong-c0de");
  await expect(toast(page, "The fund password is incorrect")).toBeVisible();
  await confirm("Fund-c0de");
  await expect(toast(page, "Withdrawal requested")).toBeVisible();

  // changed with the old one
  await page.goto("/modifyverification");
  await fundForm(page, "Change fund password", {
    "Current fund password": "Fund-c0de",
    "New fund password": "Chang3d-pw",
    "Repeat fund password": "Chang3d-pw",
  });
  await expect(toast(page, "Fund password changed.")).toBeVisible();

  // the trade choice
  await page.getByRole("region", { name: "Fund password" }).getByRole("button", { name: "Trade confirmation" }).click();
  await page.getByTestId("fund-mode-2h").check();
  await page.getByRole("region", { name: "Fund password" }).getByLabel("Fund password", { exact: true }).fill("Chang3d-pw");
  await page.getByRole("region", { name: "Fund password" }).getByRole("button", { name: "Save" }).click();
  await expect(status).toContainText("Before trades: Every 2 hours");

  // the open reset form passes axe, fits a phone, and reads right to left in Arabic
  await page.getByRole("region", { name: "Fund password" }).getByRole("button", { name: "Reset fund password" }).click();
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await sticksOut(page)).toBeLessThanOrEqual(0);
  await page.goto("/ar/modifyverification");
  await expect(page.getByRole("region", { name: "كلمة مرور الأموال" })).toContainText("كل ساعتين");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/modifyverification");

  // reset with the second factor: withdrawals are held for 24 hours
  await fundForm(page, "Reset fund password", { "New fund password": "Fresh-c0de", "Repeat fund password": "Fresh-c0de" }, secret, email);
  await expect(toast(page, "Fund password reset.")).toBeVisible();
  await page.goto("/asset/withdraw?coin=USDT");
  await expect(page.getByTestId("withdraw-held")).toContainText("Withdrawals are paused after a fund password reset");
  await expect(page.getByRole("button", { name: "Withdraw", exact: true })).toBeDisabled();

  // a day later on the gateway's clock (the hold's end moved back 24 hours), withdrawals open with the new password
  onDb("UPDATE users SET fund_hold_until = fund_hold_until - ? WHERE google_secret = ?", DAY_MS, secret);
  await page.reload();
  await expect(page.getByTestId("withdraw-held")).toHaveCount(0);
  await (
    await startWithdrawal(page, secret)
  )("Fresh-c0de");
  await expect(toast(page, "Withdrawal requested")).toBeVisible();
  expect(pageProblems).toEqual([]);
});
