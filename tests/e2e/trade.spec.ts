import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { acrossLoads, registerThroughPage } from "./helpers";

let n = 0;
// Each test registers from its own address, so the registration risk rule (five per address in
// ten minutes, then a captcha) never mixes tests up.
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `203.0.113.${20 + n}` });
});
const newEmail = () => `trader-${Date.now()}-${n++}@example.com`;
const PASSWORD = "Passw0rd!x";

const book = (page: Page) => page.getByTestId("order-book");
const panel = (page: Page) => page.getByRole("region", { name: "Place an order" });
const account = (page: Page) => page.getByRole("region", { name: "Your orders and balances" });

type Marked = { marker?: number };
/** Marks the document: a load of another document loses the mark. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as Marked).marker = 1));
/** The mark, or "loading" while the page is between documents. */
const markOf = (page: Page) => acrossLoads(page.evaluate(() => (window as unknown as Marked).marker));

/** A balance cell as a plain decimal (the page prints it with grouping). */
async function balance(page: Page, coin: string): Promise<number> {
  await account(page).getByRole("tab", { name: "Balances" }).click();
  const text = await page.getByTestId(`balance-${coin}`).getByRole("cell").first().innerText();
  return Number(text.replace(/,/g, ""));
}

async function openSpot(page: Page, symbol = "BTCUSDT") {
  await page.goto(`/spot/${symbol}`);
  await expect(book(page)).toHaveAttribute("data-live", "true");
}

test("a guest sees the book and trades go live, and is asked to log in to trade", async ({ page, pageProblems }) => {
  const response = await page.goto("/spot/BTCUSDT");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "BTC/USDT spot" })).toBeVisible();
  // The server's first paint already has a book and trades.
  expect(await book(page).locator("tbody tr.book-row").count()).toBeGreaterThan(4);
  await expect(book(page)).toHaveAttribute("data-live", "true");
  await expect(page.getByTestId("stream-status")).toHaveText("Live");
  const trades = page.getByTestId("recent-trades").locator("tbody tr");
  const first = await trades.first().innerText();
  await expect.poll(async () => trades.first().innerText(), { timeout: 15_000 }).not.toBe(first);
  await expect(page.getByRole("img", { name: /BTCUSDT, 1 minute candles/ })).toBeVisible();
  await expect(panel(page).getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login?redirectTo=%2Fspot%2FBTCUSDT");
  await expect(panel(page).getByRole("button", { name: /Buy BTC/ })).toHaveCount(0);
  // Another pair through the switcher, keeping the page live.
  await page.locator("summary", { hasText: "BTCUSDT" }).click();
  await page.getByRole("link", { name: /^ETH\/USDT/ }).click();
  await expect(page).toHaveURL("/spot/ETHUSDT");
  await expect(page.getByRole("heading", { level: 1, name: "ETH/USDT spot" })).toBeVisible();
  await expect(book(page)).toHaveAttribute("data-live", "true");
  expect(pageProblems).toEqual([]);
});

test("the header's Trade and the home page's market rows lead to the spot pages", async ({ page, pageProblems }) => {
  await page.goto("/de");
  await page.getByRole("navigation").getByRole("link", { name: "Handeln" }).click();
  await expect(page).toHaveURL("/de/spot/BTCUSDT");
  await expect(page.getByRole("heading", { level: 1, name: "BTC/USDT Spot" })).toBeVisible();
  await page.goto("/");
  await page.getByRole("region", { name: "Spot markets" }).getByRole("link", { name: "SOLUSDT" }).click();
  await expect(page).toHaveURL("/spot/SOLUSDT");
  await expect(book(page)).toHaveAttribute("data-live", "true");
  expect(pageProblems).toEqual([]);
});

test("the chart interval is kept in local storage", async ({ page, pageProblems }) => {
  await openSpot(page);
  await page.getByRole("button", { name: "15m", exact: true }).click();
  await expect(page.getByRole("img", { name: /15 minutes candles/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("common:klineInterval"))).toBe("15");
  await page.reload();
  await expect(page.getByRole("button", { name: "15m", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("img", { name: /15 minutes candles/ })).toBeVisible();
  expect(pageProblems).toEqual([]);
});

test.describe("addresses", () => {
  test.use({ allowConsoleErrors: [/the server responded with a status of 404/] });
  test("/spot goes to the default pair, an unknown pair is a 404", async ({ page, pageProblems }) => {
    await page.goto("/ja/spot");
    await expect(page).toHaveURL("/ja/spot/BTCUSDT");
    expect((await page.goto("/spot/NOPEUSDT"))?.status()).toBe(404);
    expect(pageProblems).toEqual([]);
  });
});

test("a limit order far from the market rests in open orders with its price line, and is cancelled", async ({ page, pageProblems }) => {
  await registerThroughPage(page, newEmail(), PASSWORD);
  await openSpot(page);
  await panel(page).getByLabel("Price", { exact: true }).fill("20000");
  await panel(page).getByLabel("Amount", { exact: true }).fill("0.01");
  await expect(panel(page).getByTestId("order-value")).toHaveText("200 USDT");
  await panel(page).getByRole("button", { name: "Buy BTC" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Order placed" })).toBeVisible();
  const open = page.getByTestId("open-orders");
  await expect(open.getByRole("row")).toHaveCount(2);
  await expect(open.getByRole("row").nth(1)).toContainText("20,000.00");
  await expect(account(page).getByRole("tab", { name: "Open orders (1)" })).toBeVisible();
  await expect(page.getByTestId("order-line")).toHaveCount(1);
  await expect(page.getByRole("img", { name: /Your open orders: Buy 0\.01 at 20,000\.00/ })).toBeVisible();
  expect(await balance(page, "USDT")).toBe(9800);
  await account(page)
    .getByRole("tab", { name: /Open orders/ })
    .click();
  await open.getByRole("button", { name: "Cancel the Buy order of 0.01 at 20,000.00" }).click();
  await expect(account(page).getByText("No open orders on this market.")).toBeVisible();
  await expect(page.getByTestId("order-line")).toHaveCount(0);
  await account(page).getByRole("tab", { name: "Order history" }).click();
  await expect(page.getByTestId("order-history").getByRole("row").nth(1)).toContainText("Cancelled");
  expect(await balance(page, "USDT")).toBe(10000);
  expect(pageProblems).toEqual([]);
});

test("a marketable order fills and the balances change; a wrong size is refused beside its field", async ({ page, pageProblems }) => {
  await registerThroughPage(page, newEmail(), PASSWORD);
  await openSpot(page);
  expect(await balance(page, "BTC")).toBe(0);
  await panel(page).getByRole("button", { name: "Market" }).click();
  const total = panel(page).getByLabel("Total", { exact: true });
  await total.fill("0.5");
  await total.blur();
  await expect(panel(page).getByText("The smallest order value is 1 USDT.")).toBeVisible();
  await expect(total).toHaveAttribute("aria-invalid", "true");
  await total.fill("abc");
  await panel(page).getByRole("button", { name: "Buy BTC" }).click();
  await expect(panel(page).getByText("Enter a number, for example 0.5.")).toBeVisible();
  await expect(total).toBeFocused();
  await panel(page).getByRole("button", { name: "25% of the available balance" }).click();
  await expect(total).toHaveValue("2500");
  await total.fill("100");
  await panel(page).getByRole("button", { name: "Buy BTC" }).click();
  // A market order is confirmed first; the stream then says it filled.
  const confirm = page.getByRole("dialog", { name: "Confirm: Buy BTC" });
  await expect(confirm.getByTestId("confirm-summary")).toContainText("100 USDT");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Order placed" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /Buy order filled: 0\.00\d+ BTC/ })).toBeVisible();
  // What a market buy leaves unspent below one lot goes back to the balance.
  await expect.poll(() => balance(page, "USDT")).toBeLessThan(9901);
  expect(await balance(page, "USDT")).toBeGreaterThanOrEqual(9900);
  expect(await balance(page, "BTC")).toBeGreaterThan(0);
  await account(page).getByRole("tab", { name: "Trade history" }).click();
  await expect(page.getByTestId("fills").getByRole("row").nth(1)).toContainText("Buy");
  // Selling more than the balance is stopped before it is sent.
  await panel(page).getByRole("button", { name: "Sell", exact: true }).click();
  await panel(page).getByLabel("Amount", { exact: true }).fill("5");
  await panel(page).getByRole("button", { name: "Sell BTC" }).click();
  await expect(panel(page).getByText("Not enough BTC available.")).toBeVisible();
  expect(pageProblems).toEqual([]);
});

test("an order can be entered with the keyboard alone", async ({ page, pageProblems }) => {
  await registerThroughPage(page, newEmail(), PASSWORD);
  await openSpot(page);
  await page.waitForLoadState("networkidle");
  const tabTo = async (id: string) => {
    for (let i = 0; i < 200; i++) {
      if ((await page.evaluate(() => document.activeElement?.id)) === id) return;
      await page.keyboard.press("Tab");
    }
    throw new Error(`never reached #${id}`);
  };
  await tabTo("order-price");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("20000");
  await tabTo("order-quantity");
  await page.keyboard.type("0.001");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Order placed" })).toBeVisible();
  await expect(page.getByTestId("open-orders").getByRole("row").nth(1)).toContainText("20,000.00");
  expect(pageProblems).toEqual([]);
});

test.describe("demo trading", () => {
  // The unknown address below is a 404 document before the guard moves on: Chromium logs that status.
  test.use({ allowConsoleErrors: [/the server responded with a status of 404/] });

  test("demo trading: its own funds, only allowed pages, a reset, and back to live", async ({ page, context, pageProblems }) => {
    await registerThroughPage(page, newEmail(), PASSWORD);
    await openSpot(page);
    expect(await balance(page, "USDT")).toBe(10000);
    const other = await context.newPage();
    await other.goto("/");
    // A tab on an allowed page reloads when another tab switches the mode.
    const allowed = await context.newPage();
    // Its streams open in the same commit as the storage listener: then it has hydrated (a tab
    // still hydrating reads the new mode as it starts, with no reload to observe).
    const hydrated = allowed.waitForEvent("websocket");
    await allowed.goto("/spot/ETHUSDT");
    await hydrated;
    await mark(allowed);
    await page.getByRole("button", { name: "Demo trading", exact: true }).click();
    await expect(page.getByTestId("demo-banner")).toContainText("Demo trading");
    await expect(page.getByRole("button", { name: "Demo trading", exact: true })).toHaveAttribute("aria-pressed", "true");
    expect(await balance(page, "USDT")).toBe(50000);
    expect(await balance(page, "BTC")).toBe(1);
    // The other tab was on a page demo mode does not allow.
    // The other tabs react to the storage event by loading a page: give them the time a page load takes.
    const load = { timeout: 20_000 };
    await expect(other).toHaveURL("/spot/BTCUSDT", load);
    await expect(other.getByTestId("demo-banner")).toBeVisible(load);
    await other.close();
    await expect.poll(() => markOf(allowed), load).toBeUndefined();
    // The banner is drawn in the browser only: the reloaded page has hydrated (it reacts to the next change).
    await expect(allowed.getByTestId("demo-banner")).toBeVisible(load);
    await expect(allowed).toHaveURL("/spot/ETHUSDT");
    await openSpot(page, "ETHUSDT");
    expect(await balance(page, "ETH")).toBe(10);
    await page.goto("/login");
    await expect(page).toHaveURL("/spot/BTCUSDT");
    await page.goto("/ja");
    await expect(page).toHaveURL("/ja/spot/BTCUSDT");
    // An unknown address is not allowed either.
    await page.goto("/no/such/page");
    await expect(page).toHaveURL("/spot/BTCUSDT");
    await openSpot(page);
    // A demo trade, then the reset puts the demo funds back.
    await panel(page).getByRole("button", { name: "Market" }).click();
    await panel(page).getByLabel("Total", { exact: true }).fill("1000");
    await panel(page).getByRole("button", { name: "Buy BTC" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    await expect.poll(() => balance(page, "USDT")).toBeLessThan(49001);
    await page.getByRole("button", { name: "Reset demo funds" }).click();
    await page.getByRole("button", { name: "Reset", exact: true }).click();
    await expect.poll(() => balance(page, "USDT")).toBe(50000);
    expect(await balance(page, "BTC")).toBe(1);
    await mark(allowed);
    await page.getByRole("button", { name: "Leave demo trading" }).click();
    await expect(page.getByTestId("demo-banner")).toHaveCount(0);
    await expect.poll(() => markOf(allowed), load).toBeUndefined();
    await expect(allowed.getByTestId("demo-banner")).toHaveCount(0, load);
    await allowed.close();
    expect(await balance(page, "USDT")).toBe(10000);
    await page.goto("/");
    await expect(page).toHaveURL("/");
    expect(pageProblems).toEqual([]);
  });
});

for (const theme of ["white", "black"] as const) {
  test(`the trading page passes axe (WCAG 2 AA, contrast included) in the ${theme} theme`, async ({ page }) => {
    await page.context().addCookies([{ name: "theme", value: theme, url: test.info().project.use.baseURL as string }]);
    await openSpot(page);
    const guest = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
    expect(guest.violations.map((v) => `guest: ${v.id} ${v.nodes.map((x) => x.target.join(" ")).join(", ")}`)).toEqual([]);
    await registerThroughPage(page, newEmail(), PASSWORD);
    await openSpot(page);
    await panel(page).getByLabel("Price", { exact: true }).fill("1000.001");
    await panel(page).getByLabel("Price", { exact: true }).blur();
    await panel(page).getByLabel("Amount", { exact: true }).fill("0.0000001");
    await panel(page).getByLabel("Amount", { exact: true }).blur();
    await page.getByRole("button", { name: "Demo trading", exact: true }).click();
    await expect(page.getByTestId("demo-banner")).toBeVisible();
    await expect(book(page)).toHaveAttribute("data-live", "true");
    await panel(page).getByLabel("Amount", { exact: true }).fill("0.0000001");
    await panel(page).getByLabel("Amount", { exact: true }).blur();
    const user = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
    expect(user.violations.map((v) => `user: ${v.id} ${v.nodes.map((x) => x.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}
