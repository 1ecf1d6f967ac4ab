import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { axeViolations, followHeaderLink, openOnPhone, sticksOut } from "./helpers";

/** The USDT-M futures screen (issue 17; docs/decisions/705): what every visitor sees. */
const book = (page: Page) => page.getByRole("region", { name: "Order book" });
const plain = (text: string) => Number(text.replace(/,/g, ""));

/** Opens the screen and waits until the chart has drawn its first line (the mark price): the page is running. */
async function openFutures(page: Page, path = "/futures/usdt/BTCUSDT") {
  await page.goto(path);
  await expect(page.getByTestId("kline-chart")).toHaveAttribute("data-price-lines", /\d/);
}

test("the server renders the contract's header, and an unknown contract is a 404", async ({ page, request, pageProblems }) => {
  // Without JavaScript: the first paint is the server's.
  const html = await (await request.get("/futures/usdt/BTCUSDT")).text();
  for (const id of ["last-price", "mark-price", "index-price", "funding-countdown", "open-interest"])
    expect(html, id).toMatch(new RegExp(`data-testid="${id}"[^>]*>[^<—]*\\d`));
  expect(html).toMatch(/data-testid="contract-info">USDT-M perpetual.*?up to 125x/);
  expect((await request.get("/futures/usdt/NOPEUSDT")).status()).toBe(404);
  expect((await request.get("/futures/usdt/BTCUSDT%00")).status()).toBe(404);
  const lower = await request.get("/futures/usdt/btcusdt", { maxRedirects: 0 });
  expect(lower.status()).toBe(301);
  expect(lower.headers().location).toMatch(/\/futures\/usdt\/BTCUSDT$/);

  await openFutures(page);
  await expect(page).toHaveTitle(/BTCUSDT USDT-M perpetual futures/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("BTCUSDT perpetual");
  // The countdown runs, in hh:mm:ss, and the mark price is a number near the last price.
  const countdown = page.getByTestId("funding-countdown");
  const first = await countdown.textContent();
  expect(first).toMatch(/^\d\d:\d\d:\d\d$/);
  await expect(countdown).not.toHaveText(first!);
  const last = plain((await page.getByTestId("last-price").textContent())!);
  const mark = plain((await page.getByTestId("mark-price").textContent())!);
  expect(Math.abs(mark - last) / last).toBeLessThan(0.05);
  // The chart draws the mark price as a line; the book and trades are the spot screen's.
  await expect(page.getByTestId("mark-line")).toHaveCount(1);
  // The tip about the trader's own marks is not shown for the mark price alone.
  await expect(page.locator(".chart-tip")).toHaveCount(0);
  const markLine = Number(await page.getByTestId("mark-line").getAttribute("data-price"));
  expect(Math.abs(markLine - mark) / mark).toBeLessThan(0.05);
  await expect(book(page).getByRole("rowgroup", { name: "Buy orders" }).getByRole("row").first()).toBeVisible();
  await expect(page.getByTestId("recent-trades").getByRole("row").nth(1)).toBeVisible();
  // A guest is asked to log in where the form would be.
  await expect(page.getByRole("region", { name: "Futures order" }).getByRole("link", { name: "Log in" })).toBeVisible();
  // The header links here.
  await followHeaderLink(page, "Futures", /\/futures\/usdt\/BTCUSDT$/);
  expect(await axeViolations(page)).toEqual([]);
  expect(pageProblems).toEqual([]);
});

test("on a phone the futures screen is the spot screen's tabs, and nothing scrolls sideways", async ({ page, pageProblems }) => {
  const tab = await openOnPhone(page, "/futures/usdt/ETHUSDT");
  await tab("Book & trades").click();
  await expect(book(page)).toBeVisible();
  expect(await sticksOut(page)).toBeLessThanOrEqual(0);
  await page.getByTestId("sticky-trade-bar").getByRole("button", { name: "Open long" }).click();
  await expect(tab("Trade")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("region", { name: "Futures order" })).toBeVisible();
  expect(await sticksOut(page)).toBeLessThanOrEqual(0);
  expect(pageProblems).toEqual([]);
});

test("the screen speaks the locale of its address and reads right to left in Arabic", async ({ page, pageProblems }) => {
  await openFutures(page, "/ar/futures/usdt/BTCUSDT");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("navigation").getByRole("link", { name: "العقود الآجلة" })).toBeVisible();
  await openFutures(page, "/de/futures/usdt/BTCUSDT");
  await expect(page.locator("html")).toHaveAttribute("lang", "de-DE");
  expect(pageProblems).toEqual([]);
});
