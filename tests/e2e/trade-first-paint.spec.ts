import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { followHeaderLink, routeTexts } from "./helpers";

// Decision 725, "First paint": the spot and futures screens write every stylesheet they use into one
// `<style nonce>` in their head (no request blocks the first paint), hydrate that same element, and a
// client navigation to or from them still gets each page's stylesheets.

const PAGES = ["/spot/BTCUSDT", "/futures/usdt/BTCUSDT"];

/** What the trading screens' stylesheets do, one rule from each: global, trade.css, trade-pro.css, the chart's. */
async function tradeStyles(page: Page) {
  return page.evaluate(() => {
    const style = (sel: string) => {
      const el = document.querySelector(sel);
      return el ? getComputedStyle(el) : null;
    };
    return {
      skipLinkOffscreen: (style(".skip-link")?.position ?? "") !== "static",
      tradeCardMargin: style(".trade-card")?.marginBlockEnd ?? null,
      proTools: style(".pro-tools")?.display ?? null,
      chartUp: style(".kline-chart")?.getPropertyValue("--chart-up").trim() !== "",
    };
  });
}

/** On a phone the stacked layout (trade.css); from 1280×600 the pro layout (trade-pro.css's media rules). */
const PHONE = { skipLinkOffscreen: true, tradeCardMargin: "16px", proTools: "none", chartUp: true };
const PRO = { skipLinkOffscreen: true, tradeCardMargin: "0px", proTools: "block", chartUp: true };

for (const path of PAGES) {
  test(`${path}: one nonced <style>, no stylesheet link, and the hydrated page keeps it`, async ({ page, pageProblems }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const response = await page.goto(path);
    const csp = response?.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce, "the document's CSP names a nonce").toBeTruthy();
    expect(csp).toMatch(/style-src [^;]*'nonce-/);
    const html = await response!.text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toMatch(/<link[^>]*rel="stylesheet"/);
    expect(head).toContain(`<style id="page-css" data-css="trade" nonce="${nonce}">`);
    // the server's text, once in the document: not copied into the route data
    const style = html.slice(html.indexOf('<style id="page-css"'), html.indexOf("</style>", html.indexOf('<style id="page-css"')));
    const count = (text: string) => text.split("--chart-up:").length - 1;
    expect(count(style)).toBeGreaterThan(0);
    expect(count(html)).toBe(count(style));
    await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true");
    expect(await page.locator("head style#page-css").count()).toBe(1);
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    expect(await page.evaluate(() => document.getElementById("page-css")?.textContent?.length ?? 0)).toBeGreaterThan(10_000);
    // every stylesheet the page's routes would have linked (their `links` and their components' CSS
    // chunks, from Remix's manifest) is in the <style> word for word: a new CSS import cannot be missed
    const missing = await page.evaluate(async () => {
      type Link = { rel?: string; href?: string };
      const w = window as unknown as {
        __remixManifest: { routes: Record<string, { css?: string[] }> };
        __remixRouteModules: Record<string, { links?: () => Link[] } | undefined>;
      };
      const text = document.getElementById("page-css")?.textContent ?? "";
      const hrefs = Object.keys(w.__remixRouteModules).flatMap((id) => [
        ...(w.__remixManifest.routes[id]?.css ?? []),
        ...(w.__remixRouteModules[id]?.links?.() ?? []).filter((l) => l.rel === "stylesheet").map((l) => l.href ?? ""),
      ]);
      const out: string[] = [];
      for (const href of new Set(hrefs)) if (!text.includes((await (await fetch(href)).text()).trim())) out.push(href);
      return { checked: hrefs.length, out };
    });
    expect(missing.checked).toBeGreaterThanOrEqual(3);
    expect(missing.out).toEqual([]);
    expect(await tradeStyles(page)).toEqual(PHONE);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await tradeStyles(page)).toEqual(PRO);
    expect(pageProblems).toEqual([]);
  });
}

test("client navigations: home (linked stylesheets) to futures, futures to spot, spot to home, all styled", async ({
  page,
  pageProblems,
}) => {
  await followHeaderLink(page, "Futures", /\/futures\/usdt\/BTCUSDT$/);
  // the home's document linked its stylesheets: the futures screen's are linked on the way in
  await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true");
  expect(await page.locator("style#page-css").count()).toBe(0);
  expect(await tradeStyles(page)).toEqual(PRO);

  await page.goto("/spot/BTCUSDT");
  await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true");
  await page.getByRole("link", { name: "Mix Exchange" }).click();
  await expect(page).toHaveURL(/\/$/);
  // the inlined <style> stays for the document's life; the home's own stylesheet is linked after it
  await expect(page.locator('link[rel="stylesheet"][href*="markets"]')).toHaveCount(1);
  expect(await page.locator("style#page-css").count()).toBe(1);
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.querySelector(".overview-head")!).display)).toBe("flex");
  expect(pageProblems).toEqual([]);
});

/** Records which namespace chunks (texts the page was not sent) the browser asks for. */
async function recordTexts(page: Page): Promise<Set<string>> {
  const asked = new Set<string>();
  await routeTexts(page, (namespace, route) => {
    asked.add(namespace);
    return route.fallback();
  });
  return asked;
}

// tbt's late panels and lh2/lh3's idle preload of the other texts: the texts' arrival re-renders every
// part bound to i18next; before a panel has hydrated that must not throw its server markup away (a
// console error). Here the browser is "idle" at once and 4× slower, so the texts arrive early.
for (const path of PAGES) {
  test(`${path} on a slow phone, the other texts preloaded at once: no panel rendered again, no console error`, async ({
    page,
    pageProblems,
  }) => {
    await page.addInitScript(() => {
      window.requestIdleCallback = ((cb: IdleRequestCallback) =>
        window.setTimeout(() => cb({ didTimeout: false, timeRemaining: () => 50 }), 0)) as typeof window.requestIdleCallback;
    });
    const asked = await recordTexts(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(path);
    await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true", { timeout: 20_000 });
    // the preload ran: a namespace the page was not sent was asked for
    await expect.poll(() => asked.has("wallet"), { timeout: 20_000 }).toBe(true);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    expect(pageProblems).toEqual([]);
  });
}
