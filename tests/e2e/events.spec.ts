import { createServer, type Server } from "node:http";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { registerThroughPage } from "./helpers";
import { baseURL } from "../../playwright.config";

/** The events site in Chromium (docs/decisions/800): the separate chrome runtime, the competition, another site embedding the chrome. */
const CUP = "/events/paper-trading-cup";
let n = 0;
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `203.0.113.${120 + n}` });
});
const newEmail = () => `cup-${Date.now()}-${n++}@example.com`;

const header = (page: Page) => page.locator('[data-mix-chrome="header"][data-mix-chrome-mounted="true"]');
/** What the page told the chrome about the visitor (the host page's settings). */
const chromeUser = (page: Page) =>
  page.evaluate(() => (JSON.parse(document.getElementById("mix-chrome-config")?.textContent ?? "{}") as { user?: unknown }).user ?? null);
/** What the loader handed the runtime: texts and links, never a user. */
const bootHasUser = (page: Page) => page.evaluate(() => "user" in ((window as unknown as { __mixChrome?: object }).__mixChrome ?? {}));

test("a guest's chrome mounts from its own runtime with no user, and the legal dialog opens and closes", async ({ page, pageProblems }) => {
  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
  await page.goto(CUP);
  await expect(header(page)).toBeVisible();
  // The chrome came from the loader and the hashed runtime; the page carries no Remix runtime.
  expect(scripts).toContain("/events/loader.js");
  expect(scripts.some((s) => /^\/standalone\/events-chrome-[\w-]+\.js$/.test(s))).toBe(true);
  expect(scripts.some((s) => s.startsWith("/assets/"))).toBe(false);
  expect(await chromeUser(page)).toBeNull();
  expect(await bootHasUser(page)).toBe(false);
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Log in" })).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(CUP)}`);
  await expect(banner.getByRole("link", { name: "Events" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 1, name: "Paper Trading Cup" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Log in to join" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Join the competition" })).toHaveCount(0);

  // The header stays on screen while the page scrolls.
  await page.mouse.wheel(0, 2000);
  await expect(banner).toBeInViewport();

  await page.getByRole("contentinfo").getByRole("link", { name: "Legal" }).click();
  const dialog = page.getByRole("dialog", { name: "Legal notice" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  const a11y = await new AxeBuilder({ page }).analyze();
  expect(a11y.violations.map((v) => v.id)).toEqual([]);
  expect(pageProblems).toEqual([]);
});

test("without JavaScript the page, its chrome fallback and the legal text still work", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/ar/events");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "الفعاليات" })).toBeVisible();
  await page.getByRole("link", { name: "كأس التداول التجريبي" }).click();
  await expect(page).toHaveURL(/\/ar\/events\/paper-trading-cup$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "تسجيل الدخول" })).toBeVisible();
  await expect(page.getByRole("region", { name: "إشعار قانوني" })).toBeVisible();
  await expect(page.getByRole("table")).toBeVisible();
  await context.close();
});

test("a logged-in visitor's chrome gets the masked user; joining, a demo trade, and the visitor is on the leaderboard", async ({
  page,
  pageProblems,
}) => {
  const email = newEmail();
  await registerThroughPage(page, email, "Passw0rd!x");
  await page.goto(CUP);
  await expect(header(page)).toBeVisible();
  const user = (await chromeUser(page)) as { name: string; uid: string };
  expect(user.name).toMatch(/\*\*\*\*/);
  expect(user.name).not.toBe(email);
  expect(user.uid).toMatch(/^\w{1,4}\*\*\*\*\w{0,2}$/);
  expect(await bootHasUser(page)).toBe(false);
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: `Signed in as ${user.name}` })).toBeVisible();
  await expect(banner.getByRole("link", { name: "Log in" })).toHaveCount(0);

  await page.getByRole("button", { name: "Join the competition" }).click();
  await expect(page.getByRole("status").filter({ hasText: "You are in" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Join the competition" })).toHaveCount(0);

  // A paper trade on the spot screen in demo mode.
  await page.goto("/spot/BTCUSDT");
  await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true");
  await page.getByRole("button", { name: "Demo trading", exact: true }).click();
  await expect(page.getByTestId("demo-banner")).toBeVisible();
  const panel = page.getByRole("region", { name: "Place an order" });
  await panel.getByRole("button", { name: "Market" }).click();
  await panel.getByLabel("Total", { exact: true }).fill("1000");
  await panel.getByRole("button", { name: "Buy BTC" }).click();
  // Market orders are confirmed first (docs/decisions/704).
  await page.getByRole("dialog", { name: "Confirm: Buy BTC" }).getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText(/order (placed|filled)/i).first()).toBeVisible();

  // the events pages are not on demo mode's allow-list (docs/product.md §5, decision 716): the
  // standings are read after leaving it
  await page.getByRole("button", { name: "Leave demo trading" }).click();
  await expect(page.getByTestId("demo-banner")).toHaveCount(0);
  await page.goto(CUP);
  const mine = page.getByRole("row").filter({ has: page.locator(".you-tag") });
  await expect(mine).toHaveCount(1);
  // The board names the visitor by the masked id, as the chrome shows it (no nickname set).
  await expect(mine).toContainText(user.uid);
  await expect(page.locator("#events-board-me")).toContainText(/Rank \d+/);
  // Already enrolled: the page says so instead of offering the button again.
  await expect(page.getByRole("button", { name: "Join the competition" })).toHaveCount(0);
  expect(pageProblems).toEqual([]);
});

test("another site of the operator embeds the chrome with the loader's one address", async ({ page, pageProblems }) => {
  // Another site: a page of its own origin (another port), which loads the loader from the exchange.
  const partner: Server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><title>Partner</title></head><body>
      <div data-mix-chrome="header"></div><main><h1>Partner page</h1></main><div data-mix-chrome="footer"></div>
      <script type="application/json" id="mix-chrome-config">{"user":{"name":"Ja***e","uid":"12345678"}}</script>
      <script src="${baseURL}/de/events/loader.js"></script></body></html>`);
  });
  await new Promise<void>((r) => partner.listen(0, "127.0.0.1", r));
  const address = partner.address();
  const other = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`;
  // A real visitor sends no extra headers; the test's X-Forwarded-For would make every module load a preflight.
  await page.context().setExtraHTTPHeaders({});
  await page.goto(other);
  await expect(header(page)).toBeVisible();
  const banner = page.getByRole("banner");
  // German chrome on an English page, links absolute on the exchange, the id masked by the runtime.
  await expect(page.locator('[data-mix-chrome="header"]')).toHaveAttribute("lang", "de-DE");
  await expect(banner.getByRole("link", { name: "Events" })).toHaveAttribute("href", `${baseURL}/de/events`);
  await expect(banner.getByRole("link", { name: "Angemeldet als Ja***e" })).toContainText("1234****78");
  await expect(page.locator(".mc-header")).toHaveCSS("position", "static");
  await expect(page.locator('[data-mix-chrome="header"]')).toHaveCSS("position", "sticky");
  await page.getByRole("contentinfo").getByRole("link", { name: "Rechtliches" }).click();
  await expect(page.getByRole("dialog", { name: "Rechtliche Hinweise" })).toBeVisible();
  partner.close();
  expect(pageProblems).toEqual([]);
});
