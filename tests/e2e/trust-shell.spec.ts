import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { RESERVES_PATHS, type FundHistory } from "../../protocol/reserves";
import { test, expect, testFrom } from "./fixtures";
import { bindGoogleAuthenticator, openFuturesOnPage, registerThroughPage } from "./helpers";

/**
 * Issue 28 items 8–11 (docs/decisions/716): the layout of the asset and futures screens, the
 * protection fund and reserves pages, the gaps in the shell (404 title, the events links and
 * chrome, demo mode on pages outside the allow-list, untranslated words) and the defaults a
 * trader would question.
 */
let n = 0;
const newEmail = () => `trust-${Date.now()}-${n++}@example.com`;
const trader = testFrom((page) => registerThroughPage(page, newEmail(), "Passw0rd!x"));
const dialog = (page: Page) => page.getByRole("dialog");
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });
const plain = (text: string | null) => Number((text ?? "").replace(/[^\d.-]/g, ""));

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (l: Locator): Promise<Box> => (await l.boundingBox()) as Box;
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Where a cell's own text ends on the screen (not its box: a start-aligned header's box spans the column). */
const textRight = (l: Locator) =>
  l.evaluate((el) => {
    const r = document.createRange();
    r.selectNodeContents(el);
    return r.getBoundingClientRect().right;
  });

trader("the asset list's Actions header stands over its links", async (page) => {
  await page.goto("/asset/spot");
  const table = page.getByTestId("spot-assets");
  const header = table.getByRole("columnheader", { name: "Actions" });
  const links = table.getByRole("row").nth(1).locator(".row-actions");
  await expect(links).toBeVisible();
  const gap = Math.abs((await textRight(header)) - (await textRight(links)));
  expect(gap, "the header's text ends where the row's links end").toBeLessThan(16);
});

trader(
  "futures: the Demo switch stays on the heading's row, a cross position that cannot be liquidated shows a dash, toasts leave the figures readable",
  async (page) => {
    await page.goto("/futures/usdt/BTCUSDT");
    await openFuturesOnPage(page);
    const head = page.locator(".trade-head");
    const heading = head.getByRole("heading", { level: 1 });
    const demo = head.getByRole("button", { name: "Demo trading", exact: true });
    await expect(demo).toBeVisible();
    const h1 = await boxOf(heading);
    const sw = await boxOf(demo);
    expect(sw.y, "the switch starts above the heading's bottom: the same row").toBeLessThan(h1.y + h1.height);

    // the limit price starts at the last price, as spot's does
    const form = page.getByRole("region", { name: "Futures order" });
    await expect.poll(async () => plain(await form.getByLabel("Price", { exact: true }).inputValue())).toBeGreaterThan(0);

    // a small cross long on 1000 USDT: no price liquidates it
    await form.getByRole("button", { name: "Transfer" }).click();
    await dialog(page).getByLabel("Amount (USDT)").fill("1000");
    await dialog(page).getByRole("button", { name: "Transfer" }).click();
    await expect(toast(page, "Transferred 1000 USDT")).toBeVisible();
    await expect.poll(async () => plain(await form.getByTestId("futures-available").textContent())).toBeGreaterThanOrEqual(1000);
    await form.getByRole("button", { name: "Market", exact: true }).click();
    await form.getByLabel("Size").fill("0.001");
    await form.getByTestId("submit-long").click();
    await dialog(page).getByRole("button", { name: "Confirm" }).click();
    const placed = toast(page, "Order placed");
    await expect(placed).toBeVisible();
    // with the head in view, none of the toasts up (transfer, fill, placed) covers its price figures
    await page.evaluate(() => window.scrollTo(0, 0));
    const ticker = await boxOf(head.locator(".ticker-bar"));
    const shown = await page.locator(".toaster .toast").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as Box));
    expect(shown.length).toBeGreaterThanOrEqual(1);
    for (const t of shown) expect(overlaps(t, ticker), JSON.stringify({ t, ticker })).toBe(false);
    const row = page.getByTestId("position-BTCUSDT-long");
    await expect(row).toBeVisible();
    await expect(row.getByTestId("position-liq")).toHaveText("—");
  },
);

trader("the spot tabs say they are loading, never a false zero, until the lists arrive", async (page) => {
  const held: Array<() => void> = [];
  const hold = (glob: string) =>
    page.route(glob, (route) => {
      held.push(() => void route.continue());
    });
  await hold("**/api/v2/spot/trade/unfilled-orders*");
  await hold("**/api/v2/spot/trade/current-plan-order*");
  // the private stream's snapshots would also fill the lists: it stays away while the reads are held
  await page.routeWebSocket(/\/v2\/ws\/private/, () => undefined);
  await page.goto("/spot/BTCUSDT");
  await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true");
  const tabs = page.getByRole("tablist").first();
  await expect(tabs.getByRole("tab", { name: /^Open orders/ })).toHaveText("Open orders (…)");
  await expect(tabs.getByRole("tab", { name: /^Plan orders/ })).toHaveText("Plan orders (…)");
  await expect.poll(() => held.length).toBeGreaterThanOrEqual(2);
  for (const go of held) go();
  await expect(tabs.getByRole("tab", { name: /^Open orders/ })).toHaveText("Open orders (0)");
});

test("the protection fund opens with the operator's balance and is drawn from the exchange's start", async ({ page, pageProblems }) => {
  await page.goto("/protection-fund");
  for (const env of ["live", "paper"]) {
    const balance = page.getByTestId(`fund-${env}`).getByTestId("fund-balance");
    await expect(balance).toHaveText(/ USDT$/);
    expect(plain(await balance.textContent())).toBeGreaterThanOrEqual(1_000_000);
  }
  const r = await page.request.get(`${RESERVES_PATHS.fundHistory}?days=30`);
  const history = ((await r.json()) as { data: FundHistory }).data;
  // this run's exchange started minutes ago: no point a month before it
  for (const e of history.environments) expect(e.points[0]!.time).toBeGreaterThan(Date.now() - 86_400_000);
  expect(pageProblems).toEqual([]);
});

test("every asset of the reserves chart is readable, its exact ratio printed, a huge surplus cut", async ({ page, pageProblems }) => {
  const r = spawnSync(process.execPath, ["--import", "tsx", "gateway/reserves/cli/snapshot.ts", "--wait", "20"], {
    cwd: resolve(import.meta.dirname, "../.."),
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(r.status, r.stderr).toBe(0);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/proof-of-reserves");
  const rows = page.getByTestId("reserves-table").locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const chart = page.getByTestId("reserves-chart");
  const chartBox = await boxOf(chart);
  for (const row of await rows.all()) {
    const coin = (await row.locator("th").textContent())!.trim();
    const ratio = (await row.locator("td").last().textContent())!.trim();
    const bar = chart.getByTestId(`ratio-bar-${coin}`);
    // the figure is printed in full, inside the chart
    await expect(bar.getByTestId("ratio-value")).toHaveText(ratio);
    const value = await boxOf(bar.getByTestId("ratio-value"));
    expect(value.x + value.width).toBeLessThanOrEqual(chartBox.x + chartBox.width + 1);
    // every bar of a reserve at or above its liabilities reaches the 100 % mark at least
    const fill = await boxOf(bar.locator(".por-bar-fill"));
    const track = await boxOf(bar.locator(".por-bar-track"));
    expect(fill.width).toBeLessThanOrEqual(track.width + 0.5);
    if (plain(ratio) >= 100) expect(fill.width).toBeGreaterThanOrEqual(track.width / 2 - 1);
  }
  expect(pageProblems).toEqual([]);
});

test.describe("an unknown page", () => {
  // the browser logs the document's own 404 status
  test.use({ allowConsoleErrors: [/status of 404/] });
  test("is titled; Events are linked from the header and the footer", async ({ page, pageProblems }) => {
    const res = await page.goto("/no-such-page-here");
    expect(res?.status()).toBe(404);
    await expect(page).toHaveTitle("Page not found | Mix Exchange");
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" })).toHaveAttribute("href", "/events");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Events" })).toHaveAttribute("href", "/events");
    expect(pageProblems).toEqual([]);
  });
});

trader("the events pages' own header offers the whole site: Margin, Futures and the account's pages", async (page) => {
  await page.goto("/events/paper-trading-cup");
  const banner = page.locator('[data-mix-chrome="header"][data-mix-chrome-mounted="true"]');
  await expect(banner).toBeVisible();
  for (const [name, href] of <Array<[string, string]>>[
    ["Margin", "/margin/BTCUSDT"],
    ["Futures", "/futures/usdt/BTCUSDT"],
    ["Assets", "/asset"],
    ["Sub-accounts", "/subaccount"],
  ])
    await expect(banner.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
});

test("demo mode sends the wiki and the events pages to the spot screen, in the page's locale", async ({ page, pageProblems }) => {
  await page.addInitScript(() => localStorage.setItem("common:simulation", "1"));
  for (const [from, to] of <Array<[string, string]>>[
    ["/wiki", "/spot/BTCUSDT"],
    ["/de/wiki", "/de/spot/BTCUSDT"],
    ["/events/paper-trading-cup", "/spot/BTCUSDT"],
    ["/events", "/spot/BTCUSDT"],
  ]) {
    await page.goto(from);
    await expect(page).toHaveURL(new RegExp(`${to.replace(/\//g, "\\/")}$`));
  }
  expect(pageProblems).toEqual([]);
});

test("the Japanese header and order form have no English left in them", async ({ page, pageProblems }) => {
  await page.goto("/ja/spot/BTCUSDT");
  const nav = page.getByRole("banner").getByRole("navigation");
  await expect(nav.getByRole("link").last()).not.toHaveText("Wiki");
  await expect(page.locator("body")).not.toContainText("Post only");
  const text = await page.locator("main").innerText();
  expect(text).not.toMatch(/Post only/);
  expect(pageProblems).toEqual([]);
});

trader("a manual margin loan says so in the reader's language", async (page) => {
  await page.goto("/de/margin/BTCUSDT");
  const box = page.getByTestId("margin-account");
  const money = async (button: string, amount: string) => {
    await box.getByRole("button", { name: button, exact: true }).click();
    await dialog(page).getByRole("textbox", { name: "Betrag" }).fill(amount);
    await dialog(page).getByRole("button", { name: button, exact: true }).click();
    await expect(dialog(page)).toHaveCount(0);
  };
  await money("Einzahlen", "500");
  await money("Leihen", "50");
  await page.getByRole("tab", { name: "Kredite" }).click();
  const loan = page.getByTestId("margin-borrow-records").getByRole("row").nth(1);
  await expect(loan).toContainText("50");
  // the loan's kind in German, not the gateway's code
  await expect(loan.getByRole("cell").last()).toHaveText("Manuell");
});

trader("defaults: balances shown, the cheapest network first then the last one used, the withdraw dialog's Cancel", async (page) => {
  // home: the total is shown, not hidden
  await expect(page.getByTestId("portfolio-total")).not.toContainText("Hidden");
  await page.goto("/asset");
  await expect(page.locator("main")).not.toContainText("Hidden");

  // deposit: USDT's cheapest network (BEP20's fee is the lowest), then the one picked last
  await page.goto("/asset/recharge?coin=USDT");
  await expect(page.getByTestId("network-BEP20")).toBeChecked();
  await page.getByTestId("network-TRC20").check();
  await page.reload();
  await expect(page.getByTestId("network-TRC20")).toBeChecked();

  // withdraw: the confirmation's way back says Cancel
  await page.goto("/modifyverification");
  await bindGoogleAuthenticator(page);
  await page.goto("/asset/withdraw?coin=USDT");
  await expect(page.getByTestId("network-TRC20")).toBeChecked();
  await page.getByTestId("withdraw-address").fill("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
  await page.getByTestId("withdraw-amount").fill("100");
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm the withdrawal" });
  await expect(confirm.getByRole("button", { name: "Cancel", exact: true })).toBeVisible();
  await expect(confirm.getByRole("button", { name: "Keep it" })).toHaveCount(0);
  await confirm.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(confirm).toHaveCount(0);
});
