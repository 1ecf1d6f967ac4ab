import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { AxeBuilder } from "@axe-core/playwright";
import type { Locator, Page, Response } from "@playwright/test";
import { IDENTITY_STORAGE_KEYS } from "../../app/lib/http/device-identity";
import { convert, plainAmount } from "../../app/lib/wiki/fiat";
import { test, expect } from "./fixtures";
import { registerThroughPage } from "./helpers";
import { altOrigin, baseURL } from "../../playwright.config";

/** Property names only the sanitiser (sanitize-html) or its parser (htmlparser2) carry; minifiers keep them. */
const SANITISER_MARKERS = [
  "disallowedTagsMode",
  "allowedSchemesAppliedToAttributes",
  "nonTextTags",
  "onopentagname",
  "recognizeSelfClosing",
];
const FASTEST_HOST_KEY = "img-fastest-host";
/** Whether every image `icons` finds has loaded, each from `host`. */
const iconsLoadedFrom = (icons: Locator, host: string) =>
  icons.evaluateAll(
    (imgs, h) => imgs.every((i) => new URL((i as HTMLImageElement).src).host === h && (i as HTMLImageElement).naturalWidth > 0),
    host,
  );
/** Issue 15: at most 80 KB of JavaScript on a wiki page. */
const JS_BUDGET = 80 * 1024;

/** The figures of a column, read as numbers ($95,064.91 → 95064.91; "—" skipped). */
async function columnNumbers(page: Page, index: number): Promise<number[]> {
  const texts = await page
    .locator(`[data-testid="coin-table"] tbody tr`)
    .evaluateAll((rows, i) => rows.map((r) => (r.children[i] as HTMLElement | undefined)?.innerText ?? ""), index);
  return texts.filter((t) => /\d/.test(t)).map((t) => Number(t.replace(/[^\d.-]/g, "")));
}

/** The converter's price and rates as the server wrote them on the form. */
async function converterData(page: Page) {
  const form = page.locator("form[data-converter]");
  return {
    price: (await form.getAttribute("data-price")) as string,
    rates: JSON.parse((await form.getAttribute("data-rates")) as string) as Record<string, string>,
  };
}

test("the price list: search, sort and paging, in place of nothing but links and a form", async ({ page, pageProblems }) => {
  await page.goto("/wiki");
  await expect(page.getByRole("heading", { level: 1, name: "Cryptocurrency prices" })).toBeVisible();
  const rows = page.locator('[data-testid="coin-table"] tbody tr');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText("Bitcoin");

  // Sort by price, highest first, then flip it.
  await page.getByRole("link", { name: "Price, sort descending" }).click();
  await expect(page).toHaveURL(/\/wiki\?sort=price$/);
  const desc = await columnNumbers(page, 2);
  expect(desc).toEqual([...desc].sort((a, b) => b - a));
  await expect(page.getByRole("columnheader", { name: /^Price/ })).toHaveAttribute("aria-sort", "descending");
  await page.getByRole("link", { name: "Price, sort ascending" }).click();
  await expect(page).toHaveURL(/\/wiki\?sort=price&dir=asc$/);
  const asc = await columnNumbers(page, 2);
  expect(asc).toEqual([...asc].sort((a, b) => a - b));

  // Search keeps the order.
  await page.getByRole("searchbox", { name: "Search coins" }).fill("coin");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/wiki\?q=coin&sort=price&dir=asc$/);
  await expect(rows).toHaveCount(3);
  await expect(rows.locator("th")).toHaveText([/Dogecoin/, /Litecoin/, /Bitcoin/]);
  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(rows).toHaveCount(10);

  // Paging.
  await page.goto("/wiki");
  const pager = page.getByRole("navigation", { name: "Pages" });
  await pager.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/wiki\/page\/2$/);
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId("list-status")).toHaveText("Page 2 of 2");
  await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await pager.getByRole("link", { name: "Page 1" }).click();
  await expect(page).toHaveURL(/\/wiki$/);
  expect(pageProblems).toEqual([]);
});

test("the currency preference changes the prices, through the header's settings", async ({ page, pageProblems }) => {
  await page.goto("/wiki/ethereum");
  const price = page.getByTestId("live-price");
  await expect(price).toContainText("$");
  const currency = page.getByRole("banner").getByRole("combobox", { name: "Currency" });
  await page.getByRole("banner").locator("details.settings summary").click();
  await currency.selectOption("EUR");
  // The bundle posts the form at once; the page comes back in euros.
  await expect(price).toContainText("€");
  // Back from /prefs the panel is closed again; the saved choice is selected in it.
  await expect(page.locator('select[name="unit"]')).toHaveValue("EUR");
  await page.goto("/wiki");
  await expect(page.locator('[data-testid="coin-row-BTC"] [data-testid="price"]')).toContainText("€");
  await page.getByRole("banner").locator("details.settings summary").click();
  await currency.selectOption("JPY");
  await expect(page.locator('[data-testid="coin-row-BTC"] [data-testid="price"]')).toContainText("¥");
  expect(pageProblems).toEqual([]);
});

test("the theme switch works on a wiki page, with and without JavaScript", async ({ page, browser, pageProblems }) => {
  await page.goto("/wiki");
  await page.getByRole("banner").locator("details.settings summary").click();
  await page.getByRole("radio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass("black");

  // Without scripts the panel's Save button posts the same form.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const plain = await context.newPage();
  await plain.goto("/wiki/bitcoin");
  await plain.getByRole("banner").locator("details.settings summary").click();
  await plain.getByRole("radio", { name: "Dark" }).click();
  await plain.getByRole("button", { name: "Save" }).click();
  await expect(plain).toHaveURL(/\/wiki\/bitcoin$/);
  await expect(plain.locator("html")).toHaveClass("black");
  await context.close();
  expect(pageProblems).toEqual([]);
});

test("a logged-in visitor logs out from a wiki page's header", async ({ page, pageProblems }) => {
  await registerThroughPage(page, `wiki-logout-${Date.now()}@example.com`, "Sup3r-secret");
  await page.goto("/ja/wiki/bitcoin");
  const header = page.getByRole("banner");
  await header.getByRole("button", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/ja$/);
  await expect(header.getByRole("link", { name: "ログイン" })).toBeVisible();
  // The guest's wiki page carries no certificate: it is only for a logged-in visitor's logout.
  expect(await (await page.request.get("/wiki")).text()).not.toContain('id="issuer-cert"');
  expect(pageProblems).toEqual([]);
});

test("a language change on a prefixed wiki page moves to the new prefix", async ({ page, pageProblems }) => {
  await page.goto("/ja/wiki/bitcoin");
  await page.getByRole("banner").locator("details.settings summary").click();
  await page.locator('select[name="language"]').selectOption("de");
  await expect(page).toHaveURL(/\/de\/wiki\/bitcoin$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "de-DE");
  await expect(page.locator("article.rich-text")).toHaveAttribute("lang", "de");
  expect(pageProblems).toEqual([]);
});

test("the converter computes as one types, both ways, and says when an amount is not one", async ({ page, pageProblems }) => {
  await page.goto("/wiki/bitcoin");
  const { price, rates } = await converterData(page);
  const coin = page.getByRole("textbox", { name: "Amount in BTC" });
  const fiat = page.getByRole("textbox", { name: "Amount in the currency" });
  const code = page.getByRole("combobox", { name: "Currency", exact: true });
  await expect(code).toHaveValue("USD");
  await coin.fill("0.25");
  await expect(fiat).toHaveValue(plainAmount(convert("0.25", "coin", price, rates.USD as string) as string, 2));
  await code.selectOption("KRW");
  await expect(fiat).toHaveValue(plainAmount(convert("0.25", "coin", price, rates.KRW as string) as string, 2));
  await fiat.fill("1000000");
  await expect(coin).toHaveValue(convert("1000000", "fiat", price, rates.KRW as string) as string);
  await coin.fill("abc");
  await expect(page.getByRole("alert")).toHaveText("Enter an amount such as 0.5.");
  await expect(coin).toHaveAttribute("aria-invalid", "true");
  await coin.fill("1");
  await expect(page.getByRole("alert")).toBeHidden();
  expect(pageProblems).toEqual([]);
});

test("without JavaScript the converter and the chart ranges are a form and links the server answers", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/wiki/solana");
  await page.getByRole("textbox", { name: "Amount in SOL" }).fill("3");
  await page.getByRole("combobox", { name: "Currency", exact: true }).selectOption("GBP");
  await page.getByRole("button", { name: "Convert to the currency" }).click();
  await expect(page).toHaveURL(/coinAmount=3&fiat=GBP/);
  // The price the server computed with, as it wrote it on the answer (the market moves meanwhile).
  const { price, rates } = await converterData(page);
  await expect(page.getByRole("textbox", { name: "Amount in the currency" })).toHaveValue(
    plainAmount(convert("3", "coin", price, rates.GBP as string) as string, 2),
  );

  await page.getByRole("navigation", { name: "Chart range" }).getByRole("link", { name: "last year" }).click();
  await expect(page).toHaveURL(/\?range=1Y#chart$/);
  await expect(page.getByRole("img", { name: /^Solana price in USD, last year/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "last year" })).toHaveAttribute("aria-current", "true");
  await context.close();
});

test("with JavaScript the chart's ranges switch in place once it is in view", async ({ page, pageProblems }) => {
  await page.goto("/wiki/ethereum");
  await page.evaluate(() => ((window as unknown as { stay: boolean }).stay = true));
  const chart = page.getByRole("img", { name: /^Ethereum price in USD, last 7 days/ });
  await chart.scrollIntoViewIfNeeded();
  const ranges = page.getByRole("navigation", { name: "Chart range" });
  for (const [name, words] of [
    ["last 24 hours", "last 24 hours"],
    ["last month", "last month"],
    ["all time", "all time"],
  ]) {
    await ranges.getByRole("link", { name }).click();
    await expect(page.getByRole("img", { name: new RegExp(`^Ethereum price in USD, ${words}`) })).toBeVisible();
    await expect(ranges.getByRole("link", { name })).toHaveAttribute("aria-current", "true");
    await expect(ranges.getByRole("link", { name })).toBeFocused();
  }
  await expect(page).toHaveURL(/\/wiki\/ethereum\?range=All#chart$/);
  // Same document all along: no reload happened.
  expect(await page.evaluate(() => (window as unknown as { stay?: boolean }).stay)).toBe(true);
  expect(pageProblems).toEqual([]);
});

test("an article without JavaScript: localised chrome, English body marked as such, sanitised links", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const res = await page.goto("/ja/wiki/solana");
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle("Solana (SOL) の今日の価格・チャート・解説 | Mix Exchange");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Solana (SOL) の価格とガイド");
  await expect(page.getByTestId("live-price")).toHaveText(/￥[\d,]+ [+-]?\d+\.\d{2}%/);
  await expect(page.getByTestId("key-stats").locator("dt")).toHaveText([
    "24時間変動率",
    "24時間高値",
    "24時間安値",
    "24時間出来高",
    "時価総額",
    /流通供給量/,
    "最大供給量",
  ]);
  const article = page.locator("article.rich-text");
  await expect(article).toHaveAttribute("lang", "en");
  await expect(page.getByText("このガイドはまだお使いの言語に翻訳されていないため、英語で表示しています。")).toBeVisible();
  expect(await article.locator("script, style, iframe, [style], [onclick], [onerror]").count()).toBe(0);
  await expect(page.getByRole("link", { name: "SOL/USDTを取引" })).toHaveAttribute("href", "/ja/spot/SOLUSDT");
  await page.getByText("よくある質問").scrollIntoViewIfNeeded();
  await page.locator(".faq summary").first().click();
  await expect(page.locator(".faq details").first()).toHaveAttribute("open", "");
  await expect(page.getByRole("heading", { name: "関連銘柄" })).toBeVisible();

  // A translated article: the German body, no English notice.
  await page.goto("/de/wiki/ethereum");
  await expect(page.locator("article.rich-text")).toHaveAttribute("lang", "de");
  await expect(page.locator("article.rich-text").getByRole("heading", { name: "Vom Mining zum Staking" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Tether" }).first()).toHaveAttribute("href", "/de/wiki/tether");
  await context.close();
});

test("a link the server does not allow loses its address, and an unknown article is a real 404", async ({ page }) => {
  // ethereum.org is allowed in this run; solana.com is not, so its words stay as plain text.
  expect(await (await page.request.get("/wiki/solana")).text()).toContain("More at <a>solana.com</a>");
  expect(await (await page.request.get("/wiki/ethereum")).text()).toContain(
    'More at <a href="https://ethereum.org/" target="_blank" rel="noopener noreferrer">ethereum.org</a>',
  );
  const missing = await page.request.get("/wiki/not-a-coin");
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('class="page error-page"');
  const moved = await page.request.get("/fr/wiki/Bitcoin", { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe("/fr/wiki/bitcoin");
});

test("wiki pages ship only their small bundles: no React, no sanitiser, under 80 KB", async ({ page, pageProblems }) => {
  for (const path of ["/wiki", "/wiki/bitcoin"]) {
    const scripts: Array<{ url: string; size: number; code: string }> = [];
    const listener = async (r: Response) => {
      if (r.request().resourceType() !== "script") return;
      const body = await r.body();
      const sizes = await r.request().sizes();
      scripts.push({ url: r.url(), size: sizes.responseBodySize || body.length, code: body.toString("utf8") });
    };
    page.on("response", listener);
    await page.goto(path, { waitUntil: "networkidle" });
    page.off("response", listener);
    expect(scripts.length, path).toBeGreaterThan(2);
    for (const s of scripts) expect(new URL(s.url).pathname, path).toMatch(/^\/standalone\//);
    const total = scripts.reduce((sum, s) => sum + s.size, 0);
    expect(total, `${path}: ${total} bytes of JavaScript`).toBeLessThanOrEqual(JS_BUDGET);
    for (const s of scripts) {
      expect(s.code, s.url).not.toContain("__reactFiber");
      for (const marker of SANITISER_MARKERS) expect(s.code, s.url).not.toContain(marker);
    }
  }
  const assets = join(process.cwd(), "build", "client", "assets");
  for (const f of readdirSync(assets).filter((f) => f.endsWith(".js"))) {
    const code = readFileSync(join(assets, f), "utf8");
    for (const marker of SANITISER_MARKERS) expect(code, `${f} carries ${marker}`).not.toContain(marker);
  }
  expect(pageProblems).toEqual([]);
});

test("wiki page views carry the wiki's tracking ids: b6719 for the list, b6720 with the article id", async ({ page, pageProblems }) => {
  await page.goto("/wiki/page/2", { waitUntil: "networkidle" });
  const deviceId = await page.evaluate((key) => localStorage.getItem(key), IDENTITY_STORAGE_KEYS.deviceId);
  expect(deviceId).toMatch(/^[0-9a-f]{32}$/);
  // The tracked page is the path without its locale prefix, as everywhere in the app.
  await page.goto("/ja/wiki/cardano", { waitUntil: "networkidle" });
  const shows = () => {
    const db = new Database(join(process.env.E2E_DATA_DIR as string, "gateway.sqlite"), { readonly: true, fileMustExist: true });
    try {
      return (
        db
          .prepare(
            `SELECT json_extract(body, '$.curr_page') AS page, json_extract(body, '$.event_tracking_id') AS id,
              json_extract(body, '$.event_tracking_ext.article_id') AS article
            FROM tracking_events WHERE device_id = ? AND page_status IS NOT NULL ORDER BY id`,
          )
          .all(deviceId) as Array<{ page: string; id: string; article: string | null }>
      ).filter((r) => r.id !== null);
    } finally {
      db.close();
    }
  };
  await expect
    .poll(() => shows().map((r) => `${r.page} ${r.id} ${r.article ?? ""}`.trim()), { timeout: 20_000 })
    .toEqual(expect.arrayContaining(["/wiki/page/2 b6719", "/wiki/cardano b6720 cardano"]));
  expect(pageProblems).toEqual([]);
});

test("the wiki pages pass an accessibility check in both themes and in Arabic", async ({ page, context, pageProblems }) => {
  for (const theme of ["white", "black"]) {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL }]);
    for (const path of ["/wiki", "/wiki/page/2", "/wiki/cardano", "/wiki/tether", "/ar/wiki/bitcoin", "/wiki?q=zzz"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveClass(theme);
      const result = await new AxeBuilder({ page }).analyze();
      expect(result.violations.map((v) => `${theme} ${path}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
  }
  expect(pageProblems).toEqual([]);
});

test.describe("image hosts", () => {
  test("the hosts are probed, the fastest is stored and icons move to it", async ({ page, pageProblems }) => {
    await page.goto("/wiki");
    await page.evaluate((key) => localStorage.removeItem(key), FASTEST_HOST_KEY);
    await page.reload();
    const stored = await page.waitForFunction((key) => localStorage.getItem(key), FASTEST_HOST_KEY);
    const { host } = JSON.parse((await stored.jsonValue()) as string) as { host: string };
    expect([new URL(baseURL).host, new URL(altOrigin).host]).toContain(host);
    const icons = page.locator(".price-table img.coin-icon");
    await expect(icons).toHaveCount(10);
    await expect.poll(() => iconsLoadedFrom(icons, host)).toBe(true);
    expect(pageProblems).toEqual([]);
  });

  test.describe("with one host down", () => {
    test.use({ allowConsoleErrors: [/Failed to load resource: net::ERR_FAILED/] });

    test("a failed image is loaded again from the fastest host", async ({ page, context, pageProblems }) => {
      const fastest = new URL(baseURL).host;
      await context.route(`${altOrigin}/**`, (route) => route.abort("failed"));
      await page.addInitScript(
        ([key, host]) => localStorage.setItem(key as string, JSON.stringify({ host, at: Date.now() })),
        [FASTEST_HOST_KEY, fastest],
      );
      // The server addresses icons on the first host, which is down here.
      expect(await (await page.request.get("/wiki")).text()).toContain(`src="${altOrigin}/coins/btc.svg"`);
      await page.goto("/wiki");
      const icons = page.locator(".price-table img.coin-icon");
      await expect.poll(() => iconsLoadedFrom(icons, fastest)).toBe(true);
      expect(pageProblems).toEqual([]);
    });
  });
});
