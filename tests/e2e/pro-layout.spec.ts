import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { openFuturesOnPage, registerThroughPage, storedItem } from "./helpers";

/** The one-screen pro layout of the trading screens (issue 29 item 1; docs/decisions/720). */
const SCREENS = ["/spot/BTCUSDT", "/margin/BTCUSDT", "/futures/usdt/BTCUSDT"];
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];

const bookSplitter = (page: Page) => page.getByRole("separator", { name: "Order book width" });
const accountSplitter = (page: Page) => page.getByRole("separator", { name: "Height of the positions and orders panel" });
const bookWidth = (page: Page) => page.getByTestId("order-book").evaluate((el) => Math.round(el.getBoundingClientRect().width));
const accountHeight = (page: Page) => page.locator("#trade-account").evaluate((el) => Math.round(el.getBoundingClientRect().height));

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true");
  await expect(page.getByTestId("recent-trades").locator("tbody tr").first()).toBeVisible();
}

/** What a trader must see at once: the chart, the best prices, the last trade, the submit button and the account panel's heading. */
function essentials(page: Page) {
  const book = page.getByTestId("order-book");
  return {
    chart: page.locator("#trade-chart canvas").first(),
    bestAsk: book.locator("tbody").first().locator("tr").last(),
    bestBid: book.locator("tbody").last().locator("tr").first(),
    lastTrade: page.getByTestId("recent-trades").locator("tbody tr").first(),
    submit: page.locator("#trade-order").locator(".submit-buy, .submit-sell").first(),
    accountHeading: page.locator("#trade-account h2").first(),
  };
}

test("spot, margin and futures show chart, book, trades, submit button and account panel without scrolling", async ({
  page,
  pageProblems,
}) => {
  await registerThroughPage(page, `pro-${Date.now()}@example.com`, "Passw0rd!x");
  // futures opened (docs/decisions/351), so the futures screen shows its order form
  await page.goto("/futures/usdt/BTCUSDT");
  await openFuturesOnPage(page);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const path of SCREENS) {
      await open(page, path);
      for (const [name, el] of Object.entries(essentials(page))) {
        await expect(el, `${name} on ${path} at ${size.width}×${size.height}`).toBeInViewport({ ratio: 1 });
      }
      // Nothing needed scrolling: the window is where it opened.
      expect(await page.evaluate(() => window.scrollY), path).toBe(0);
    }
  }
  expect(pageProblems).toEqual([]);
});

test("the split and the account panel's height follow the keyboard and the pointer and survive a reload", async ({
  page,
  pageProblems,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, "/spot/BTCUSDT");
  const splitter = bookSplitter(page);
  await expect(splitter).toHaveAttribute("aria-valuenow", "300");
  await expect(splitter).toHaveAttribute("aria-orientation", "vertical");
  const before = await bookWidth(page);
  // Arrow keys toward the chart widen the book, 16 px a press.
  await splitter.focus();
  await splitter.press("ArrowLeft");
  await splitter.press("ArrowLeft");
  await splitter.press("ArrowLeft");
  await expect(splitter).toHaveAttribute("aria-valuenow", "348");
  await expect.poll(() => bookWidth(page)).toBe(before + 48);
  await splitter.press("ArrowRight");
  await expect(splitter).toHaveAttribute("aria-valuenow", "332");

  // Dragging the account panel's top edge 60 px up makes it 60 px taller.
  const rows = accountSplitter(page);
  await expect(rows).toHaveAttribute("aria-valuenow", "220");
  const box = await rows.boundingBox();
  if (!box) throw new Error("the account splitter has no box");
  const tall = await accountHeight(page);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 30);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 60);
  await page.mouse.up();
  await expect(rows).toHaveAttribute("aria-valuenow", "280");
  await expect.poll(() => accountHeight(page)).toBe(tall + 60);
  await expect.poll(() => storedItem(page, "common:tradeLayout")).toBe("332:280:");

  await page.reload();
  await expect(bookSplitter(page)).toHaveAttribute("aria-valuenow", "332");
  await expect(accountSplitter(page)).toHaveAttribute("aria-valuenow", "280");
  await expect.poll(() => bookWidth(page)).toBe(before + 32);
  await expect.poll(() => accountHeight(page)).toBe(tall + 60);
  // The same layout on the other screens: one preference for all three.
  await open(page, "/futures/usdt/BTCUSDT");
  await expect(bookSplitter(page)).toHaveAttribute("aria-valuenow", "332");
  expect(pageProblems).toEqual([]);
});

test("panels fold away and back, remembered; a narrow window keeps the stacked layout", async ({ page, pageProblems }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, "/margin/BTCUSDT");
  await page.locator(".pro-tools > summary").click();
  const tools = page.getByRole("group", { name: "Layout" });
  const chartWidth = () => page.locator("#trade-chart").evaluate((el) => Math.round(el.getBoundingClientRect().width));
  const wide = await chartWidth();
  await tools.getByRole("button", { name: "Order book and trades" }).click();
  await expect(tools.getByRole("button", { name: "Order book and trades" })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("order-book")).toBeHidden();
  await expect(page.getByTestId("recent-trades")).toBeHidden();
  await expect(bookSplitter(page)).toBeHidden();
  await expect.poll(chartWidth).toBeGreaterThan(wide + 200);

  await tools.getByRole("button", { name: "Positions and orders" }).click();
  await expect(page.locator("#trade-account")).toBeHidden();
  await page.reload();
  await expect(page.getByTestId("order-book")).toBeHidden();
  await expect(page.locator("#trade-account")).toBeHidden();
  await expect.poll(() => storedItem(page, "common:tradeLayout")).toBe("300:220:book,account");

  // The book comes back; with the account panel still folded, the trades sit under the book.
  await page.locator(".pro-tools > summary").click();
  await tools.getByRole("button", { name: "Order book and trades" }).click();
  await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true");
  const bookBox = await page.getByTestId("order-book").boundingBox();
  const tradesBox = await page.getByTestId("recent-trades").boundingBox();
  expect(tradesBox!.y).toBeGreaterThan(bookBox!.y + bookBox!.height - 1);
  await expect(page.getByTestId("recent-trades")).toBeInViewport({ ratio: 1 });
  await tools.getByRole("button", { name: "Reset layout" }).click();
  await expect(page.locator("#trade-account")).toBeVisible();

  // Narrower than 1280 px: the stacked layout, no splitters, no layout tools, the book under the chart.
  await page.setViewportSize({ width: 1100, height: 900 });
  await expect(bookSplitter(page)).toBeHidden();
  await expect(page.locator(".pro-tools")).toBeHidden();
  const chart = await page.locator("#trade-chart").boundingBox();
  const book = await page.getByTestId("order-book").boundingBox();
  expect(book!.y).toBeGreaterThan(chart!.y + chart!.height - 1);
  expect(pageProblems).toEqual([]);
});
