import type { Page } from "@playwright/test";
import { DEFAULT_LOCALE, LOCALES, localeOrDefault } from "../../protocol/locales";
import { test, expect } from "./fixtures";
import { altOrigin } from "../../playwright.config";

test("a locale prefix sets the language and stays on every link the page makes", async ({ page, pageProblems }) => {
  await page.goto("/ja/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja-JP");
  await expect(page.getByRole("heading", { name: "Mix Exchange にログイン" })).toBeVisible();
  await expect(page).toHaveTitle("ログイン | Mix Exchange");

  await page.getByRole("main").getByRole("link", { name: "新規登録" }).click();
  await expect(page).toHaveURL(/\/ja\/register$/);
  await expect(page.getByRole("heading", { name: "アカウントを作成" })).toBeVisible();
  await page.getByRole("link", { name: "Mix Exchange" }).click();
  await expect(page).toHaveURL(/\/ja$/);
  await expect(page.getByRole("heading", { name: "暗号資産マーケット" })).toBeVisible();

  // hreflang alternates name the same page in every public locale, absolute from the public origin:
  // with none configured, the address the server listens on, http://localhost:PORT (decision 605).
  const alternates = await page
    .locator('link[rel="alternate"]')
    .evaluateAll((els) => els.map((e) => [e.getAttribute("hreflang"), e.getAttribute("href")]));
  expect(alternates).toContainEqual(["ar-AE", `${altOrigin}/ar`]);
  expect(alternates).toContainEqual(["x-default", `${altOrigin}/`]);
  expect(alternates.some(([lang]) => lang === "bg-BG")).toBe(false);
  expect(pageProblems).toEqual([]);
});

test("Arabic is right-to-left from the first byte", async ({ page, pageProblems }) => {
  const res = await page.request.get("/ar");
  const html = await res.text();
  expect(html).toMatch(/<html[^>]* lang="ar-AE"[^>]* dir="rtl"/);
  await page.goto("/ar");
  await expect(page.getByRole("heading", { name: "أسواق العملات المشفرة" })).toBeVisible();
  // The header mirrors: the brand sits at the right edge, the account buttons at the left.
  const brand = await page.getByRole("link", { name: "Mix Exchange" }).boundingBox();
  const login = await page.getByRole("banner").getByRole("link", { name: "تسجيل الدخول" }).boundingBox();
  expect(brand && login && brand.x > login.x).toBe(true);
  expect(pageProblems).toEqual([]);
});

test("an unknown prefix is a 404, another casing of a known one moves to its canonical address", async ({ page }) => {
  expect((await page.request.get("/xx/login")).status()).toBe(404);
  const moved = await page.request.get("/zh-cn/login", { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe("/zh-CN/login");
});

test("a guest sent to log in comes back to the page asked for, in the same locale", async ({ page }) => {
  const res = await page.request.get("/de/modifyverification", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe("/de/login?redirectTo=%2Fde%2Fmodifyverification");
});

/**
 * The first render in the browser matches the server's HTML in every locale (docs/decisions/022):
 * a number, price or date written differently by the browser's Intl would throw React's hydration
 * error #418, which the fixture turns into a failure. The home page is the lightest page with
 * numbers (rates, market prices); the spot and futures screens add prices, sizes, percentages and
 * times. The reader is fourteen hours ahead of the server, so a time not left to the browser
 * differs too.
 */
test.describe("hydration in every locale", () => {
  test.use({ timezoneId: "Pacific/Kiritimati" });

  async function openHydrated(page: Page, path: string, lang: string): Promise<void> {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    // Hydration has run (and reported any mismatch) once the page has gone quiet.
    await page.waitForLoadState("networkidle");
  }

  test("every locale's home page hydrates without a mismatch or a console error", async ({ page, pageProblems }) => {
    test.setTimeout(120_000);
    for (const locale of LOCALES) {
      await openHydrated(page, locale.key === DEFAULT_LOCALE ? "/" : `/${locale.key}`, locale.intl);
      await expect(page.getByTestId("rates-table"), locale.key).toBeVisible();
      expect(pageProblems, locale.key).toEqual([]);
    }
  });

  for (const key of ["uz", "zh-TC"]) {
    test(`the ${key} spot and futures screens hydrate without a mismatch`, async ({ page, pageProblems }) => {
      const { intl } = localeOrDefault(key);
      await openHydrated(page, `/${key}/spot/BTCUSDT`, intl);
      await expect(page.getByTestId("chart-legend")).toBeVisible();
      expect(pageProblems, "spot").toEqual([]);
      await openHydrated(page, `/${key}/futures/usdt/BTCUSDT`, intl);
      expect(pageProblems, "futures").toEqual([]);
    });
  }
});
