import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { axeViolations, guestSentTo, followHeaderLink, openOnPhone, sticksOut } from "./helpers";

/** The margin screen (issue 18 item 3; docs/decisions/707): what every visitor sees. */
const book = (page: Page) => page.getByRole("region", { name: "Order book" });

/** Opens the screen and waits for its book's first bid (in any language: the row's own class). */
async function openMargin(page: Page, path = "/margin/BTCUSDT") {
  await page.goto(path);
  await expect(page.getByTestId("kline-chart")).toBeVisible();
  // The best bid: the pro layout leaves out the far levels its book cell cannot hold.
  await expect(page.locator(".book-row.bid").first()).toBeVisible();
  // Live: the stream's frames wait for every panel to hydrate, so the form now takes a choice (a
  // select changed before its panel hydrated is set back to the server's value).
  await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true");
}

test("the margin screen is the spot market with a margin form; an unknown pair is a 404", async ({ page, request, pageProblems }) => {
  expect((await request.get("/margin/NOPEUSDT")).status()).toBe(404);
  const lower = await request.get("/margin/btcusdt", { maxRedirects: 0 });
  expect(lower.status()).toBe(301);
  expect(lower.headers().location).toMatch(/\/margin\/BTCUSDT$/);
  const html = await (await request.get("/margin/BTCUSDT")).text();
  expect(html).toContain("BTC/USDT margin");

  await openMargin(page);
  await expect(book(page).getByRole("rowgroup", { name: "Buy orders" }).getByRole("row").first()).toBeVisible();
  await expect(page).toHaveTitle(/BTCUSDT margin trading/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("BTC/USDT margin");
  await expect(page.getByTestId("recent-trades").getByRole("row").nth(1)).toBeVisible();
  // The form offers cross and isolated, the loan modes, and asks a guest to log in.
  const form = page.getByRole("region", { name: "Margin order" }).last();
  await expect(form.getByRole("group", { name: "Margin mode" }).getByRole("button", { name: "Cross" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(form.getByLabel("Loan mode")).toHaveValue("normal");
  await form.getByLabel("Loan mode").selectOption("autoLoan");
  await expect(form.getByText("What your free balance lacks is borrowed when the order is placed.")).toBeVisible();
  await expect(form.getByRole("link", { name: "Log in" })).toBeVisible();
  // The market picker stays on margin.
  await page.locator(".symbol-switcher summary").click();
  await page.getByRole("searchbox", { name: "Search markets" }).fill("ETH");
  await expect(page.locator(".symbol-switcher").getByRole("link", { name: /ETH/ }).first()).toHaveAttribute("href", /\/margin\/ETH/);
  // The header links here, between spot and futures.
  await followHeaderLink(page, "Margin", /\/margin\/BTCUSDT$/);
  await expect(page.getByTestId("kline-chart")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(pageProblems).toEqual([]);
});

test("on a phone the margin screen has the spot screen's tabs, and nothing scrolls sideways", async ({ page, pageProblems }) => {
  const tab = await openOnPhone(page, "/margin/ETHUSDT");
  await page.getByTestId("sticky-trade-bar").getByRole("button", { name: "Sell" }).click();
  await expect(tab("Trade")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("region", { name: "Margin order" }).last()).toBeVisible();
  expect(await sticksOut(page)).toBeLessThanOrEqual(0);
  expect(pageProblems).toEqual([]);
});

test("the margin screen speaks its locale and reads right to left in Arabic; its records need a login", async ({
  page,
  request,
  pageProblems,
}) => {
  await openMargin(page, "/ar/margin/BTCUSDT");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("navigation").getByRole("link", { name: "الهامش" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("BTC/USDT بالهامش");
  await openMargin(page, "/de/margin/BTCUSDT");
  await expect(page.locator("html")).toHaveAttribute("lang", "de-DE");
  await expect(page.getByRole("group", { name: "Margin-Modus" }).getByRole("button", { name: "Isoliert" })).toBeVisible();
  for (const path of ["/order/marginOrderInfo", "/record/margin"]) {
    expect(await guestSentTo(request, path), path).toMatch(/\/login/);
  }
  expect(pageProblems).toEqual([]);
});
