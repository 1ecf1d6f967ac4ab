import type { Page } from "@playwright/test";
import { expect, testFrom } from "./fixtures";
import { axeViolations, registerThroughPage } from "./helpers";

/**
 * The spot trigger form starts from the market, never from an earlier order's price, and says in
 * words what the order will do before it is sent (issue 28 item 5; docs/decisions/715).
 */
const traderTest = testFrom((page) => registerThroughPage(page, `trigger-form-${Date.now()}@example.com`, "Passw0rd!x"));

const panel = (page: Page) => page.getByRole("region", { name: "Place an order" });
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });
const plain = (v: string) => Number(v.replace(/,/g, ""));

traderTest("a trigger order prefills from the market, its order price follows the trigger, and it says what it will do", async (page) => {
  await page.goto("/spot/BTCUSDT");
  await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true");
  await expect(panel(page).getByTestId("available")).toHaveText("10,000");
  // An earlier limit order far under the market.
  await panel(page).getByLabel("Price", { exact: true }).fill("20000");
  await panel(page).getByLabel("Amount", { exact: true }).fill("0.001");
  await panel(page).getByRole("button", { name: "Buy BTC" }).click();
  await expect(toast(page, "Order placed")).toBeVisible();

  // The trigger tab: both prices from the market now, not the 20,000 of the limit order.
  await panel(page).getByRole("button", { name: "Trigger", exact: true }).click();
  const trigger = panel(page).getByLabel("Trigger price");
  const price = panel(page).getByLabel("Order price");
  const recent = await page.request.get("/api/v2/spot/market/fills?symbol=BTCUSDT&limit=1");
  const last = Number(((await recent.json()) as { data: Array<{ price: string }> }).data[0]!.price);
  const prefilled = plain(await trigger.inputValue());
  expect(Math.abs(prefilled - last) / last).toBeLessThan(0.05);
  expect(plain(await price.inputValue())).toBe(prefilled);

  // The order price follows the trigger until the trader types one.
  await trigger.fill("99000");
  await expect(price).toHaveValue(/^99,?000(\.00)?$/);
  await panel(page).getByLabel("Amount", { exact: true }).fill("0.001");
  const says = panel(page).getByTestId("plan-says");
  await expect(says).toHaveText("When the last price reaches 99,000.00, buy 0.001 BTC at 99,000.00.");
  await price.fill("98900");
  await expect(says).toHaveText("When the last price reaches 99,000.00, buy 0.001 BTC at 98,900.00.");
  await trigger.fill("99500");
  await expect(price).toHaveValue(/^98,?900(\.00)?$/);
  await expect(says).toHaveText("When the last price reaches 99,500.00, buy 0.001 BTC at 98,900.00.");
  expect(await axeViolations(page)).toEqual([]);

  // The confirmation says it again; the plan goes in with exactly those prices.
  await panel(page).getByRole("button", { name: "Buy BTC" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm: Buy BTC" });
  await expect(dialog).toContainText("When the last price reaches 99,500.00, buy 0.001 BTC at 98,900.00.");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(toast(page, "Plan order placed")).toBeVisible();
  await page.getByRole("region", { name: "Your orders and balances" }).getByRole("tab", { name: "Plan orders (1)" }).click();
  const row = page.getByTestId("plan-orders").getByRole("row").nth(1);
  await expect(row).toContainText("99,500.00");
  await expect(row).toContainText("98,900.00");

  // A market plan says so too.
  await panel(page).getByRole("group", { name: "Order at the trigger" }).getByRole("button", { name: "Market" }).click();
  await panel(page).getByLabel("Total", { exact: true }).fill("50");
  await expect(says).toHaveText("When the last price reaches 99,500.00, buy with 50 USDT at the market price.");
});
