import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { E2E_LINKS } from "../../playwright.config";

/** Puts a link into the page, as content from anywhere could (a widget, user text, an extension). */
async function addLink(page: Page, href: string, text: string, target?: string): Promise<void> {
  await page.evaluate(
    ([h, t, tg]) => {
      const a = document.createElement("a");
      a.setAttribute("href", h as string);
      a.textContent = t as string;
      if (tg) a.setAttribute("target", tg);
      document.querySelector("main")?.append(a);
    },
    [href, text, target],
  );
}

/** The page as hydrated, with a marker a document load would lose. */
async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
}

const marker = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker);

test("a hostile link is not followed, by mouse or keyboard, and the page warns", async ({ page, pageProblems }) => {
  const warnings: string[] = [];
  page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
  const outbound: string[] = [];
  page.on("request", (r) => !r.url().startsWith(new URL(page.url()).origin) && r.url().includes("evil") && outbound.push(r.url()));

  await openHydrated(page, "/wiki");
  const start = page.url();
  const hostile = [
    "javascript:window.__pwned=1",
    " JaVa\tScRiPt:window.__pwned=1",
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example/x",
    `https://${E2E_LINKS.brandHost}@evil.example/`,
    "data:text/html,<script>window.__pwned=1</script>",
  ];
  for (const [i, href] of hostile.entries()) {
    await addLink(page, href, `hostile ${i}`);
    await page.getByRole("link", { name: `hostile ${i}`, exact: true }).click();
  }
  await addLink(page, "https://evil.example/keyboard", "hostile by keyboard");
  await page.getByRole("link", { name: "hostile by keyboard" }).focus();
  await page.keyboard.press("Enter");
  await addLink(page, "https://evil.example/new-tab", "hostile new tab", "_blank");
  await page.getByRole("link", { name: "hostile new tab" }).click({ modifiers: ["ControlOrMeta"] });

  expect(page.url()).toBe(start);
  expect(await marker(page)).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(page.context().pages()).toHaveLength(1);
  expect(outbound).toEqual([]);
  const blocked = warnings.filter((w) => w.startsWith("[links] navigation blocked"));
  expect(blocked).toHaveLength(hostile.length + 2);
  expect(blocked[2]).toContain("evil.example is not an allowed address");
  expect(pageProblems).toEqual([]);
});

test("a brand-owned absolute link is made relative and stays in the app", async ({ page, pageProblems }) => {
  // A hydrated page: the router follows it (wiki pages do not hydrate and load documents, decision 019).
  await openHydrated(page, "/");
  await addLink(page, `https://www.${E2E_LINKS.brandHost}/ja/register`, "brand link");
  await page.getByRole("link", { name: "brand link" }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/ja\/register$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ja-JP");
  // A client-side navigation: the document was never reloaded.
  expect(await marker(page)).toBe(1);
  expect(pageProblems).toEqual([]);
});

test("on a wiki page (no hydration) the guard still makes a brand link relative, as a document load", async ({ page, pageProblems }) => {
  await openHydrated(page, "/wiki");
  await addLink(page, `https://www.${E2E_LINKS.brandHost}/ja/wiki/bitcoin`, "brand link");
  await page.getByRole("link", { name: "brand link" }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/ja\/wiki\/bitcoin$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bitcoin");
  expect(pageProblems).toEqual([]);
});

test("an allowed external link opens in a new window without an opener", async ({ page, context, pageProblems }) => {
  await context.route("https://bitcoin.org/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>outside</title>" }));
  await context.route("https://ethereum.org/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>outside</title>" }));
  await openHydrated(page, "/wiki/bitcoin");

  // From the sanitised article: the server already cut the opener.
  const paper = page.locator("article.rich-text").getByRole("link", { name: "Bitcoin: A Peer-to-Peer Electronic Cash System" });
  await expect(paper).toHaveAttribute("href", "https://bitcoin.org/bitcoin.pdf");
  await expect(paper).toHaveAttribute("target", "_blank");
  await expect(paper).toHaveAttribute("rel", "noopener noreferrer");
  const [popup] = await Promise.all([page.waitForEvent("popup"), paper.click()]);
  await popup.waitForLoadState();
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  await popup.close();

  // Any other new-window link to an allowed address gets its opener cut by the click guard.
  await addLink(page, "https://ethereum.org/en/", "ethereum site", "_blank");
  const plain = page.getByRole("link", { name: "ethereum site" });
  const [second] = await Promise.all([page.waitForEvent("popup"), plain.click()]);
  await expect(plain).toHaveAttribute("rel", "noopener noreferrer");
  await second.waitForLoadState();
  expect(await second.evaluate(() => window.opener)).toBeNull();
  expect(page.url()).toMatch(/\/wiki\/bitcoin$/);
  expect(pageProblems).toEqual([]);
});

test.describe("after an error page", () => {
  // The client-side visit to an unknown page loads its data with a 404, which Chromium logs.
  test.use({ allowConsoleErrors: [/the server responded with a status of 404/] });

  test("the guard and the configured hosts outlive an error page and the app coming back", async ({ page, pageProblems }) => {
    await openHydrated(page, "/");
    await addLink(page, `https://${E2E_LINKS.brandHost}/no-such-page`, "to a missing page");
    await page.getByRole("link", { name: "to a missing page" }).click();
    await expect(page.locator("main.error-page")).toBeVisible();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Markets" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("main.error-page")).toHaveCount(0);

    await addLink(page, `https://www.${E2E_LINKS.brandHost}/register`, "brand link again");
    await page.getByRole("link", { name: "brand link again" }).click();
    await expect(page).toHaveURL(/\/register$/);
    await addLink(page, "javascript:window.__pwned=1", "hostile again");
    await page.getByRole("link", { name: "hostile again" }).click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await marker(page)).toBe(1);
    expect(pageProblems).toEqual([]);
  });
});
