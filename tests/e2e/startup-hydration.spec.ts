import { test, expect } from "./fixtures";

/**
 * The trading screens' heavy panels are hydrated after the page's shell, each in React's
 * background pass (docs/decisions/725, "Main thread at start-up"): the server's markup is the
 * same, inside Suspense boundaries, and the stream's frames wait until the panels have hydrated,
 * so no panel's server markup is thrown away (React would report it as a console error).
 */
const PANELS: Record<string, string[]> = {
  "/spot/BTCUSDT": [
    'details class="symbol-switcher"',
    'section class="card trade-card chart kline-chart"',
    'id="spot-book"',
    'id="spot-trades"',
    'aria-labelledby="account-title"',
    'section class="card order-panel"',
  ],
  "/futures/usdt/BTCUSDT": [
    'section class="card trade-card chart kline-chart"',
    'id="spot-book"',
    'id="spot-trades"',
    'aria-labelledby="futures-account-title"',
    'section class="card trade-card order-panel futures-order"',
  ],
};
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("the heavy panels of the spot and futures screens are server-rendered, each in a boundary of its own", async ({ request }) => {
  for (const [path, panels] of Object.entries(PANELS)) {
    const html = await (await request.get(path)).text();
    for (const panel of panels) expect(html, `${path}: ${panel}`).toMatch(new RegExp(`<!--\\$--><[^>]*${escape(panel)}`));
  }
});

for (const path of Object.keys(PANELS)) {
  test(`${path} on a slow phone: the panels hydrate without a console error and the stream goes live`, async ({ page, pageProblems }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(path);
    const book = page.getByTestId("order-book");
    await expect(book).toHaveAttribute("data-live", "true", { timeout: 20_000 });
    await page.getByRole("tab", { name: "Book & trades", exact: true }).click();
    await expect(book).toBeVisible();
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    expect(pageProblems).toEqual([]);
  });
}

test("a book click on the spot screen reaches the form once its panels have hydrated on a slow phone", async ({ page, pageProblems }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto("/spot/BTCUSDT");
  const book = page.getByTestId("order-book");
  await expect(book).toHaveAttribute("data-live", "true", { timeout: 20_000 });
  await page.getByRole("tab", { name: "Book & trades", exact: true }).click();
  // Read and clicked in one step: the rows move with the stream.
  const price = await page.evaluate(() => {
    const el = document.querySelector('[data-testid="order-book"] tbody[aria-label="Buy orders"] tr button') as HTMLButtonElement;
    el.click();
    return el.innerText.replace(/,/g, "");
  });
  await page.getByRole("tab", { name: "Trade", exact: true }).click();
  const form = page.locator("#trade-order");
  await expect.poll(async () => Number(await form.getByLabel("Price", { exact: true }).inputValue())).toBe(Number(price));
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  expect(pageProblems).toEqual([]);
});

test("a stored trade unit reaches the order form after a reload without its server markup being thrown away", async ({
  page,
  pageProblems,
}) => {
  await page.goto("/spot/BTCUSDT");
  const units = page.locator("#trade-order").getByRole("group", { name: "Enter the amount in" });
  await units.getByRole("button", { name: "USDT", exact: true }).click();
  await expect(units.getByRole("button", { name: "USDT", exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(units.getByRole("button", { name: "USDT", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true");
  expect(pageProblems).toEqual([]);
});
