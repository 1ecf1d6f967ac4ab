import type { Locator, Page } from "@playwright/test";
import { expect, testFrom } from "./fixtures";
import { axeViolations, registerThroughPage } from "./helpers";

/**
 * The risk rate an action would leave, shown before it is confirmed (issue 26; docs/decisions/707):
 * in an isolated account of 500 USDT (which may owe up to 9 times that), a borrow that lands in
 * margin call cannot be confirmed and says why; a small one shows its rate and goes through. An
 * auto-borrow market buy is held back the same way in the order form.
 */
const traderTest = testFrom((page) => registerThroughPage(page, `margin-preview-${Date.now()}@example.com`, "Passw0rd!x"));

const box = (page: Page) => page.getByTestId("margin-account");
const form = (page: Page) => page.getByRole("region", { name: "Margin order" }).last();
const dialog = (page: Page) => page.getByRole("dialog");
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });
const plain = (text: string | null) => Number((text ?? "").replace(/[^\d.-]/g, ""));

/** Tabs from where the focus is until `target` has it, as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 8; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

traderTest("a borrow or an order that would land in margin call is refused on the screen, with its risk rate", async (page) => {
  await page.goto("/margin/BTCUSDT");
  await expect(page.getByTestId("kline-chart")).toBeVisible();
  await form(page).getByRole("group", { name: "Margin mode" }).getByRole("button", { name: "Isolated" }).click();
  await expect(box(page).getByRole("heading", { level: 2 })).toHaveText("Isolated margin account");
  await box(page).getByRole("button", { name: "Transfer in", exact: true }).click();
  await dialog(page).getByLabel("Amount").fill("500");
  await dialog(page).getByRole("button", { name: "Transfer in", exact: true }).click();
  await expect(toast(page, /Moved 500 USDT/)).toBeVisible();
  await expect.poll(async () => plain(await box(page).getByTestId("margin-available").textContent())).toBe(500);

  // 3000 USDT borrowed on 500: 3500 of assets for 3000 owed, 116.66 %, under the call at 130 %.
  await box(page).getByRole("button", { name: "Borrow", exact: true }).click();
  const amount = dialog(page).getByLabel("Amount");
  await expect(amount).toBeFocused();
  await expect.poll(async () => plain(await dialog(page).getByTestId("margin-amount-max").textContent())).toBeGreaterThan(3000);
  await amount.fill("3000");
  const rate = dialog(page).getByTestId("risk-preview-rate");
  await expect(rate).toHaveText("No debt → 116.66% · Margin call");
  const reason = dialog(page).getByTestId("risk-preview-refusal");
  await expect(reason).toHaveText(/risk rate would fall to 116\.66%, at or below the margin call level of 130%/);
  const confirm = dialog(page).getByRole("button", { name: "Borrow", exact: true });
  await expect(confirm).toBeDisabled();
  await expect(confirm).toHaveAccessibleDescription(/at or below the margin call level/);
  // The keyboard reaches the refused button, which says why and does nothing.
  await tabTo(page, confirm);
  await page.keyboard.press("Enter");
  await expect(dialog(page)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // 100 USDT: 600 for 100 owed, 600 %, allowed; its rate is shown, and it is borrowed.
  await amount.fill("100");
  await expect(rate).toHaveText("No debt → 600% · Low risk");
  await expect(reason).toHaveCount(0);
  await expect(confirm).toBeEnabled();
  await expect(confirm).not.toHaveAttribute("aria-describedby");
  await confirm.click();
  await expect(toast(page, /Borrowed 100 USDT/)).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await expect.poll(async () => plain(await box(page).getByTestId("margin-borrowed").textContent())).toBeGreaterThanOrEqual(100);

  // The order form: a market buy of 4000 USDT with auto-borrow would owe about 3500 against about
  // 4000 of assets; refused before it is sent, with its expected fill, fee and rate. 100 USDT is fine.
  await form(page).getByLabel("Loan mode").selectOption("autoLoan");
  await form(page).getByRole("button", { name: "Market", exact: true }).click();
  await form(page).getByLabel("Total").fill("4000");
  const orderRate = form(page).getByTestId("order-risk-preview-rate");
  await expect(orderRate).toHaveText(/^\d[\d.,]*% → \d[\d.,]*% · (Margin call|Liquidation)$/);
  await expect(form(page).getByTestId("margin-expected-fill")).toHaveText(/BTC for .* USDT/);
  await expect(form(page).getByTestId("margin-fee")).toHaveText(/BTC$/);
  const buy = form(page).getByRole("button", { name: "Buy BTC" });
  await expect(buy).toBeDisabled();
  await expect(buy).toHaveAccessibleDescription(/at or below the margin call level of 130%/);
  await form(page).getByLabel("Total").press("Enter");
  await expect(dialog(page)).toHaveCount(0);
  await form(page).getByLabel("Total").fill("100");
  await expect(orderRate).toHaveText(/% · (Low|Medium) risk$/);
  await expect(buy).toBeEnabled();
  expect(plain((await orderRate.textContent())?.split("→")[1] ?? "")).toBeGreaterThan(130);
});
