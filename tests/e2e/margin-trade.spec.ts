import type { Page } from "@playwright/test";
import { test, expect, testFrom } from "./fixtures";
import { axeViolations, registerThroughPage } from "./helpers";

/**
 * Margin trading through the screen against the real gateway (issue 18 item 4; docs/decisions/707):
 * transfer, borrow, buy with auto-loan, interest accruing on the simulated clock (the e2e gateway
 * charges an "hour" of interest every few seconds, playwright.config.ts), repay by hand and by an
 * auto-repay sell.
 */
let n = 0;
const newEmail = () => `margin-${Date.now()}-${n++}@example.com`;
/** A test of a newly registered trader, which must end without a page problem. */
const traderTest = testFrom((page) => registerThroughPage(page, newEmail(), "Passw0rd!x"));

const box = (page: Page) => page.getByTestId("margin-account");
const form = (page: Page) => page.getByRole("region", { name: "Margin order" }).last();
const panels = (page: Page) => page.getByRole("region", { name: "Margin orders and loans" });
const dialog = (page: Page) => page.getByRole("dialog");
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });
const plain = (text: string | null) => Number((text ?? "").replace(/[^\d.-]/g, ""));
const figure = async (page: Page, id: string) => plain(await box(page).getByTestId(id).textContent());

/** Opens a money dialog of the account box, types the amount and confirms it. */
async function money(page: Page, button: string, amount: string | "max", done: RegExp) {
  await box(page).getByRole("button", { name: button, exact: true }).click();
  await expect(dialog(page).getByLabel("Amount")).toBeFocused();
  if (amount === "max") await dialog(page).getByTestId("margin-amount-max").click();
  else await dialog(page).getByLabel("Amount").fill(amount);
  await dialog(page).getByRole("button", { name: button, exact: true }).click();
  await expect(toast(page, done)).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
}

traderTest(
  "transfer to cross margin, borrow, buy with auto-loan, interest accrues, repay by hand and with an auto-repay sell",
  async (page) => {
    test.setTimeout(120_000);
    await page.goto("/margin/BTCUSDT");
    await expect(page.getByTestId("kline-chart")).toBeVisible();
    const gauge = box(page).getByRole("meter", { name: "Risk rate" });
    await expect(gauge).toHaveAttribute("aria-valuetext", /No debt/);

    // 1000 USDT from spot into the cross margin account.
    await money(page, "Transfer in", "1000", /Moved 1,000 USDT/);
    await expect.poll(() => figure(page, "margin-available")).toBe(1000);

    // Borrowing more than the limit is refused in the dialog; 200 USDT is borrowed.
    await box(page).getByRole("button", { name: "Borrow", exact: true }).click();
    await expect.poll(async () => plain(await dialog(page).getByTestId("margin-amount-max").textContent())).toBeGreaterThan(200);
    await dialog(page).getByLabel("Amount").fill("100000000");
    await dialog(page).getByRole("button", { name: "Borrow", exact: true }).click();
    await expect(dialog(page).getByText(/The most possible is/)).toBeVisible();
    await dialog(page).getByRole("button", { name: "Cancel" }).click();
    await money(page, "Borrow", "200", /Borrowed 200 USDT/);
    await expect.poll(() => figure(page, "margin-borrowed")).toBeGreaterThanOrEqual(200);
    await expect.poll(() => figure(page, "margin-available")).toBe(1200);
    await expect(gauge).toHaveAttribute("aria-valuetext", /Low risk|Medium risk/);
    await panels(page).getByRole("tab", { name: "Loans" }).click();
    await expect(panels(page).getByTestId("margin-borrow-records").getByTestId("margin-borrow-amount").first()).toHaveText("200");

    // A market buy of 1500 USDT with auto-loan: beyond the free balance, so it borrows the rest, confirmed first.
    await form(page).getByLabel("Loan mode").selectOption("autoLoan");
    await form(page).getByRole("button", { name: "Market", exact: true }).click();
    await expect.poll(async () => plain(await form(page).getByTestId("margin-max-buy").textContent())).toBeGreaterThan(0);
    await form(page).getByLabel("Total").fill("1500");
    await expect.poll(async () => plain(await form(page).getByTestId("margin-will-borrow").textContent())).toBe(300);
    await form(page).getByRole("button", { name: "Buy BTC" }).click();
    await expect(dialog(page).getByTestId("confirm-summary")).toContainText("Auto borrow");
    await expect(dialog(page).getByTestId("confirm-summary")).toContainText("300");
    await dialog(page).getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page, "Order placed")).toBeVisible();
    await expect(toast(page, /Buy filled: .* BTC at/)).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => figure(page, "margin-borrowed")).toBeGreaterThanOrEqual(500);

    // Interest accrues on the simulated clock: the owed interest grows, and the interest records list it.
    await expect.poll(() => figure(page, "margin-interest"), { timeout: 20_000 }).toBeGreaterThan(0);
    const first = await figure(page, "margin-interest");
    await expect.poll(() => figure(page, "margin-interest"), { timeout: 20_000 }).toBeGreaterThan(first);
    await panels(page).getByRole("tab", { name: "Interest" }).click();
    await expect(panels(page).getByTestId("margin-interest-records").getByRole("row").nth(1)).toBeVisible();

    // Repay part by hand (100 more USDT moved in for it), then sell the BTC with auto-repay: its
    // proceeds clear the rest of the debt and its interest at the fill.
    await money(page, "Transfer in", "200", /Moved 200 USDT/);
    const owed = await figure(page, "margin-borrowed");
    await money(page, "Repay", "100", /Repaid 100 USDT/);
    await expect.poll(() => figure(page, "margin-borrowed")).toBeLessThan(owed);
    await form(page).getByLabel("Loan mode").selectOption("autoRepay");
    await form(page).getByRole("group", { name: "Side" }).getByRole("button", { name: "Sell" }).click();
    await form(page).getByRole("button", { name: "100% of the available balance" }).click();
    await form(page).getByRole("button", { name: "Sell BTC" }).click();
    await dialog(page).getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page, /Sell filled: .* BTC at/)).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => figure(page, "margin-borrowed")).toBe(0);
    await expect.poll(() => figure(page, "margin-interest")).toBe(0);
    await expect.poll(() => figure(page, "margin-available")).toBeGreaterThan(500);
    await expect(gauge).toHaveAttribute("aria-valuetext", /No debt/);
    await panels(page).getByRole("tab", { name: "Repayments" }).click();
    await expect(panels(page).getByTestId("margin-repay-records").getByRole("row").nth(1)).toBeVisible();

    // The record pages list the same account.
    await page.goto("/record/margin");
    await page.getByRole("tab", { name: "Loans" }).click();
    // The manual loan and the order's automatic one.
    await expect(page.getByTestId("records-borrow").getByRole("row").nth(2)).toBeVisible();
    await page.goto("/order/marginOrderInfo?symbol=BTCUSDT");
    // The buy and the sell.
    await expect(page.getByTestId("margin-history").getByRole("row").nth(2)).toBeVisible();
  },
);

traderTest("isolated margin: its own account for the pair, a BTC loan, the gauge and dialogs accessible in both themes", async (page) => {
  await page.goto("/margin/BTCUSDT");
  await expect(page.getByTestId("kline-chart")).toBeVisible();
  await form(page).getByRole("group", { name: "Margin mode" }).getByRole("button", { name: "Isolated" }).click();
  await expect(box(page).getByRole("heading", { level: 2 })).toHaveText("Isolated margin account");
  await money(page, "Transfer in", "500", /Moved 500 USDT/);
  await expect.poll(() => figure(page, "margin-available")).toBe(500);

  // Borrow BTC (the base coin) in the pair's isolated account: a short's first half.
  await box(page).getByRole("group", { name: "Coin" }).getByRole("button", { name: "BTC" }).click();
  await expect.poll(() => figure(page, "margin-box-borrowable")).toBeGreaterThan(0.001);
  await money(page, "Borrow", "0.001", /Borrowed 0.001 BTC/);
  await expect.poll(() => figure(page, "margin-borrowed")).toBeGreaterThanOrEqual(0.001);
  const gauge = box(page).getByRole("meter", { name: "Risk rate" });
  await expect(gauge).toHaveAttribute("aria-valuetext", /%, (Low|Medium) risk/);
  await panels(page).getByRole("tab", { name: "Margin assets" }).click();
  await expect(panels(page).getByTestId("margin-borrowed-BTC")).toHaveText("0.001");

  // The cross account is another one: nothing was borrowed there.
  await form(page).getByRole("group", { name: "Margin mode" }).getByRole("button", { name: "Cross" }).click();
  await expect(box(page).getByRole("heading", { level: 2 })).toHaveText("Cross margin account");
  await expect(gauge).toHaveAttribute("aria-valuetext", /No debt/);
  await form(page).getByRole("group", { name: "Margin mode" }).getByRole("button", { name: "Isolated" }).click();
  await expect(gauge).toHaveAttribute("aria-valuetext", /risk/);

  // Out to spot again: no more than the loan leaves free (the gateway's max-transfer-out-amount).
  await box(page).getByRole("group", { name: "Coin" }).getByRole("button", { name: "USDT" }).click();
  await box(page).getByRole("button", { name: "Transfer out", exact: true }).click();
  await expect.poll(async () => plain(await dialog(page).getByTestId("margin-amount-max").textContent())).toBeGreaterThan(100);
  expect(plain(await dialog(page).getByTestId("margin-amount-max").textContent())).toBeLessThan(500);
  await dialog(page).getByRole("button", { name: "Cancel" }).click();
  await money(page, "Transfer out", "100", /Moved 100 USDT/);
  await expect.poll(() => figure(page, "margin-available")).toBe(400);

  // Accessible in the light theme and the dark one, the repay dialog open too (keyboard: Escape closes it).
  expect(await axeViolations(page)).toEqual([]);
  await box(page).getByRole("button", { name: "Repay", exact: true }).click();
  await expect(dialog(page).getByLabel("Amount")).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
  await page.getByRole("banner").locator("summary").click();
  await page.getByLabel("Dark").check();
  await expect(page.locator("html")).toHaveClass("black");
  await page.keyboard.press("Escape");
  expect(await axeViolations(page)).toEqual([]);
});
