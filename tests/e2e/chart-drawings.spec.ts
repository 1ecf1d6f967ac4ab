import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { storedItem } from "./helpers";

// At 1280×720 the pro layout leaves the chart's pane about 130 px once the drawing list is open:
// a window traders use for drawing gives clicks room (the spot screen's tests do the same).
test.use({ viewport: { width: 1440, height: 900 } });

const region = (page: Page) => page.getByRole("region", { name: "Price chart" });
const canvas = (page: Page) => page.getByTestId("kline-chart");
const tools = (page: Page) => region(page).getByRole("group", { name: "Drawing tools" });
const list = (page: Page) => region(page).getByRole("list", { name: "Drawings on this chart" });

/** The spot page with the chart library loaded and candles drawn. */
async function openChart(page: Page, path = "/spot/BTCUSDT") {
  await page.goto(path);
  await expect(canvas(page).locator("canvas").first()).toBeVisible();
  await expect(region(page).getByRole("status").filter({ hasText: "Loading the chart" })).toHaveCount(0);
  await expect.poll(async () => Number(await canvas(page).getAttribute("data-candles"))).toBeGreaterThan(10);
}

/**
 * A click on the price pane at a fraction of its width and height, once the pane has stopped moving:
 * a tool's status line, the legend's second line or a new candle's figures can still be laid out
 * after the step before, and a box measured during that would send the click beside the pane.
 */
async function clickChart(page: Page, fx: number, fy: number) {
  let box = (await canvas(page).boundingBox())!;
  await expect
    .poll(async () => {
      const was = box;
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      box = (await canvas(page).boundingBox())!;
      return JSON.stringify(box) === JSON.stringify(was);
    })
    .toBe(true);
  await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

const prices = (text: string) => (text.match(/\d[\d,]*\.\d+/g) ?? []).map((p) => Number(p.replaceAll(",", "")));

test("a trader draws a trend line and a horizontal line, finds them after a reload, and deletes them", async ({ page }) => {
  await openChart(page);
  await region(page).locator("summary", { hasText: "Drawings (0)" }).click();
  await expect(region(page).getByText("No drawings on this pair yet.")).toBeVisible();

  // A trend line is two clicks on the chart.
  await tools(page).getByRole("button", { name: "Trend line" }).click();
  await expect(tools(page).getByRole("button", { name: "Trend line" })).toHaveAttribute("aria-pressed", "true");
  await expect(region(page).getByRole("status").filter({ hasText: "click the chart to place it" })).toBeVisible();
  // Far apart in height: the price axis rescales as the market moves between the two clicks, and a
  // fifth of the pane between them was once overturned by that (the second point read higher). Not
  // at the pane's edge: the pane moves by a line's height when the legend wraps.
  await clickChart(page, 0.2, 0.25);
  await expect(region(page).getByRole("status").filter({ hasText: "second point" })).toBeVisible();
  await clickChart(page, 0.4, 0.75);
  await expect(tools(page).getByRole("button", { name: "Trend line" })).toHaveAttribute("aria-pressed", "false");

  // Escape gives up a drawing half placed.
  await tools(page).getByRole("button", { name: "Fib retracement" }).click();
  await clickChart(page, 0.2, 0.3);
  await page.keyboard.press("Escape");
  await expect(tools(page).getByRole("button", { name: "Fib retracement" })).toHaveAttribute("aria-pressed", "false");

  // A horizontal line is one click.
  await tools(page).getByRole("button", { name: "Horizontal line" }).click();
  await clickChart(page, 0.5, 0.5);

  await expect(list(page).getByRole("listitem")).toHaveCount(2);
  const trend = list(page)
    .getByRole("listitem")
    .filter({ hasText: /^Trend line / });
  const hline = list(page)
    .getByRole("listitem")
    .filter({ hasText: /^Horizontal line / });
  const trendText = (await trend.locator("span").first().innerText()).trim();
  const hlineText = (await hline.locator("span").first().innerText()).trim();
  // The trend line was drawn from higher up to lower down: its first price is the higher one.
  // (The price axis rescales as the market moves, so the line's exact price is not known.)
  const [from, to] = prices(trendText);
  expect(from).toBeGreaterThan(to!);
  expect(prices(hlineText)).toHaveLength(1);
  expect(JSON.parse((await storedItem(page, "common:klineDrawings:SPOT:BTCUSDT"))!)).toHaveLength(2);

  await page.reload();
  await expect(canvas(page).locator("canvas").first()).toBeVisible();
  await region(page).locator("summary", { hasText: "Drawings (2)" }).click();
  await expect(list(page).getByRole("listitem").locator("span").first()).toHaveText(trendText);
  await expect(list(page).getByRole("listitem").nth(1).locator("span").first()).toHaveText(hlineText);
  const axe = await new AxeBuilder({ page }).include("section.kline-chart").withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id} ${v.nodes.map((x) => x.target.join(" ")).join(", ")}`)).toEqual([]);

  // Another pair has drawings of its own.
  await openChart(page, "/spot/ETHUSDT");
  await expect(region(page).locator("summary", { hasText: "Drawings (0)" })).toBeVisible();
  await page.goBack();
  await expect(canvas(page).locator("canvas").first()).toBeVisible();

  // Selecting from the list, then Delete removes the selected drawing.
  await region(page).locator("summary", { hasText: "Drawings (2)" }).click();
  await list(page)
    .getByRole("button", { name: /^Select Horizontal line/ })
    .click();
  await expect(list(page).getByRole("button", { name: /^Select Horizontal line/ })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Delete");
  await expect(list(page).getByRole("listitem")).toHaveCount(1);
  await list(page)
    .getByRole("button", { name: /^Delete Trend line/ })
    .click();
  await expect(region(page).getByText("No drawings on this pair yet.")).toBeVisible();
  expect(await storedItem(page, "common:klineDrawings:SPOT:BTCUSDT")).toBeNull();
});

test("a note is placed with the text tool, and clear all removes every drawing", async ({ page }) => {
  await openChart(page);
  await tools(page).getByRole("button", { name: "Text" }).click();
  await clickChart(page, 0.4, 0.3);
  await region(page).getByRole("textbox", { name: "Note" }).fill("breakout");
  await page.keyboard.press("Enter");
  await tools(page).getByRole("button", { name: "Rectangle" }).click();
  await clickChart(page, 0.2, 0.2);
  await clickChart(page, 0.4, 0.5);
  // From the keyboard: a horizontal ray and a trend line at typed prices.
  await tools(page).getByRole("button", { name: "Horizontal ray" }).focus();
  await page.keyboard.press("Enter");
  const byPrice = region(page).getByRole("form", { name: "Place by price" });
  await region(page).locator("summary", { hasText: "Place by price" }).click();
  await byPrice.getByRole("textbox", { name: "Price" }).fill("50000");
  await page.keyboard.press("Enter");
  await tools(page).getByRole("button", { name: "Trend line" }).focus();
  await page.keyboard.press("Enter");
  await region(page).locator("summary", { hasText: "Place by price" }).click();
  await byPrice.getByRole("textbox", { name: "First price" }).fill("48000.5");
  await byPrice.getByRole("textbox", { name: "Second price" }).fill("52000");
  await byPrice.getByRole("button", { name: "Place" }).press("Enter");
  await region(page).locator("summary", { hasText: "Drawings (4)" }).click();
  await expect(list(page).getByRole("listitem").nth(2)).toContainText("Horizontal ray 50,000.00");
  await expect(list(page).getByRole("listitem").nth(3)).toContainText("Trend line 48,000.50 → 52,000.00");
  await expect(list(page).getByRole("listitem").first()).toContainText("Text “breakout” at");
  await expect(list(page).getByRole("listitem").nth(1)).toContainText(/^Rectangle [\d,.]+ – [\d,.]+/);
  await region(page).getByRole("button", { name: "Clear all drawings" }).click();
  await expect(region(page).getByText("No drawings on this pair yet.")).toBeVisible();
});

test("the new studies draw with their settings, changed in a dialog and kept", async ({ page }) => {
  await openChart(page);
  for (const name of ["VWAP", "SAR", "StochRSI", "KDJ", "ATR", "OBV"])
    await region(page).getByRole("button", { name, exact: true }).click();
  await expect(canvas(page)).toHaveAttribute("data-studies", "vol,ma,vwap,sar,stochrsi,kdj,atr,obv");
  await expect(canvas(page)).toHaveAttribute("data-panes", "4");
  const legend = page.getByTestId("chart-study-legend");
  await expect(legend).toContainText("ATR(14)");
  await expect(legend).toContainText("KDJ(9, 3, 3)");
  await expect(legend).toContainText("StochRSI(14, 14, 3, 3)");

  await region(page).getByRole("button", { name: "Indicator settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Indicator settings" });
  const atrLength = dialog.getByRole("group", { name: "Average true range" }).getByRole("spinbutton", { name: "Length" });
  await atrLength.fill("0");
  await expect(dialog.getByRole("alert")).toHaveText("Some values are outside their allowed range.");
  const axe = await new AxeBuilder({ page }).include(".confirm-dialog").withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id} ${v.nodes.map((x) => x.target.join(" ")).join(", ")}`)).toEqual([]);
  await atrLength.fill("21");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(legend).toContainText("ATR(21)");
  expect(JSON.parse((await storedItem(page, "common:klineStudyParams"))!)).toEqual({ atr: { n: 21 } });

  await page.reload();
  await expect(page.getByTestId("chart-study-legend")).toContainText("ATR(21)");
});
