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
