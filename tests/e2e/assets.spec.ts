import type { Page } from "@playwright/test";
import { test, expect, testFrom } from "./fixtures";
import { axeViolations, guestSentTo, registerThroughPage, sticksOut } from "./helpers";

/**
 * The asset pages (issue 19 slice 2; docs/decisions/711): the overview in the trader's currency
 * with its charts, the switches, a transfer spot → futures → spot through the dialog, the demo
 * accounts, a phone, both themes and Arabic.
 */
let n = 0;
const newEmail = () => `assets-${Date.now()}-${n++}@example.com`;
const base = () => test.info().project.use.baseURL as string;
/** A trader who values in euros and shows amounts, registered through the page. */
const traderTest = testFrom(async (page) => {
  await page.context().addCookies([
    { name: "unit", value: "EUR", url: base() },
    { name: "valuation_unit", value: "1", url: base() },
    { name: "show_asset", value: "true", url: base() },
  ]);
  await registerThroughPage(page, newEmail(), "Passw0rd!x");
});

const dialog = (page: Page) => page.getByRole("dialog");
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });
const row = (page: Page, key: string) => page.getByTestId(`asset-row-${key}`);

/** Opens the transfer of a row, types the amount (or takes the max) and confirms; the toast says what moved. */
async function transferFromRow(page: Page, key: string, amount: string | "max", done: RegExp) {
  await page.getByTestId(`transfer-${key}`).click();
  await expect(dialog(page)).toBeVisible();
  if (amount === "max") {
    await expect.poll(async () => (await dialog(page).getByTestId("transfer-max").textContent()) ?? "—").not.toBe("—");
    await dialog(page).getByTestId("transfer-max").click();
  } else await dialog(page).getByLabel("Amount").fill(amount);
  await dialog(page).getByRole("button", { name: "Transfer", exact: true }).click();
  await expect(toast(page, done)).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
}

traderTest("the overview shows the equity in euros with both charts and their tables, and hides amounts on request", async (page) => {
  await page.getByRole("banner").getByRole("link", { name: "Assets", exact: true }).click();
  await expect(page).toHaveURL(/\/asset$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Assets overview");
  await expect(page.getByTestId("asset-total")).toContainText("€");
  for (const id of ["allocation-accounts", "allocation-coins"]) {
    await expect(page.getByTestId(id).locator("svg.recharts-surface")).toBeVisible();
  }
  await expect(page.getByTestId("allocation-accounts").getByRole("row", { name: /Spot/ })).toContainText("100%");
  await expect(page.getByTestId("allocation-coins").getByRole("rowheader", { name: "USDT" })).toBeVisible();
  // the 5 s snapshots of the browser tests' gateway put points on the equity chart (read again until one is in)
  const chart = page.getByTestId("equity-chart");
  await expect(async () => {
    await page.reload();
    await chart.getByText("Show as a table").click();
    // a header row, at least one snapshot and the point of now
    expect(await chart.getByRole("table").getByRole("row").count()).toBeGreaterThanOrEqual(3);
  }).toPass({ timeout: 30_000 });
  await expect(chart.locator(".recharts-area-area")).toBeVisible();
  await page.getByTestId("days-7").check();
  await expect(page.getByTestId("days-7")).toBeFocused();
  await expect(chart.getByRole("table").getByRole("row").nth(2)).toBeVisible();

  await page.getByTestId("hide-amounts").check();
  await expect(page.getByTestId("asset-total")).toHaveText(/••••••Amount hidden/);
  await page.getByTestId("hide-amounts").uncheck();
  await expect(page.getByTestId("asset-total")).toContainText("€");
});

traderTest("a transfer spot → futures → spot through the dialog, with toasts, field errors and the small-balance switch", async (page) => {
  await page.goto("/asset/spot");
  await expect(row(page, "USDT")).toBeVisible();
  await expect(page.getByTestId("value-USDT")).toContainText("€");

  // too much is refused at the amount, before anything is sent
  await page.getByTestId("transfer-USDT").click();
  await expect(dialog(page).getByTestId("transfer-from")).toHaveValue("spot");
  await expect(dialog(page).getByTestId("transfer-to")).toHaveValue("usdt_futures");
  await dialog(page).getByLabel("Amount").fill("99999999");
  await expect.poll(async () => (await dialog(page).getByTestId("transfer-max").textContent()) ?? "—").not.toBe("—");
  await dialog(page).getByRole("button", { name: "Transfer", exact: true }).click();
  await expect(dialog(page).getByText(/The most possible is/)).toBeVisible();
  await expect(dialog(page).getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
  await dialog(page).getByTestId("transfer-to").selectOption("spot");
  await dialog(page).getByLabel("Amount").fill("1");
  await dialog(page).getByRole("button", { name: "Transfer", exact: true }).click();
  await expect(dialog(page).getByText("Choose two different accounts.")).toBeVisible();
  await dialog(page).getByRole("button", { name: "Cancel" }).click();

  await transferFromRow(page, "USDT", "100.5", /Moved 100\.5 USDT from Spot to USDT-M futures/);
  await page.getByRole("navigation", { name: "Asset pages" }).getByRole("link", { name: "Futures" }).click();
  await expect(page.getByTestId("available-USDT")).toHaveText("100.5");
  await transferFromRow(page, "USDT", "100", /Moved 100 USDT from USDT-M futures to Spot/);
  await expect(page.getByTestId("available-USDT")).toHaveText("0.5");

  // 0.5 USDT is a small balance: the switch leaves it out and brings it back
  await page.getByTestId("hide-small").check();
  await expect(row(page, "USDT")).toHaveCount(0);
  await expect(page.getByText("No balances to show.")).toBeVisible();
  await page.getByTestId("hide-small").uncheck();
  await expect(row(page, "USDT")).toBeVisible();

  // the swap button turns the dialog round
  await page.getByTestId("open-transfer").click();
  await dialog(page).getByTestId("transfer-swap").click();
  await expect(dialog(page).getByTestId("transfer-from")).toHaveValue("usdt_futures");
  await expect(dialog(page).getByTestId("transfer-to")).toHaveValue("spot");
  await transferFromRowOpen(page, "0.5", /Moved 0\.5 USDT from USDT-M futures to Spot/);
  await page.getByTestId("asset-search").fill("nope");
  await expect(page.getByText("No balances to show.")).toBeVisible();
});

/** Confirms the open dialog with `amount`. */
async function transferFromRowOpen(page: Page, amount: string, done: RegExp) {
  await dialog(page).getByLabel("Amount").fill(amount);
  await dialog(page).getByRole("button", { name: "Transfer", exact: true }).click();
  await expect(toast(page, done)).toBeVisible();
}

traderTest("the margin list shows what is borrowed, and demo mode shows the demo accounts", async (page) => {
  await page.goto("/asset/spot");
  await transferFromRow(page, "USDT", "50", /Moved 50 USDT/);
  await dialogLess(page);
  await page.getByTestId("open-transfer").click();
  await dialog(page).getByTestId("transfer-to").selectOption("crossed_margin");
  await transferFromRowOpen(page, "20", /Moved 20 USDT from Spot to Cross margin/);
  await page.goto("/asset/margin");
  await expect(row(page, "crossed:USDT")).toContainText("Cross margin");
  await expect(page.getByTestId("available-crossed:USDT")).toHaveText("20");

  await page.evaluate(() => localStorage.setItem("common:simulation", "1"));
  await page.goto("/asset/spot");
  await expect(row(page, "BTC")).toBeVisible();
  await expect(row(page, "ETH")).toBeVisible();
  await page.evaluate(() => localStorage.removeItem("common:simulation"));
});

traderTest("a main account moves a coin to its sub-account and back through the dialog", async (page) => {
  await page.getByRole("link", { name: "Sub-accounts" }).click();
  await page.getByLabel("Nickname").fill("Desk A");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("row", { name: /Desk A/ })).toContainText("Active");
  await page.goto("/asset/spot");
  await page.getByTestId("open-transfer").click();
  const to = dialog(page).getByTestId("transfer-to");
  await expect(to.locator("option", { hasText: "Sub-account Desk A" })).toHaveCount(1);
  await to.selectOption({ label: "Sub-account Desk A" });
  await transferFromRowOpen(page, "12.5", /Moved 12\.5 USDT from Spot to Sub-account Desk A/);
  await page.getByTestId("open-transfer").click();
  await dialog(page).getByTestId("transfer-from").selectOption({ label: "Sub-account Desk A" });
  await dialog(page).getByTestId("transfer-to").selectOption("spot");
  await expect(dialog(page).getByTestId("transfer-max")).toHaveText("12.5");
  await dialog(page).getByTestId("transfer-max").click();
  await dialog(page).getByRole("button", { name: "Transfer", exact: true }).click();
  await expect(toast(page, /Moved 12\.5 USDT from Sub-account Desk A to Spot/)).toBeVisible();
});

/** Waits for the dialog to have closed. */
const dialogLess = (page: Page) => expect(dialog(page)).toHaveCount(0);

for (const theme of ["white", "black"] as const) {
  test(`the asset pages pass axe in the ${theme} theme, the transfer dialog open too`, async ({ page, pageProblems }) => {
    await page.context().addCookies([{ name: "theme", value: theme, url: base() }]);
    await registerThroughPage(page, newEmail(), "Passw0rd!x");
    await expect(page.locator("html")).toHaveClass(theme);
    for (const path of ["/asset", "/asset/spot", "/asset/margin", "/asset/futures"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
      expect(await axeViolations(page), path).toEqual([]);
    }
    await page.getByTestId("open-transfer").click();
    await expect(dialog(page)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(pageProblems).toEqual([]);
  });
}

test("on a 360 px phone nothing scrolls sideways; Arabic reads right to left; guests are sent to log in", async ({
  page,
  request,
  pageProblems,
}) => {
  for (const path of ["/asset", "/asset/spot", "/asset/margin", "/asset/futures"]) {
    expect(await guestSentTo(request, path), path).toMatch(/\/login\?.*asset/);
  }
  await registerThroughPage(page, newEmail(), "Passw0rd!x");
  await page.setViewportSize({ width: 360, height: 780 });
  for (const path of ["/asset", "/asset/spot", "/asset/margin", "/asset/futures"]) {
    await page.goto(path);
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    expect(await sticksOut(page), path).toBeLessThanOrEqual(0);
  }
  await page.getByTestId("open-transfer").click();
  expect(await sticksOut(page)).toBeLessThanOrEqual(0);
  await page.keyboard.press("Escape");

  await page.goto("/ar/asset");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("نظرة عامة على الأصول");
  await expect(page.getByRole("navigation", { name: "صفحات الأصول" }).getByRole("link", { name: "فوري" })).toBeVisible();
  expect(pageProblems).toEqual([]);
});
