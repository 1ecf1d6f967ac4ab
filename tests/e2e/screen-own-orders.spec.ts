import type { Page } from "@playwright/test";
import { V2 } from "../../protocol/bitget";
import { makeKey, signedHeaders } from "../../gateway/exchange/testing/harness";
import { expect, testFrom } from "./fixtures";
import { registerThroughPage, storedItem } from "./helpers";

/**
 * Each screen marks only its own account's orders (issue 28 item 4; docs/decisions/715): a spot
 * plan order is a line on the spot chart and never on the margin chart, which draws the margin
 * account's own limit orders and offers no plan-order marks (a margin account has no plans).
 */
const traderTest = testFrom((page) => registerThroughPage(page, `own-marks-${Date.now()}@example.com`, "Passw0rd!x"));

const chart = (page: Page) => page.getByTestId("kline-chart");
const region = (page: Page) => page.getByRole("region", { name: "Price chart" });
const box = (page: Page) => page.getByTestId("margin-account");
const form = (page: Page) => page.getByRole("region", { name: "Margin order" }).last();
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

traderTest("a spot plan order is drawn on the spot chart only; the margin chart draws the margin account's order", async (page) => {
  await page.goto("/spot/BTCUSDT");
  await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true");
  const userId = (await storedItem(page, "common:globalUserId")) as string;
  const key = makeKey(process.env.E2E_DATA_DIR as string, userId);
  const body = JSON.stringify({
    symbol: "BTCUSDT",
    side: "buy",
    triggerPrice: "150000.00",
    orderType: "limit",
    executePrice: "150000.00",
    size: "0.001",
  });
  const placed = await page.request.post(V2.placePlan, {
    headers: { "content-type": "application/json", ...signedHeaders(key, "POST", V2.placePlan, body) },
    data: body,
  });
  expect(((await placed.json()) as { code: string }).code).toBe("00000");
  await expect(chart(page)).toHaveAttribute("data-price-lines", "150000");

  // The margin screen: the plan is waiting all along, and its account has no orders yet.
  await page.goto("/margin/BTCUSDT");
  await expect(chart(page).locator("canvas").first()).toBeVisible();
  // Its own resting limit order is the only line (the plan's snapshot came long before it).
  await box(page).getByRole("button", { name: "Transfer in", exact: true }).click();
  await page.getByRole("dialog").getByLabel("Amount").fill("100");
  await page.getByRole("dialog").getByRole("button", { name: "Transfer in", exact: true }).click();
  await expect(toast(page, /Moved 100 USDT/)).toBeVisible();
  await form(page).getByLabel("Price", { exact: true }).fill("20000");
  await form(page).getByLabel("Amount", { exact: true }).fill("0.001");
  await form(page).getByRole("button", { name: "Buy BTC" }).click();
  await expect(toast(page, "Order placed")).toBeVisible();
  await expect(chart(page)).toHaveAttribute("data-price-lines", "20000");
  await expect(page.getByRole("img", { name: /Your plan orders/ })).toHaveCount(0);
  // Nor does it offer to mark plan orders it cannot have.
  await region(page).locator("summary", { hasText: "Chart settings" }).click();
  await expect(region(page).getByRole("checkbox", { name: "My open orders" })).toBeVisible();
  await expect(region(page).getByRole("checkbox", { name: "My plan orders" })).toHaveCount(0);
});
