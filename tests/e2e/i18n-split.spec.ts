import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

// Decision 725: a trading page is sent only the texts it and the shell render; the browser loads the
// rest when a part needs it, so a client navigation still shows translated words, never keys.

const notOnTradingPages = [
  "Daily withdrawal limit by level", // kyc
  "Market cap is the price times the circulating supply", // wiki
  "Follow a lead trader and every futures trade they make", // copy
  "balances into a Merkle sum tree", // reserves: the footer's names are in `footer`
];

for (const path of ["/spot/BTCUSDT", "/futures/usdt/BTCUSDT"]) {
  test(`${path} carries its own and the shell's texts but not other pages'`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    expect(html).toContain("Candle interval"); // trade, rendered by the chart's toolbar
    expect(html).toContain("Fee schedule"); // footer: the fee page's link
    for (const text of notOnTradingPages) expect(html, text).not.toContain(text);
  });
}

async function clientNavigate(page: Page, to: string) {
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  await page.evaluate(
    (path) => (window as unknown as { __remixRouter: { navigate(p: string): Promise<void> } }).__remixRouter.navigate(path),
    to,
  );
}

test("a client navigation from a trading page shows the next page's texts in Arabic, right to left", async ({ page, pageProblems }) => {
  await page.goto("/ar/spot/BTCUSDT");
  await page.waitForLoadState("networkidle");
  // the copy trading list no longer hydrates (a document load); the reserves page does, and its texts are not sent here
  await clientNavigate(page, "/ar/proof-of-reserves");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("إثبات الاحتياطيات");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  // no document load happened
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  expect(pageProblems).toEqual([]);
});

test("a client navigation right after hydration waits for the texts it needs", async ({ page, pageProblems }) => {
  await page.goto("/futures/usdt/BTCUSDT");
  await page.waitForFunction(() => "__remixRouter" in window);
  await clientNavigate(page, "/proof-of-reserves");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Proof of reserves");
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  expect(pageProblems).toEqual([]);
});

test("a regional locale's trading page hydrates without a mismatch (no other language between it and English)", async ({
  page,
  pageProblems,
}) => {
  await page.goto("/pt-PT/spot/BTCUSDT");
  await expect(page.locator("html")).toHaveAttribute("lang", /^pt/);
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("chart-legend")).toBeVisible();
  expect(pageProblems).toEqual([]);
});
