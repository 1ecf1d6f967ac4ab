import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { axeViolations, registerThroughPage } from "./helpers";

/** Paying a fee in the platform coin (docs/decisions/353): buy BGB, switch on on the fee page, trade, see BGB charged. */
const panel = (page: Page) => page.getByRole("region", { name: "Place an order" });
const account = (page: Page) => page.getByRole("region", { name: "Your orders and balances" });

async function marketBuy(page: Page, symbol: string, total: string) {
  await page.goto(`/spot/${symbol}`);
  await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true");
  await panel(page).getByRole("button", { name: "Market" }).click();
  await panel(page).getByLabel("Total", { exact: true }).fill(total);
}

async function confirmBuy(page: Page, coin: string) {
  await panel(page)
    .getByRole("button", { name: `Buy ${coin}` })
    .click();
  await page
    .getByRole("dialog", { name: `Confirm: Buy ${coin}` })
    .getByRole("button", { name: "Confirm" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: `Buy order filled` }).first()).toBeVisible();
}

test("a trader buys BGB, switches fee payment to BGB on the fee page, and the next fill's fee is charged in BGB", async ({
  page,
  pageProblems,
}) => {
  await registerThroughPage(page, `gtfees-${Date.now()}@example.com`, "Passw0rd!x");

  // some BGB first, on its own pair (the switch is off: the fee is the usual BGB of a buy)
  await marketBuy(page, "BGBUSDT", "200");
  await expect(panel(page).getByTestId("order-fee-coin")).toHaveText("BGB");
  await confirmBuy(page, "BGB");

  // the fee page's switch
  await page.goto("/fee");
  const card = page.getByRole("region", { name: "Pay fees with BGB" });
  const toggle = card.getByRole("switch", { name: "Pay spot and margin fees with BGB (20 % off)" });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  await expect(card.getByTestId("gtfees-state")).toContainText("Off: fees are paid in the coin you receive.");
  await toggle.focus();
  await page.keyboard.press("Space");
  await expect(card.getByTestId("gtfees-state")).toContainText("On: fees are paid in BGB while your balance covers them.");
  await expect(toggle).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);

  // the order form says BGB will be charged, and the fill says it was
  await marketBuy(page, "ETHUSDT", "100");
  await expect(panel(page).getByTestId("order-fee-coin")).toHaveText("BGB (20 % off)");
  await expect(panel(page).getByTestId("order-fee")).toContainText("BGB");
  await confirmBuy(page, "ETH");
  await account(page).getByRole("tab", { name: "Trade history" }).click();
  const row = page.getByTestId("fills").getByRole("row").nth(1);
  await expect(row).toContainText("Buy");
  await expect(row).toContainText(/0\.\d+ BGB/);

  // switched off again: the form says ETH
  await page.goto("/fee");
  await card.getByRole("switch").click();
  await expect(card.getByTestId("gtfees-state")).toContainText("Off:");
  await marketBuy(page, "ETHUSDT", "100");
  await expect(panel(page).getByTestId("order-fee-coin")).toHaveText("ETH");
  expect(pageProblems).toEqual([]);
});
