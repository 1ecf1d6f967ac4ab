import type { CDPSession, Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { registerThroughPage } from "./helpers";

/**
 * The phone trading routes hydrate their heavy parts after the page's shell, as the desktop screens
 * do (docs/decisions/725, "The start-up's remaining long tasks"): the book and trades, the account's
 * cards and the sheet's order form are server-rendered inside boundaries of their own, and the
 * stream's frames wait until they have hydrated, so no server markup is thrown away.
 */
const PANELS: Record<string, string[]> = {
  "/trade-spot/BTCUSDT": ['section class="card phone-market"', 'aria-labelledby="account-title"', 'section class="card order-panel"'],
  "/trade-swap/BTCUSDT": [
    'section class="card phone-market"',
    'aria-labelledby="futures-account-title"',
    'section class="card trade-card order-panel futures-order"',
  ],
};
/** The margin screens' late parts (a guest: the account panels and the order form). */
const MARGIN: Record<string, string[]> = {
  "/margin/BTCUSDT": ['aria-labelledby="margin-account-title"', 'section class="card order-panel"'],
  "/trade-margin/BTCUSDT": [
    'section class="card phone-market"',
    'aria-labelledby="margin-account-title"',
    'section class="card order-panel"',
  ],
};
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
/** Opens `path` (at 390×844 unless told) with the CPU 4× slower; the session sets it back (`rate: 1`). */
async function openWithSlowCpu(page: Page, path: string, size = PHONE): Promise<CDPSession> {
  await page.setViewportSize(size);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto(path);
  return cdp;
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("the phone routes' and the margin screen's book, account cards and order form are server-rendered, each in a boundary of its own", async ({
  request,
}) => {
  for (const [path, panels] of Object.entries({ ...PANELS, ...MARGIN })) {
    const html = await (await request.get(path)).text();
    for (const panel of panels) expect(html, `${path}: ${panel}`).toMatch(new RegExp(`<!--\\$--><[^>]*${escape(panel)}`));
  }
});

for (const path of [...Object.keys(PANELS), "/trade-margin/BTCUSDT"]) {
  test(`${path} on a slow phone: hydrates without a console error, goes live, and a book tap opens the sheet (filled on spot and margin)`, async ({
    page,
    pageProblems,
  }) => {
    const cdp = await openWithSlowCpu(page, path);
    const book = page.getByTestId("order-book");
    await expect(book).toHaveAttribute("data-live", "true", { timeout: 20_000 });
    // Read and tapped in one step: the rows move with the stream.
    const price = await page.evaluate(() => {
      const el = document.querySelector('[data-testid="order-book"] tbody[aria-label="Buy orders"] tr button') as HTMLButtonElement;
      el.click();
      return el.innerText.replace(/,/g, "");
    });
    const sheet = page.getByTestId("order-sheet");
    await expect(sheet).toBeVisible();
    if (!path.startsWith("/trade-swap"))
      await expect.poll(async () => Number(await sheet.getByLabel("Price", { exact: true }).inputValue())).toBe(Number(price));
    // A guest's futures sheet asks to log in (the price reaches a trader's form: phone-trade.spec.ts).
    else await expect(sheet.getByRole("link", { name: "Log in" })).toBeVisible();
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    expect(pageProblems).toEqual([]);
  });
}

// A tap on the sticky bar as soon as the page is shown sets the form's side before the form has
// hydrated: that update waits for it (a transition) instead of throwing its server markup away (#421).
for (const path of ["/margin/ETHUSDT", "/spot/BTCUSDT", "/futures/usdt/BTCUSDT"]) {
  test(`${path} on a slow phone: the sticky bar's Sell, tapped at once, opens the form without a console error`, async ({
    page,
    pageProblems,
  }) => {
    const cdp = await openWithSlowCpu(page, path);
    await page.getByTestId("sticky-trade-bar").getByRole("button").last().click();
    await expect(page.getByRole("tablist").getByRole("tab").last()).toHaveAttribute("aria-selected", "true");
    await expect(page.locator("#trade-order")).toBeVisible();
    await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true", { timeout: 20_000 });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    expect(pageProblems).toEqual([]);
  });
}

// The margin mode is the page's state and reaches the account panels: pressed as soon as the form is
// shown, before those panels have hydrated, it waits for them instead of throwing their server
// markup away (#421; docs/decisions/725, sixth round). The same on a desktop with a slow CPU.
test("a trader's margin screen with a slow CPU: Isolated, pressed at once, switches the account without a console error", async ({
  page,
  pageProblems,
}) => {
  await registerThroughPage(page, `slow-margin-${Date.now()}@example.com`, "Passw0rd!x");
  const cdp = await openWithSlowCpu(page, "/margin/BTCUSDT", DESKTOP);
  const form = page.getByRole("region", { name: "Margin order" }).last();
  await form.getByRole("group", { name: "Margin mode" }).getByRole("button", { name: "Isolated" }).click();
  await expect(page.getByTestId("margin-account").getByRole("heading", { level: 2 })).toHaveText("Isolated margin account", {
    timeout: 20_000,
  });
  await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true", { timeout: 20_000 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  expect(pageProblems).toEqual([]);
});

// B and S set the side from anywhere on the page: pressed before the form has hydrated, the side
// waits for it (docs/decisions/725, sixth round).
test("the spot screen with a slow CPU: S, pressed at once, turns the form to Sell without a console error", async ({
  page,
  pageProblems,
}) => {
  const cdp = await openWithSlowCpu(page, "/spot/BTCUSDT", DESKTOP);
  await page.locator("body").press("s");
  await expect(page.locator("#trade-order").getByRole("button", { name: "Sell", exact: true })).toHaveAttribute("aria-pressed", "true", {
    timeout: 20_000,
  });
  await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true", { timeout: 20_000 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  expect(pageProblems).toEqual([]);
});
