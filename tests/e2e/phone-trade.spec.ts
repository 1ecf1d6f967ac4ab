import { expect as baseExpect, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axeViolations, newFuturesTrader, openFuturesOnPage, registerThroughPage, sticksOut } from "./helpers";

/** The phone's trading routes of the specification (issue 29 item 4; docs/decisions/723). */
let n = 0;
const PHONE = { width: 390, height: 844 };
const newEmail = () => `phone-${Date.now()}-${n++}@example.com`;
const sheet = (page: Page) => page.getByTestId("order-sheet");
const bar = (page: Page) => page.getByTestId("phone-bar");
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });
const plain = (text: string | null) => Number((text ?? "").replace(/[^\d.-]/g, ""));

/** Nothing scrolls sideways, and every button of the sticky bar is on screen. */
async function fitsThePhone(page: Page) {
  baseExpect(await sticksOut(page)).toBeLessThanOrEqual(0);
  const actions = bar(page).locator("a, button");
  await expect(actions).toHaveCount(2);
  for (const a of await actions.all()) await expect(a).toBeInViewport({ ratio: 1 });
}

test("every phone route fits 390 × 844 with its actions on screen; the order sheet keeps its submit in view", async ({
  page,
  pageProblems,
}) => {
  await registerThroughPage(page, newEmail(), "Passw0rd!x");
  // futures opened (docs/decisions/351), so the swap sheet holds the order form
  await page.goto("/futures/usdt/BTCUSDT");
  await openFuturesOnPage(page);
  await page.setViewportSize(PHONE);
  for (const [path, submit] of [
    ["/trade-spot/BTCUSDT", "Buy BTC"],
    ["/trade-margin/BTCUSDT", "Buy BTC"],
    ["/trade-swap/BTCUSDT", "Open long"],
  ] as const) {
    await page.goto(path);
    await fitsThePhone(page);
    expect(await axeViolations(page), path).toEqual([]);
    await bar(page).getByRole("button").first().click();
    await expect(sheet(page)).toBeVisible();
    // the sheet is the page's modal dialog, named by its heading; its submit is on screen at once
    await expect(page.getByRole("dialog")).toHaveCount(1);
    const button = sheet(page).getByRole("button", { name: submit, exact: true });
    await expect(button).toBeInViewport({ ratio: 1 });
    expect(await axeViolations(page), `${path} with its order sheet open`).toEqual([]);
    // a longer form (TP/SL fields open, where the form has them) still keeps it there
    const tpsl = sheet(page).getByRole("checkbox", { name: /TP\/SL/ });
    if ((await tpsl.count()) > 0) {
      await tpsl.check();
      await expect(button).toBeInViewport({ ratio: 1 });
    }
    await page.keyboard.press("Escape");
    await expect(sheet(page)).toBeHidden();
    baseExpect(await sticksOut(page)).toBeLessThanOrEqual(0);
  }
  for (const path of ["/trade-info/BTCUSDT", "/trade-asset", "/trade-asset-order"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await fitsThePhone(page);
    expect(await axeViolations(page), path).toEqual([]);
  }
  await expect(page.getByRole("heading", { name: "Spot orders" })).toBeVisible();
  await page.goto("/trade-info/BTCUSDT");
  await expect(page.getByTestId("pair-facts")).toContainText("Smallest order value");
  expect(pageProblems).toEqual([]);
});

test("a limit order is placed from the sheet on /trade-spot, shows as a card (also on /trade-asset-order) and is cancelled", async ({
  page,
  pageProblems,
}) => {
  await registerThroughPage(page, newEmail(), "Passw0rd!x");
  await page.setViewportSize(PHONE);
  await page.goto("/trade-spot/BTCUSDT");
  await bar(page).getByRole("button", { name: "Buy" }).click();
  await sheet(page).getByLabel("Price", { exact: true }).fill("20000");
  await sheet(page).getByLabel("Amount", { exact: true }).fill("0.01");
  await expect(sheet(page).getByTestId("order-value")).toHaveText("200 USDT");
  await sheet(page).getByRole("button", { name: "Buy BTC" }).click();
  // placed: the sheet closes and the order is a card of the open orders, nothing wider than the phone
  await expect(sheet(page)).toBeHidden();
  await expect(toast(page, "Order placed")).toBeVisible();
  const open = page.getByTestId("open-orders");
  await expect(open.getByRole("button", { name: "Cancel the Buy order of 0.01 at 20,000.00" })).toBeVisible();
  await expect(open.locator("td[data-label='Price']")).toContainText("20,000.00");
  baseExpect(await sticksOut(page)).toBeLessThanOrEqual(0);

  await page.goto("/trade-asset-order");
  const card = page.getByTestId("order-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("BTCUSDT");
  await expect(card).toContainText("20,000.00");

  await page.goto("/trade-spot/BTCUSDT");
  await page.getByRole("button", { name: "Cancel the Buy order of 0.01 at 20,000.00" }).click();
  await expect(page.getByText("No open orders on this market.")).toBeVisible();
  await page.goto("/trade-asset-order");
  await expect(page.getByRole("region", { name: "Spot orders" }).getByText("No open orders.")).toBeVisible();
  expect(pageProblems).toEqual([]);
});

test("a market buy from the sheet is confirmed above it and the stream's fill toast follows", async ({ page, pageProblems }) => {
  await registerThroughPage(page, newEmail(), "Passw0rd!x");
  await page.setViewportSize(PHONE);
  await page.goto("/trade-spot/BTCUSDT");
  await bar(page).getByRole("button", { name: "Buy" }).click();
  await sheet(page).getByRole("button", { name: "Market", exact: true }).click();
  await sheet(page).getByLabel("Total", { exact: true }).fill("50");
  await sheet(page).getByRole("button", { name: "Buy BTC" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm: Buy BTC" });
  await expect(confirm.getByRole("button", { name: "Confirm" })).toBeFocused();
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(toast(page, /Buy order filled: 0\.000\d+ BTC/)).toBeVisible();
  expect(pageProblems).toEqual([]);
});

test("a limit order is placed from the sheet on /trade-swap and cancelled from its card", async ({ page, pageProblems }) => {
  await newFuturesTrader(page, "/futures/usdt/BTCUSDT", "1000");
  await page.setViewportSize(PHONE);
  await page.goto("/trade-swap/BTCUSDT");
  const last = plain(await page.getByTestId("last-price").textContent());
  await bar(page).getByRole("button", { name: "Open long" }).click();
  const form = sheet(page).getByRole("region", { name: "Futures order" });
  await form.getByRole("button", { name: "Limit", exact: true }).click();
  await form.getByLabel("Price").fill(String(Math.floor(last * 0.8)));
  await form.getByLabel("Size").fill("10000");
  await form.getByTestId("futures-unit").selectOption("contract");
  await expect(form.getByTestId("submit-long")).toBeInViewport({ ratio: 1 });
  await form.getByTestId("submit-long").click();
  await expect(sheet(page)).toBeHidden();
  await expect(toast(page, "Order placed")).toBeVisible();
  const panels = page.getByRole("region", { name: "Positions and orders" });
  await panels.getByRole("tab", { name: /Open orders/ }).click();
  const open = panels.getByTestId("futures-open-orders");
  await expect(open).toContainText("Open long");
  baseExpect(await sticksOut(page)).toBeLessThanOrEqual(0);
  await open.getByRole("button", { name: "Cancel" }).click();
  await expect(toast(page, "Order cancelled")).toBeVisible();
  await expect(panels.getByText("No open orders")).toBeVisible();
  expect(pageProblems).toEqual([]);
});

test("a desktop trading screen on a phone links to its phone twin, which links back", async ({ page, pageProblems }) => {
  await page.setViewportSize(PHONE);
  for (const [desktop, phone] of [
    ["/spot/BTCUSDT", "/trade-spot/BTCUSDT"],
    ["/margin/BTCUSDT", "/trade-margin/BTCUSDT"],
    ["/futures/usdt/BTCUSDT", "/trade-swap/BTCUSDT"],
  ] as const) {
    await page.goto(desktop);
    await page.getByRole("link", { name: "Open the phone view of this market" }).click();
    await expect(page).toHaveURL(new RegExp(`${phone}$`));
    await page.getByRole("link", { name: "Desktop view" }).click();
    await expect(page).toHaveURL(new RegExp(`${desktop}$`));
  }
  // in a wide window the banner is not shown; under a locale prefix the twin keeps it
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByTestId("phone-twin")).toBeHidden();
  await page.setViewportSize(PHONE);
  await page.goto("/ja/spot/ETHUSDT");
  await expect(page.getByTestId("phone-twin").getByRole("link")).toHaveAttribute("href", "/ja/trade-spot/ETHUSDT");
  expect(pageProblems).toEqual([]);
});
