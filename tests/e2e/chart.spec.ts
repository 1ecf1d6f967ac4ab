import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { V2 } from "../../protocol/bitget";
import { makeKey, signedHeaders } from "../../gateway/exchange/testing/harness";
import { test, expect } from "./fixtures";
import { registerThroughPage, storedItem } from "./helpers";

let n = 0;
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `203.0.113.${120 + n}` });
});
const newEmail = () => `charter-${Date.now()}-${n++}@example.com`;

const region = (page: Page) => page.getByRole("region", { name: "Price chart" });
const canvas = (page: Page) => page.getByTestId("kline-chart");
const panel = (page: Page) => page.getByRole("region", { name: "Place an order" });

/** The spot page with the chart library loaded and candles drawn. */
async function openChart(page: Page) {
  await page.goto("/spot/BTCUSDT");
  await expect(region(page)).toBeVisible();
  await expect(canvas(page).locator("canvas").first()).toBeVisible();
  await expect(region(page).getByRole("status").filter({ hasText: "Loading the chart" })).toHaveCount(0);
}

test("the chart loads after first paint, keeps its interval and studies, and pages older candles in", async ({ page, pageProblems }) => {
  await openChart(page);
  await expect(
    page.getByRole("img", {
      name: /^BTCUSDT, 1 minute candles\. Last candle .*: open [\d,.]+, high [\d,.]+, low [\d,.]+, close [\d,.]+, volume/,
    }),
  ).toBeVisible();
  // The live bar grows from the candle stream (the simulated market trades every second).
  const summary = page.locator(`[id="${await canvas(page).getAttribute("aria-labelledby")}"]`);
  const first = await summary.innerText();
  await expect.poll(() => summary.innerText(), { timeout: 20_000 }).not.toBe(first);
  // The crosshair's legend follows the candle under the pointer.
  const legend = page.getByTestId("chart-legend");
  const latest = await legend.innerText();
  const area = (await canvas(page).boundingBox())!;
  await page.mouse.move(area.x + area.width * 0.3, area.y + area.height * 0.4);
  await expect(legend).not.toHaveText(latest);
  await expect(page.getByTestId("chart-study-legend")).toContainText("MA(7)");
  await page.mouse.move(0, 0);
  // Every interval of the API is offered.
  const intervals = region(page).getByRole("group", { name: "Candle interval" }).getByRole("button");
  await expect(intervals).toHaveText(["1m", "3m", "5m", "15m", "30m", "1h", "4h", "6h", "12h", "1D", "3D", "1W", "1M"]);

  await region(page).getByRole("button", { name: "15m", exact: true }).click();
  await expect(canvas(page)).toHaveAttribute("data-interval", "15");
  await expect(page.getByRole("img", { name: /^BTCUSDT, 15 minutes candles/ })).toBeVisible();
  const panes = await canvas(page).locator("canvas").count();
  await region(page).getByRole("button", { name: "RSI", exact: true }).click();
  await expect(region(page).getByRole("button", { name: "RSI", exact: true })).toHaveAttribute("aria-pressed", "true");
  // RSI gets a pane of its own: the library draws more canvases.
  await expect.poll(() => canvas(page).locator("canvas").count()).toBeGreaterThan(panes);
  await region(page).getByRole("button", { name: "MA", exact: true }).click();
  expect(await storedItem(page, "common:klineInterval")).toBe("15");
  expect(await storedItem(page, "common:klineStudies")).toBe("vol,rsi");

  await page.reload();
  await expect(region(page).getByRole("button", { name: "15m", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(region(page).getByRole("button", { name: "RSI", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(region(page).getByRole("button", { name: "MA", exact: true })).toHaveAttribute("aria-pressed", "false");
  await expect(canvas(page)).toHaveAttribute("data-interval", "15");
  await expect(canvas(page)).toHaveAttribute("data-studies", "vol,rsi");

  // Dragging the chart to the right shows older time; the page asks the gateway for more.
  // Eight drags of 60 % of its width reach the first candle in the pro layout's narrower chart too.
  const before = Number(await canvas(page).getAttribute("data-candles"));
  const box = (await canvas(page).boundingBox())!;
  for (let i = 0; i < 8; i++) {
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.3);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.3, { steps: 8 });
    await page.mouse.up();
  }
  await expect.poll(async () => Number(await canvas(page).getAttribute("data-candles"))).toBeGreaterThan(before);
  // The keyboard reaches further back too: focus the chart and hold the left arrow.
  const dragged = Number(await canvas(page).getAttribute("data-candles"));
  await canvas(page).focus();
  await expect(canvas(page)).toHaveAccessibleDescription(/arrow keys to move through time/);
  await expect
    .poll(
      async () => {
        for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowLeft");
        return Number(await canvas(page).getAttribute("data-candles"));
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(dragged);

  // The depth view draws the book the page follows.
  await region(page).getByRole("button", { name: "Depth", exact: true }).click();
  await expect(page.getByRole("img", { name: /^Order book depth: bids total/ })).toBeVisible();
  expect(await storedItem(page, "common:klineView")).toBe("depth");
  await region(page).getByRole("button", { name: "Candles", exact: true }).click();
  await expect(canvas(page).locator("canvas").first()).toBeVisible();
  expect(pageProblems).toEqual([]);
});

test("an open order is a price line on the chart, behind its preference, with the marks tip", async ({ page, pageProblems }) => {
  await registerThroughPage(page, newEmail(), "Passw0rd!x");
  await openChart(page);
  await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true");
  await panel(page).getByLabel("Price", { exact: true }).fill("20000");
  await panel(page).getByLabel("Amount", { exact: true }).fill("0.01");
  await panel(page).getByRole("button", { name: "Buy BTC" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Order placed" })).toBeVisible();

  // The line is on the canvas (the chart reports the prices it drew) and in the text summary.
  await expect(canvas(page)).toHaveAttribute("data-price-lines", "20000");
  await expect(page.getByRole("img", { name: /Your open orders: Buy 0\.01 at 20,000\.00/ })).toBeVisible();
  const tip = region(page).getByRole("note");
  await expect(tip).toContainText("Lines on the chart mark your open orders");
  await tip.getByRole("button", { name: "Don't show again" }).click();
  await expect(tip).toHaveCount(0);
  expect(await storedItem(page, "common:moveKlineMarkTip")).toBe("false");

  // The open-orders mark preference hides the line and is remembered.
  await region(page).locator("summary", { hasText: "Chart settings" }).click();
  await region(page).getByRole("checkbox", { name: "My open orders" }).uncheck();
  await expect(canvas(page)).toHaveAttribute("data-price-lines", "");
  await expect(page.getByRole("img", { name: /Your open orders/ })).toHaveCount(0);
  expect(await storedItem(page, "common:entrustKlineMark")).toBe("false");
  await page.reload();
  await expect(canvas(page).locator("canvas").first()).toBeVisible();
  await expect(page.getByTestId("open-orders").getByRole("row")).toHaveCount(2);
  await expect(canvas(page)).toHaveAttribute("data-price-lines", "");
  await region(page).locator("summary", { hasText: "Chart settings" }).click();
  await region(page).getByRole("checkbox", { name: "My open orders" }).check();
  await expect(canvas(page)).toHaveAttribute("data-price-lines", "20000");
  await expect(region(page).getByRole("note")).toHaveCount(0);

  // A market buy fills: an arrow on the candle it happened in, and a word in the summary.
  await expect(canvas(page)).toHaveAttribute("data-fill-marks", "0");
  await panel(page).getByRole("button", { name: "Market" }).click();
  await panel(page).getByLabel("Total", { exact: true }).fill("100");
  await panel(page).getByRole("button", { name: "Buy BTC" }).click();
  await page.getByRole("dialog", { name: "Confirm: Buy BTC" }).getByRole("button", { name: "Confirm" }).click();
  await expect(canvas(page)).not.toHaveAttribute("data-fill-marks", "0");
  await expect(page.getByRole("img", { name: /Your fills marked on the candles: [1-9]/ })).toBeVisible();
  // Chart settings are still open from above.
  await region(page).getByRole("checkbox", { name: "My fills" }).uncheck();
  await expect(canvas(page)).toHaveAttribute("data-fill-marks", "0");
  expect(await storedItem(page, "common:positionKlineMark")).toBe("false");
  expect(pageProblems).toEqual([]);
});

test("the chart's colours follow the theme and the rising-colour preference, at once", async ({ page, pageProblems }) => {
  const token = (name: string) => page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
  await openChart(page);
  const lightGreen = await token("--color-success-text");
  await expect(canvas(page)).toHaveAttribute("data-up-color", lightGreen);
  await expect(canvas(page)).toHaveAttribute("data-down-color", await token("--color-error-text"));
  // The dark theme, switched without a reload: the chart takes the dark tokens.
  await page.getByRole("banner").locator("summary").click();
  await page.getByLabel("Dark").check();
  await expect(page.locator("html")).toHaveClass("black");
  const darkGreen = await token("--color-success-text");
  expect(darkGreen).not.toBe(lightGreen);
  await expect(canvas(page)).toHaveAttribute("data-up-color", darkGreen);
  await page.keyboard.press("Escape");
  // Red for rising prices swaps the two, and is remembered.
  await region(page).locator("summary", { hasText: "Chart settings" }).click();
  await region(page).getByRole("radio", { name: "Red up, green down" }).check();
  await expect(canvas(page)).toHaveAttribute("data-up-color", await token("--color-error-text"));
  await expect(canvas(page)).toHaveAttribute("data-down-color", darkGreen);
  await expect(region(page)).toHaveAttribute("data-rise", "red");
  expect(await storedItem(page, "common:riseColor")).toBe("red");
  await page.reload();
  await expect(region(page)).toHaveAttribute("data-rise", "red");
  await expect(canvas(page)).toHaveAttribute("data-up-color", await token("--color-error-text"));
  expect(pageProblems).toEqual([]);
});

test("a waiting plan order is a dotted line at its trigger, live from the private stream, behind its preference", async ({
  page,
  pageProblems,
}) => {
  await registerThroughPage(page, newEmail(), "Passw0rd!x");
  await openChart(page);
  await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true");
  // The plan comes from elsewhere (an API key of the same trader), so only the stream can bring it.
  const userId = await storedItem(page, "common:globalUserId");
  const key = makeKey(process.env.E2E_DATA_DIR as string, userId as string);
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
  await expect(canvas(page)).toHaveAttribute("data-price-lines", "150000");
  await expect(page.getByRole("img", { name: /Your plan orders: Buy 0\.001, triggers at 150,000\.00\./ })).toBeVisible();
  await region(page).locator("summary", { hasText: "Chart settings" }).click();
  await region(page).getByRole("checkbox", { name: "My plan orders" }).uncheck();
  await expect(canvas(page)).toHaveAttribute("data-price-lines", "");
  await expect(page.getByRole("img", { name: /Your plan orders/ })).toHaveCount(0);
  expect(await storedItem(page, "common:planKlineMark")).toBe("false");
  expect(pageProblems).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the chart card and its settings stay inside the screen at 390 px", async ({ page, pageProblems }) => {
    await openChart(page);
    await region(page).locator("summary", { hasText: "Chart settings" }).click();
    const card = await region(page).evaluate((e) => ({
      scroll: e.scrollWidth,
      client: e.clientWidth,
      right: e.getBoundingClientRect().right,
    }));
    expect(card.scroll).toBeLessThanOrEqual(card.client);
    expect(card.right).toBeLessThanOrEqual(390);
    const panel = (await region(page).getByRole("group", { name: "Price colors" }).boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(390);
    await expect(canvas(page).locator("canvas").first()).toBeVisible();
    expect((await canvas(page).boundingBox())!.height).toBeGreaterThanOrEqual(300);
    expect(pageProblems).toEqual([]);
  });
});

for (const theme of ["white", "black"] as const) {
  test(`the chart passes axe with its settings, the legend, the tip and the depth view, in the ${theme} theme`, async ({
    page,
    pageProblems,
  }) => {
    const axe = async (what: string) => {
      const r = await new AxeBuilder({ page }).include("section.kline-chart").withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
      expect(r.violations.map((v) => `${what}: ${v.id} ${v.nodes.map((x) => x.target.join(" ")).join(", ")}`)).toEqual([]);
    };
    await page.context().addCookies([{ name: "theme", value: theme, url: test.info().project.use.baseURL as string }]);
    await registerThroughPage(page, newEmail(), "Passw0rd!x");
    await page.evaluate(() => localStorage.setItem("common:klineStudies", "vol,ma,ema,boll,rsi,macd"));
    await openChart(page);
    await panel(page).getByLabel("Price", { exact: true }).fill("20000");
    await panel(page).getByLabel("Amount", { exact: true }).fill("0.01");
    await panel(page).getByRole("button", { name: "Buy BTC" }).click();
    await expect(region(page).getByRole("note")).toBeVisible();
    await region(page).locator("summary", { hasText: "Chart settings" }).click();
    await expect(page.getByTestId("chart-study-legend")).toContainText("MACD(12, 26, 9)");
    await axe("candles");
    await region(page).getByRole("button", { name: "Depth", exact: true }).click();
    await expect(page.getByTestId("depth-chart")).toBeVisible();
    await axe("depth");
    expect(pageProblems).toEqual([]);
  });
}
