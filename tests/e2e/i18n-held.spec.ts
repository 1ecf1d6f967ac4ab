import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { OPENING_TEXT, registerThroughPage, routeTexts } from "./helpers";

// Decision 725: a trading page is sent only its own and the shell's texts; the browser loads the rest
// when idle. Here that load is held back (every namespace chunk the page was not sent waits until the
// test ends), so what a member opens or types right after hydration must already have its texts (the
// page's member-only namespaces) or wait inside its dialog, never fail or freeze the page.

/** Holds every request for a namespace chunk (the texts a page was not sent) until released. */
async function holdTexts(page: Page): Promise<{ held: Set<string>; release: () => void }> {
  const held = new Set<string>();
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await routeTexts(page, async (namespace, route) => {
    held.add(namespace);
    await released;
    await route.fallback().catch(() => {}); // the page may be gone by then
  });
  return { held, release };
}

const panel = (page: Page) => page.getByRole("region", { name: "Place an order" });

test("a member types an amount and confirms right after hydration, the other texts held back: fee row and dialog translated", async ({
  page,
  pageProblems,
}) => {
  await registerThroughPage(page, `held-${Date.now()}@example.com`, "Passw0rd!x");
  const { held, release } = await holdTexts(page);
  try {
    await page.goto("/spot/BTCUSDT", { waitUntil: "domcontentloaded" }); // "load" would wait for the held chunks
    await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true");
    await panel(page).getByRole("button", { name: "Market" }).click();
    await panel(page).getByLabel("Total", { exact: true }).fill("50");
    // the fee coin row (gtfees) appears on the keystroke: it is sent to a member with the page
    await expect(panel(page).getByText("Fee paid in")).toBeVisible();
    await expect(panel(page).getByTestId("order-fee-coin")).toHaveText("BTC");
    await panel(page).getByRole("button", { name: "Buy BTC" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm: Buy BTC" });
    await expect(dialog.getByRole("button", { name: "Confirm" })).toBeVisible();
    await expect(dialog.getByTestId("texts-wait")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Back" }).click();
    await expect(dialog).toHaveCount(0);
    // the idle preload did ask for the other namespaces and is held: the texts above came with the page
    await expect.poll(() => held.has("kyc"), { timeout: 10_000 }).toBe(true);
  } finally {
    release();
  }
  expect(pageProblems).toEqual([]);
});

test("a new member's futures screen shows the opening step with its texts while the others are held back", async ({
  page,
  pageProblems,
}) => {
  await registerThroughPage(page, `held-fut-${Date.now()}@example.com`, "Passw0rd!x");
  const { release } = await holdTexts(page);
  try {
    await page.goto("/futures/usdt/BTCUSDT", { waitUntil: "domcontentloaded" });
    // the opening step replaces the form after the account's read: its texts (futopen) came with the page
    const step = page.getByRole("region", { name: OPENING_TEXT.title });
    await expect(step).toBeVisible();
    await expect(step.getByRole("checkbox", { name: OPENING_TEXT.agreement.accept })).toBeVisible();
    // and the page keeps living: the book is still streaming
    await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true");
  } finally {
    release();
  }
  expect(pageProblems).toEqual([]);
});
