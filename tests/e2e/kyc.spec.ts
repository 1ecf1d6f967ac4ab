import { execFileSync } from "node:child_process";
import Database from "better-sqlite3";
import { join } from "node:path";
import jpeg from "jpeg-js";
import type { Page } from "@playwright/test";
import { totpAt } from "../../gateway/accounts/totp";
import { test, expect } from "./fixtures";
import { axeViolations, bindGoogleAuthenticator, newAccountOn } from "./helpers";

/** Identity verification, levels 1 and 2, and the daily withdrawal limit of each (issue 30 item 1; docs/decisions/352). */
const TRON_TO = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const dataDir = () => process.env.E2E_DATA_DIR as string;
const toast = (page: Page, text: string | RegExp) => page.locator(".toaster .toast").filter({ hasText: text });

/** The operator's `npm run kyc:review`: approves the pending application of the account logged in as `login`. */
function approveFor(login: string): void {
  const run = (...args: string[]) =>
    execFileSync(process.execPath, ["--import", "tsx", "gateway/kyc/cli/review.ts", ...args], {
      env: { ...process.env, DATA_DIR: dataDir() },
      encoding: "utf8",
    });
  const mine = run()
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id: number; login: string })
    .find((a) => a.login === login);
  expect(mine, `a pending application of ${login}`).toBeDefined();
  run("--approve", String(mine!.id));
}

/** The authenticator's code for a next withdrawal: the guard's memory of used steps set back, as a clock moving on would. */
function freshCode(secret: string, email: string): string {
  const db = new Database(join(dataDir(), "gateway.sqlite"));
  db.pragma("busy_timeout = 5000");
  try {
    db.prepare("UPDATE totp_guard SET last_step = 0 WHERE user_id = (SELECT id FROM users WHERE email = ?)").run(email);
  } finally {
    db.close();
  }
  return totpAt(secret, Date.now());
}

function picture(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([(i * 3) % 256, 120, (i * 7) % 256, 255], i * 4);
  return jpeg.encode({ width, height, data }, 90).data;
}

async function withdraw(page: Page, amount: string, code: string): Promise<void> {
  await page.getByTestId("network-TRC20").check();
  await page.getByTestId("withdraw-address").fill(TRON_TO);
  await page.getByTestId("withdraw-amount").fill(amount);
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm the withdrawal" });
  await dialog.getByTestId("withdraw-code").fill(code);
  await dialog.getByRole("button", { name: "Withdraw" }).click();
}

test("/kyc leads to /account/kyc in the same locale, after a login", async ({ page }) => {
  await newAccountOn(page, "kyc-path", "/de/kyc");
  await expect(page).toHaveURL(/\/de\/account\/kyc$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Identitätsprüfung");
});

test("KYC level 1 and 2: details, photos, the operator's review, the level shown, and the withdrawal limit shown and enforced", async ({
  page,
  pageProblems,
}) => {
  const { email } = await newAccountOn(page, "kyc", "/modifyverification");
  const secret = await bindGoogleAuthenticator(page);

  // level 0: 1,000 USDT a day, shown and enforced
  await page.goto("/asset/withdraw?coin=USDT");
  await expect(page.getByTestId("withdraw-limit")).toContainText("identity level 0): 1,000 USDT; left today: 1,000 USDT");
  await withdraw(page, "1500", totpAt(secret, Date.now() + 30_000));
  await expect(toast(page, /exceeds the daily limit of identity level 0/)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Confirm the withdrawal" })).toHaveCount(0);
  await page.getByTestId("withdraw-limit").getByRole("link", { name: "Verify your identity to raise it" }).click();

  // level 1: personal details, checked in the page, then reviewed
  await expect(page).toHaveURL(/\/account\/kyc$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Identity verification");
  await expect(page.getByTestId("kyc-level")).toHaveText("Level 0");
  await page.getByLabel("Full name, as on your document").fill("Jane Doe");
  await page.getByLabel("Country that issued the document").selectOption("DE");
  const young = new Date(Date.now() - 10 * 365 * 864e5).toISOString().slice(0, 10);
  await page.getByLabel("Date of birth").fill(young);
  await page.getByLabel("Document number").fill("C01X00T47");
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByText("You must be at least 18 years old")).toBeVisible();
  await page.getByLabel("Date of birth").fill("1990-02-28");
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByTestId("kyc-status")).toHaveText("Your level 1 application is waiting for review.");
  expect(await axeViolations(page)).toEqual([]);
  approveFor(email);
  await page.reload();
  await expect(page.getByTestId("kyc-level")).toHaveText("Level 1");

  // level 2: a document photo and a selfie, each shown back to its owner from the gateway
  for (const [kind, label] of [
    ["document", "Photo of your document"],
    ["selfie", "Selfie holding your document"],
  ] as const) {
    await page.getByTestId(`kyc-${kind}`).setInputFiles({ name: `${kind}.jpg`, mimeType: "image/jpeg", buffer: picture(320, 240) });
    await expect(toast(page, "Photo uploaded")).toBeVisible();
    const preview = page.getByRole("img", { name: label });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  }
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByTestId("kyc-status")).toHaveText("Your level 2 application is waiting for review.");
  approveFor(email);
  await page.reload();
  await expect(page.getByTestId("kyc-level")).toHaveText("Level 2");
  await expect(page.getByText("You are fully verified.")).toBeVisible();

  // level 2's limit, shown, and the same withdrawal now goes through
  await page.goto("/asset/withdraw?coin=USDT");
  await expect(page.getByTestId("withdraw-limit")).toContainText("identity level 2): 2,000,000 USDT; left today: 2,000,000 USDT");
  await withdraw(page, "1500", freshCode(secret, email));
  await expect(toast(page, "Withdrawal requested")).toBeVisible();
  await expect(page.getByTestId("withdraw-limit")).toContainText("left today: 1,998,500 USDT");
  expect(pageProblems).toEqual([]);
});
