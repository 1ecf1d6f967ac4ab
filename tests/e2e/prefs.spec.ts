import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { registerThroughPage } from "./helpers";

/** Opens the header's preferences; `title` is the panel's heading in the page's language. */
async function openPrefs(page: Page, title = "Preferences") {
  await page.getByRole("banner").locator("summary").click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
}

/** The server's own first bytes for the current cookies: what the page paints before any script. */
async function serverHtml(page: Page, path = "/"): Promise<string> {
  return (await page.request.get(path)).text();
}

/** Waits until the save of a preference has landed (its cookie is set), so a reload renders it. */
async function saved(page: Page, cookie: string, value: string) {
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === cookie)?.value).toBe(value);
}

/** Marks the window so a test can tell a full reload from an in-page change. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker === 1);

test("the theme switches at once, is rendered by the server after reload, and appTheme beats it", async ({ page, pageProblems }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass("white");
  await mark(page);
  await openPrefs(page);
  await page.getByLabel("Dark").check();
  await expect(page.locator("html")).toHaveClass("black");
  expect(await marked(page)).toBe(true);
  await expect.poll(() => serverHtml(page)).toMatch(/<html[^>]* class="black"/);
  expect(await page.evaluate(() => localStorage.getItem("common:globalTheme"))).toBe("black");

  await page.reload();
  await expect(page.locator("html")).toHaveClass("black");
  await page.goto("/?appTheme=light");
  await expect(page.locator("html")).toHaveClass("white");
  expect(await serverHtml(page, "/?appTheme=light")).toMatch(/<html[^>]* class="white"/);
  expect(pageProblems).toEqual([]);
});

test("the language switches without a reload, to Arabic right-to-left, and stays after reload", async ({ page, pageProblems }) => {
  await page.goto("/login");
  await mark(page);
  await openPrefs(page);
  await page.getByLabel("Language").selectOption("ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar-AE");
  await expect(page.getByRole("heading", { name: "تسجيل الدخول إلى Mix Exchange" })).toBeVisible();
  expect(await marked(page)).toBe(true);
  await saved(page, "language", "ar");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(await serverHtml(page, "/login")).toMatch(/<html[^>]* lang="ar-AE"[^>]* dir="rtl"/);

  // A prefixed address moves to the new prefix.
  await page.goto("/ja/register");
  await openPrefs(page, "設定");
  await page.getByLabel("言語").selectOption("de");
  await expect(page).toHaveURL(/\/de\/register$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "de-DE");
  expect(pageProblems).toEqual([]);
});

test("the currency follows the locale until picked, then values prices in it", async ({ page, pageProblems }) => {
  await page.goto("/de");
  await expect(page.getByRole("columnheader", { name: "Preis in EUR" })).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("columnheader", { name: "Price in USD" })).toBeVisible();
  await expect(page.getByTestId("fiat-BTCUSDT")).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await openPrefs(page);
  await page.getByLabel("Currency").selectOption("JPY");
  await expect(page.getByRole("columnheader", { name: "Price in JPY" })).toBeVisible();
  await expect(page.getByTestId("fiat-BTCUSDT")).toHaveText(/^¥[\d,]+$/);
  await saved(page, "unit", "JPY");
  await page.reload();
  await expect(page.getByTestId("fiat-BTCUSDT")).toHaveText(/^¥[\d,]+$/);
  // A picked currency also wins over another locale's default.
  await page.goto("/de");
  await expect(page.getByRole("columnheader", { name: "Preis in JPY" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("common:fiatName"))).toBe("JPY");
  expect(pageProblems).toEqual([]);
});

test("the side panel follows the layout and mirrors in Arabic", async ({ page, pageProblems }) => {
  const sideIsLeft = async () => {
    const side = await page.locator(".side-column").boundingBox();
    const main = await page.locator(".main-column").boundingBox();
    return !!side && !!main && side.x < main.x;
  };
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  expect(await sideIsLeft()).toBe(false);
  await openPrefs(page);
  await page.getByLabel("Left").check();
  await expect.poll(sideIsLeft).toBe(true);
  await saved(page, "layout", "left");
  await page.reload();
  expect(await sideIsLeft()).toBe(true);
  await page.goto("/ar");
  expect(await sideIsLeft()).toBe(false);
  expect(pageProblems).toEqual([]);
});

test("balances show until hidden, then are valued in the chosen unit", async ({ page, pageProblems }) => {
  await registerThroughPage(page, `prefs-${Date.now()}@example.com`, "Sup3r-secret");
  const total = page.getByTestId("portfolio-total");
  // shown by default (docs/decisions/716); the eye (a toggle) hides them and shows them again
  const eye = page.getByRole("button", { name: "Show balances" });
  await expect(total).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(eye).toHaveAttribute("aria-pressed", "true");
  await eye.click();
  await expect(total).toHaveText("••••••Hidden");
  await eye.click();
  await expect(total).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await openPrefs(page);
  await page.getByLabel("Value assets in").selectOption("2");
  await expect(total).toHaveText(/^[\d,.]+ USDT$/);
  await saved(page, "valuation_unit", "2");
  await page.reload();
  await expect(total).toHaveText(/^[\d,.]+ USDT$/);
  expect(pageProblems).toEqual([]);
});

test("without scripts the form saves and comes back", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("banner").locator("summary").click();
  await page.getByLabel("Dark").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator("html")).toHaveClass("black");
  await context.close();
});

test("bad preference posts get a clear envelope", async ({ page }) => {
  const bad = await page.request.post("/prefs", { form: { theme: "neon" } });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ code: "40017", msg: "Invalid preference: theme" });
  expect((await page.request.post("/prefs", { form: { session: "x" } })).status()).toBe(400);
  expect((await page.request.get("/prefs")).status()).toBe(405);
  // The BFF's cross-site rule, the same code: same-site pages and foreign origins are another site too.
  for (const headers of <Record<string, string>[]>[
    { "sec-fetch-site": "cross-site" },
    { "sec-fetch-site": "same-site" },
    { origin: "https://evil.example" },
    { origin: "null" },
  ]) {
    const cross = await page.request.post("/prefs", { form: { theme: "black" }, headers });
    expect(cross.status(), JSON.stringify(headers)).toBe(403);
    expect(await cross.json()).toMatchObject({ code: "40300" });
  }
  const own = await page.request.post("/prefs", { form: { theme: "black" }, headers: { "sec-fetch-site": "same-origin" } });
  expect(own.status()).toBe(200);
});

for (const theme of ["white", "black"] as const) {
  test(`the main pages pass axe (WCAG 2 AA, contrast included) in the ${theme} theme`, async ({ page }) => {
    await page.context().addCookies([{ name: "theme", value: theme, url: test.info().project.use.baseURL as string }]);
    for (const path of ["/", "/login", "/register", "/ar"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveClass(theme);
      const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
      expect(result.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
  });
}
