import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { V2 } from "../../protocol/bitget";
import { MIX, MIX_PRIVATE } from "../../protocol/mix";
import { Client, makeKey } from "../../gateway/exchange/testing/harness";
import { expect, test, testFrom } from "./fixtures";
import { axeViolations, guestSentTo, registerThroughPage, sticksOut, storedItem } from "./helpers";
import { openFutures } from "../setup/futures";

/**
 * The record pages (docs/decisions/712) against the real gateway: records seeded through an API
 * key of the trader, then filtered, paged by Bitget's cursor (kept in the address), exported as a
 * CSV that parses back to the same rows, an order cancelled on /order/mcp, and every page in
 * both themes, in Arabic and on a phone.
 */
let n = 0;
const newEmail = () => `records-${Date.now()}-${n++}@example.com`;
type Row = Record<string, string>;

/** A new trader, logged in on the page, with an API key of theirs to seed records with. */
async function trader(page: Page): Promise<Client> {
  await registerThroughPage(page, newEmail(), "Passw0rd!x");
  const userId = await storedItem(page, "common:globalUserId");
  return new Client(test.info().project.use.baseURL as string, makeKey(process.env.E2E_DATA_DIR as string, userId as string));
}

/** A test that begins with a trader registered through the page, and their API client. */
const traderTest = testFrom(trader);

const ok = async <R extends { body: { code: string; msg: string } }>(call: Promise<R>): Promise<R> => {
  const r = await call;
  expect(r.body.code, r.body.msg).toBe("00000");
  return r;
};

/** `count` limit buys far under the market, then cancelled: order history without fills. */
async function cancelledOrders(c: Client, symbol: string, count: number) {
  const last = Number((await c.get<Row[]>(`${V2.tickers}?symbol=${symbol}`)).body.data[0]!.lastPr);
  const orderList = Array.from({ length: count }, (_, i) => ({
    side: "buy",
    orderType: "limit",
    force: "gtc",
    price: (last * 0.5 - i).toFixed(2),
    size: "0.01",
  }));
  await ok(c.post(V2.batchOrders, { symbol, orderList }));
  await ok(c.post(V2.cancelSymbol, { symbol }));
}

const table = (page: Page, id: string) => page.getByTestId(`records-${id}`);
const rows = (page: Page, id: string) => table(page, id).locator("tbody tr");

/** The CSV the export button saves, as lines of cells (the file has no quoted commas here). */
async function exportCsv(page: Page): Promise<{ name: string; header: string[]; lines: string[][] }> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  const text = readFileSync((await file.path()) as string, "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header, ...lines] = text.slice(1).trim().split("\r\n");
  return { name: file.suggestedFilename(), header: header!.split(","), lines: lines.map((l) => l.split(",")) };
}

traderTest("spot records: order history pages by its cursor in the address, filters by pair, and exports every page", async (page, c) => {
  await cancelledOrders(c, "ETHUSDT", 25);
  for (let i = 0; i < 2; i++) await ok(c.post(V2.placeOrder, { symbol: "BTCUSDT", side: "buy", orderType: "market", size: "20" }));
  const all = (await c.get<Row[]>(`${V2.historyOrders}?limit=100`)).body.data;
  expect(all).toHaveLength(27);

  await page.goto("/record/exchange");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Spot records");
  await expect(page.getByRole("tab", { name: "Order history" })).toHaveAttribute("aria-selected", "true");
  await expect(rows(page, "orders")).toHaveCount(20);
  const pager = page.getByRole("navigation", { name: "Pages" });
  await expect(pager.getByRole("button", { name: "Newer" })).toBeDisabled();
  await pager.getByRole("button", { name: "Older" }).click();
  await expect(page).toHaveURL(new RegExp(`page=${all[19]!.orderId}$`));
  await expect(rows(page, "orders")).toHaveCount(7);
  await expect(pager.getByRole("button", { name: "Older" })).toBeDisabled();
  // the address is the page: a reload shows the same rows
  await page.reload();
  await expect(rows(page, "orders")).toHaveCount(7);
  await expect(rows(page, "orders").first().getByTestId("record-orderId")).toHaveText(all[20]!.orderId!);
  await pager.getByRole("button", { name: "Newer" }).click();
  await expect(rows(page, "orders")).toHaveCount(20);

  // a pair: two market buys, and the cursor is gone
  await page.getByLabel("Pair").selectOption("BTCUSDT");
  await expect(page).toHaveURL(/symbol=BTCUSDT/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(rows(page, "orders")).toHaveCount(2);
  await expect(rows(page, "orders").getByTestId("record-status").first()).toHaveText("Filled");

  // every pair again, and the export reads both pages
  await page.getByLabel("Pair").selectOption("");
  await expect(rows(page, "orders")).toHaveCount(20);
  const csv = await exportCsv(page);
  expect(csv.name).toMatch(/^exchange-orders-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.header).toEqual([
    "cTime",
    "symbol",
    "side",
    "orderType",
    "price",
    "priceAvg",
    "size",
    "quoteSize",
    "baseVolume",
    "quoteVolume",
    "status",
    "orderId",
  ]);
  expect(csv.lines.map((l) => l[11])).toEqual(all.map((o) => o.orderId));
  // a market buy's size is USDT: its own column, never mixed with the base sizes (issue 28)
  const sizes = csv.lines.map((l) => `${l[3]}:${l[6]}:${l[7] ? Number(l[7]) : ""}`);
  expect(sizes.filter((v) => v.startsWith("market:"))).toEqual(["market::20", "market::20"]);
  expect(sizes.filter((v) => v.startsWith("limit:")).every((v) => /^limit:[\d.]+:$/.test(v))).toBe(true);
  expect(csv.lines.map((l) => Date.parse(l[0]!))).toEqual(all.map((o) => Number(o.cTime)));
  expect(csv.lines.every((l) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(l[0]!) && !/e/i.test(l[4]! + l[6]!))).toBe(true);
  await expect(page.getByRole("status").filter({ hasText: "Saved 27 records as CSV." })).toBeVisible();

  // trade history of a pair, and the ledger by business type
  await page.getByRole("tab", { name: "Trade history" }).click();
  await expect(page).toHaveURL(/tab=fills/);
  await page.getByLabel("Pair").selectOption("BTCUSDT");
  await expect(rows(page, "fills").first()).toBeVisible();
  await page.getByRole("tab", { name: "Bills" }).click();
  await page.getByLabel("Type").selectOption("BUY");
  await expect(page).toHaveURL(/type=BUY/);
  await expect(rows(page, "bills").first().getByTestId("record-businessType")).toHaveText("Buy");
});

traderTest("futures orders: open orders cancel after a confirmation; records list closed positions and bills by type", async (page, c) => {
  const fx = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" };
  await openFutures(c);
  await ok(c.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "1000", coin: "USDT" }));
  await ok(c.post(MIX_PRIVATE.placeOrder, { ...fx, side: "buy", orderType: "market", size: "0.002" }));
  await ok(c.post(MIX_PRIVATE.closePositions, { symbol: "BTCUSDT", productType: "USDT-FUTURES" }));
  const mark = Number((await c.get<Row[]>(`${MIX.ticker}?symbol=BTCUSDT&productType=USDT-FUTURES`)).body.data[0]!.markPrice);
  /** Places an order or a trigger order and gives its id. */
  const placed = async (path: string, body: object) => (await ok(c.post<{ orderId: string }>(path, body))).body.data.orderId;
  const buyAt = (price: number) =>
    placed(MIX_PRIVATE.placeOrder, { ...fx, side: "buy", orderType: "limit", force: "gtc", price: price.toFixed(1), size: "0.001" });
  const ids = [await buyAt(mark * 0.8), await buyAt(mark * 0.7)];

  await page.goto("/order/mcp");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("USDT-M futures orders");
  await expect(rows(page, "open")).toHaveCount(2);
  await page.getByRole("button", { name: `Cancel order ${ids[0]}` }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this order?" });
  await expect(dialog).toContainText("A cancelled order cannot be restored.");
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Order cancelled." })).toBeVisible();
  await expect(rows(page, "open")).toHaveCount(1);
  await expect(rows(page, "open").getByTestId("record-orderId")).toHaveText(ids[1]!);
  await page.getByRole("tab", { name: "Order history", exact: true }).click();
  await expect(rows(page, "orders").getByTestId("record-orderId").first()).toHaveText(ids[0]!);

  // a trigger order far above the market, cancelled from its tab; its history then lists it
  const planId = await placed(MIX_PRIVATE.placePlanOrder, {
    ...fx,
    planType: "normal_plan",
    marginMode: "crossed",
    size: "0.001",
    side: "buy",
    orderType: "market",
    triggerType: "mark_price",
    triggerPrice: (mark * 1.5).toFixed(1),
  });
  await page.getByRole("tab", { name: "Trigger orders", exact: true }).click();
  await expect(rows(page, "plans")).toHaveCount(1);
  await page.getByRole("button", { name: `Cancel order ${planId}` }).click();
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByText("Nothing in this range.")).toBeVisible();
  await page.getByRole("tab", { name: "Trigger order history" }).click();
  await expect(rows(page, "plansHistory").getByTestId("record-planStatus")).toHaveText("Cancelled");

  await page.goto("/record/mcp?tab=positions");
  await expect(rows(page, "positions")).toHaveCount(1);
  await expect(rows(page, "positions").getByTestId("record-holdSide")).toHaveText("Long");
  await page.getByRole("tab", { name: "Bills" }).click();
  await page.getByLabel("Type").selectOption("open_long");
  await expect(page).toHaveURL(/type=open_long/);
  await expect(rows(page, "bills")).toHaveCount(1);
  await page.getByLabel("Type").selectOption("contract_settle_fee");
  await expect(page.getByText("Nothing in this range.")).toBeVisible();
});

test("the record pages pass axe in both themes, read right to left in Arabic, fit a phone and send guests to log in", async ({
  page,
  request,
  pageProblems,
}) => {
  for (const path of ["/record/exchange", "/record/margin", "/record/mcp", "/order/mcp"]) {
    expect(await guestSentTo(request, path), path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  }
  const c = await trader(page);
  await cancelledOrders(c, "BTCUSDT", 3);
  const baseURL = test.info().project.use.baseURL as string;
  for (const theme of ["white", "black"] as const) {
    await page.context().addCookies([{ name: "theme", value: theme, url: baseURL }]);
    for (const path of ["/record/exchange", "/record/margin?mode=isolated&tab=interest", "/record/mcp?tab=bills", "/order/mcp"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveClass(theme);
      await expect(page.getByRole("tabpanel").locator("[aria-busy=true]")).toHaveCount(0);
      expect(await axeViolations(page), `${path} ${theme}`).toEqual([]);
    }
  }
  await page.goto("/record/exchange?range=custom&from=2026-01-01&to=2026-12-31");
  await expect(page.getByLabel("From")).toHaveValue("2026-01-01");
  expect(await axeViolations(page)).toEqual([]);

  await page.goto("/ar/record/exchange");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("سجل التداول الفوري");
  await expect(page.getByRole("tab", { name: "سجل الأوامر" })).toHaveAttribute("aria-selected", "true");
  await expect(rows(page, "orders")).toHaveCount(3);

  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/record/exchange", "/order/mcp", "/record/mcp?tab=positions"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await sticksOut(page), path).toBeLessThanOrEqual(0);
  }
  expect(pageProblems).toEqual([]);
});

traderTest("in demo trading the record pages stay open and list the demo account's records, not the live ones", async (page, live) => {
  await cancelledOrders(live, "BTCUSDT", 2);
  const demo = new Client(live.base, live.key, { paptrading: "1" });
  await cancelledOrders(demo, "ETHUSDT", 3);
  await page.evaluate(() => localStorage.setItem("common:simulation", "1"));
  await page.goto("/record/exchange");
  await expect(page.getByTestId("demo-banner")).toBeVisible();
  await expect(page).toHaveURL("/record/exchange");
  await expect(rows(page, "orders")).toHaveCount(3);
  await expect(rows(page, "orders").getByTestId("record-symbol")).toHaveText(["ETHUSDT", "ETHUSDT", "ETHUSDT"]);
  await page.evaluate(() => localStorage.removeItem("common:simulation"));
  await page.reload();
  await expect(rows(page, "orders").getByTestId("record-symbol")).toHaveText(["BTCUSDT", "BTCUSDT"]);
});
