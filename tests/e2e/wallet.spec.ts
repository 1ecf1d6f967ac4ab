import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { totpAt } from "../../gateway/accounts/totp";
import { test, expect } from "./fixtures";
import { axeViolations, bindGoogleAuthenticator, guestSentTo, newAccountOn, sticksOut } from "./helpers";

/** Deposits, withdrawals and their records (issue 19 slice 1; docs/decisions/710). */
const TRON_TO = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const toast = (page: Page, text: string) => page.locator(".toaster .toast").filter({ hasText: text });
const statusOf = (page: Page, table: string) => page.getByTestId(table).getByTestId("record-status").first();

test("the wallet pages need a login", async ({ request }) => {
  for (const path of ["/asset/recharge", "/asset/withdraw", "/transac"]) {
    expect(await guestSentTo(request, path), path).toMatch(/\/login/);
  }
});

test("the deposit page shows each network's address; a demo deposit from /asset/spot arrives and is exported from /transac as CSV", async ({
  page,
  pageProblems,
}) => {
  await newAccountOn(page, "deposit", "/asset/recharge?coin=BTC");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deposit");
  // the page starts on the cheapest network (decision 716): BTC's own is picked here
  await expect(page.getByTestId("network-BEP20")).toBeChecked();
  await page.getByTestId("network-BTC").check();
  await expect(page.getByTestId("deposit-address")).toHaveText(/^bc1q[02-9ac-hj-np-z]{38}$/);
  await expect(page.getByRole("img", { name: "QR code of the deposit address" })).toBeVisible();
  await expect(page.getByText("Credited after 2 network confirmations")).toBeVisible();
  // Another network of another coin: an EVM address, checksummed.
  await page.getByTestId("wallet-coin").selectOption("USDT");
  await page.getByTestId("network-BEP20").check();
  await expect(page.getByTestId("deposit-address")).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  await expect(page).toHaveURL(/coin=USDT/);

  // Demo trading: simulation mode allows the asset pages, not /asset/recharge; there a row's
  // Deposit opens a deposit on the simulated chain for the simulation account.
  await page.goto("/asset/spot");
  await page.getByRole("button", { name: "Demo trading", exact: true }).click();
  await expect(page.getByRole("button", { name: "Demo trading", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("link", { name: "Withdraw" })).toHaveCount(0);
  await page.getByRole("button", { name: "Deposit USDT" }).click();
  await expect(page.getByRole("heading", { name: "Simulate a deposit" })).toBeFocused();
  await expect(page.getByTestId("wallet-coin")).toHaveValue("USDT");
  await page.getByTestId("wallet-coin").selectOption("BTC");
  await page.getByTestId("simulate-amount").fill("0.5");
  await page.getByRole("button", { name: "Simulate deposit" }).click();
  await expect(toast(page, "The deposit is on the chain")).toBeVisible();
  await expect(statusOf(page, "deposit-records")).toHaveText(/Pending|Completed/);
  // it counts its confirmations while the page reads it again, and is credited at two
  await expect(statusOf(page, "deposit-records")).toHaveText("Completed", { timeout: 20_000 });

  await page.goto("/transac");
  await page.getByRole("tab", { name: "Deposits" }).click();
  await expect(statusOf(page, "deposits-records")).toHaveText("Completed");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  const csv = readFileSync((await download.path()) as string, "utf8");
  expect(csv.split("\r\n")[0]).toBe("\uFEFFtime,orderId,coin,chain,size,fee,status,toAddress,tag,txId,confirm");
  expect(csv).toMatch(/,BTC,BTC,0\.5,,success,bc1q/);
  expect(pageProblems).toEqual([]);
});

test("a withdrawal with Google Authenticator, then cancelled while pending; the address book fills the address", async ({
  page,
  pageProblems,
}) => {
  await newAccountOn(page, "withdraw", "/asset/withdraw?coin=USDT");
  await expect(page.getByRole("alert")).toContainText("Bind Google Authenticator before you withdraw.");
  await page.goto("/modifyverification");
  const secret = await bindGoogleAuthenticator(page);

  await page.goto("/asset/withdraw?coin=USDT");
  await page.getByTestId("network-TRC20").check();
  // a saved address, then picked from the book
  await page.getByRole("textbox", { name: "Label" }).fill("my tron");
  await page.getByRole("region", { name: "Address book" }).getByRole("textbox", { name: "Address" }).fill(TRON_TO);
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(toast(page, "Address saved")).toBeVisible();
  await page.getByLabel("Saved address").selectOption({ label: "my tron" });
  await expect(page.getByTestId("withdraw-address")).toHaveValue(TRON_TO);
  await page.getByTestId("withdraw-amount").fill("5");
  await expect(page.getByText("Below the minimum withdrawal")).toBeVisible();
  await page.getByTestId("withdraw-amount").fill("100");
  await expect(page.getByTestId("withdraw-receive")).toHaveText("100 USDT");
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm the withdrawal" });
  await expect(dialog).toContainText(TRON_TO);
  // the bind spent this step's code; the next step's is within the window
  await dialog.getByTestId("withdraw-code").fill(totpAt(secret, Date.now() + 30_000));
  await dialog.getByRole("button", { name: "Withdraw" }).click();
  await expect(toast(page, "Withdrawal requested")).toBeVisible();
  await expect(statusOf(page, "withdrawal-records")).toHaveText("Pending");

  await page.getByTestId("withdrawal-records").getByRole("button", { name: "Cancel withdrawal" }).click();
  await page.getByRole("dialog", { name: "Cancel this withdrawal?" }).getByRole("button", { name: "Cancel withdrawal" }).click();
  await expect(toast(page, "Withdrawal cancelled")).toBeVisible();
  await expect(statusOf(page, "withdrawal-records")).toHaveText("Cancelled");
  await expect(page.getByText("Available: 10,000 USDT")).toBeVisible();
  expect(pageProblems).toEqual([]);
});

for (const theme of ["white", "black"] as const) {
  test(`the wallet pages pass axe in the ${theme} theme and do not scroll sideways on a phone`, async ({ page, pageProblems }) => {
    await newAccountOn(page, `wallet-axe-${theme}`, "/");
    await page.context().addCookies([{ name: "theme", value: theme, url: test.info().project.use.baseURL as string }]);
    for (const path of ["/asset/recharge?coin=XRP", "/asset/withdraw?coin=XRP", "/transac"]) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
      expect(await axeViolations(page), path).toEqual([]);
      await page.setViewportSize({ width: 360, height: 800 });
      expect(await sticksOut(page), path).toBeLessThanOrEqual(0);
    }
    // Arabic reads right to left
    await page.goto("/ar/asset/recharge");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("إيداع");
    expect(pageProblems).toEqual([]);
  });
}
