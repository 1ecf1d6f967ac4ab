import type { Page } from "@playwright/test";
import { V2 } from "../../protocol/bitget";
import { MARGIN_CROSSED, MARGIN_ISOLATED } from "../../protocol/margin";
import { MIX_PRIVATE } from "../../protocol/mix";
import { openDatabase } from "../../gateway/db/database";
import { queueDeposit } from "../../gateway/exchange/deposits";
import { makeKey, signedHeaders } from "../../gateway/exchange/testing/harness";
import { COIN_DIGITS, coinDigits } from "../../app/lib/numbers/coin-digits";
import { expect, test, testFrom } from "./fixtures";
import { registerThroughPage, storedItem } from "./helpers";
import { OPENING_BODY } from "../setup/futures";
import { FUTURES_OPENING_PATH } from "../../protocol/futures-opening";

/**
 * Every amount on every trading, asset, record and sub-account screen is printed at its coin's
 * display precision (issue 28 item 7; docs/decisions/715). The trader's balances, orders, fills,
 * loans and transfers all carry eight decimals; each screen's visible text is then read and every
 * number checked: one followed by a coin's symbol keeps that coin's places, and none has more
 * places than the most any coin is shown with (an amount printed raw has eight).
 */
const dataDir = () => process.env.E2E_DATA_DIR as string;
const MOST = Math.max(...Object.values(COIN_DIGITS));

interface Found {
  screen: string;
  text: string;
  coin: string | undefined;
  allowed: number;
}

/**
 * The numbers of the page's visible text with more decimals than allowed: the places of the coin
 * named right after a number (`1,234.5678 USDT`), else the most any coin is shown with. Numbers
 * are read in the page's own (English) grouping; a percentage or a time is no amount.
 */
async function overPrecise(page: Page, screen: string): Promise<Found[]> {
  const text = await page.locator("body").innerText();
  const found: Found[] = [];
  const number = /(?<![\w.,:])(-?\d{1,3}(?:,\d{3})*|\d+)\.(\d+)(?![\d%:])(\s*([A-Z]{2,6})\b)?/g;
  for (const m of text.matchAll(number)) {
    const places = m[2]!.length;
    const coin = m[4] && m[4] in COIN_DIGITS ? m[4] : undefined;
    const allowed = coin ? coinDigits(coin) : MOST;
    if (places > allowed) found.push({ screen, text: m[0], coin, allowed });
  }
  return found;
}

/** A signed call of the trader's key; its answer's `data`, after checking it succeeded. */
function caller(page: Page, key: ReturnType<typeof makeKey>) {
  return async (path: string, body: Record<string, unknown>) => {
    const text = JSON.stringify(body);
    const res = await page.request.post(path, {
      headers: { "content-type": "application/json", ...signedHeaders(key, "POST", path, text) },
      data: text,
    });
    const json = (await res.json()) as { code: string; msg: string };
    expect(json.code, `${path}: ${json.msg}`).toBe("00000");
  };
}

const traderTest = testFrom((page) => registerThroughPage(page, `precise-${Date.now()}@example.com`, "Passw0rd!x"));

traderTest("no screen prints an amount with more decimals than its coin's display precision", async (page) => {
  test.setTimeout(180_000);
  const userId = (await storedItem(page, "common:globalUserId")) as string;
  // Deposits of eight decimals, credited by the running gateway within a second.
  const db = openDatabase(dataDir());
  try {
    for (const [coin, amount] of [
      ["USDT", 123_456_789_123n],
      ["BTC", 12_345_678n],
      ["ETH", 123_456_789n],
    ] as const)
      queueDeposit(db, { env: "live", userId, coin, amount });
  } finally {
    db.close();
  }
  const key = makeKey(dataDir(), userId);
  const balances = async () => {
    const res = await page.request.get(V2.assets, { headers: signedHeaders(key, "GET", V2.assets, "") });
    return ((await res.json()) as { data: Array<{ coin: string }> }).data.map((r) => r.coin).sort();
  };
  await expect.poll(balances, { timeout: 15_000 }).toEqual(["BTC", "ETH", "USDT"]);
  const call = caller(page, key);
  // Spot: a market buy by quote (its fill and fee have long tails), a resting limit and a plan.
  await call(V2.placeOrder, { symbol: "BTCUSDT", side: "buy", orderType: "market", size: "123.456789", clientOid: `p-${Date.now()}-1` });
  await call(V2.placeOrder, { symbol: "BTCUSDT", side: "sell", orderType: "market", size: "0.012345", clientOid: `p-${Date.now()}-2` });
  await call(V2.placeOrder, {
    symbol: "ETHUSDT",
    side: "buy",
    orderType: "limit",
    force: "gtc",
    price: "1000.01",
    size: "0.1234",
    clientOid: `p-${Date.now()}-3`,
  });
  await call(V2.placePlan, {
    symbol: "BTCUSDT",
    side: "buy",
    triggerPrice: "150000.00",
    orderType: "limit",
    executePrice: "150000.00",
    size: "0.001234",
    planType: "amount",
    triggerType: "fill_price",
  });
  // Margin, both modes: transfers and loans of eight decimals.
  const transfer = (toType: string, amount: string, extra: Record<string, string> = {}) =>
    call("/api/v2/spot/wallet/transfer", {
      fromType: "spot",
      toType,
      coin: "USDT",
      amount,
      clientOid: `t-${Date.now()}-${toType}`,
      ...extra,
    });
  await transfer("crossed_margin", "500.12345678");
  await call(MARGIN_CROSSED.borrow, { coin: "USDT", borrowAmount: "100.12345678", clientOid: `b-${Date.now()}-1` });
  await transfer("isolated_margin", "300.98765432", { symbol: "BTCUSDT" });
  await call(MARGIN_ISOLATED.borrow, { symbol: "BTCUSDT", coin: "USDT", borrowAmount: "50.87654321", clientOid: `b-${Date.now()}-2` });
  // Futures: opened (decision 351), a transfer and a resting limit order.
  await call(FUTURES_OPENING_PATH, OPENING_BODY);
  await transfer("usdt_futures", "1000.12345678");
  await call(MIX_PRIVATE.placeOrder, {
    symbol: "BTCUSDT",
    productType: "USDT-FUTURES",
    marginMode: "crossed",
    marginCoin: "USDT",
    side: "buy",
    orderType: "limit",
    price: "50000.1",
    size: "0.001",
    clientOid: `f-${Date.now()}`,
  });

  // A sub-account with eight decimals of USDT, through its page.
  await page.goto("/subaccount");
  await page.getByLabel("Nickname").fill("Precise");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("row", { name: /Precise/ })).toContainText("Active");
  await page.getByLabel("Amount").fill("12.34567891");
  await page.getByRole("button", { name: "Transfer", exact: true }).click();
  await expect(
    page
      .getByRole("status")
      .or(page.getByText(/^Transferred/))
      .first(),
  ).toBeVisible();

  // Balances are shown (the default, decision 716; the home page's switch turns them back on if not), so the pages print them.
  await page.goto("/");
  const show = page.getByRole("button", { name: "Show balances" });
  await expect(show).toHaveAttribute("aria-pressed", /^(true|false)$/);
  if ((await show.getAttribute("aria-pressed")) === "false") await show.click();
  await expect(show).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("portfolio-total")).toHaveText(/\d/);

  // Each screen, once what it shows has loaded, and each of its tabs in turn.
  const screens: Array<[string, (p: Page) => Promise<unknown>]> = [
    ["/", (p) => expect(p.getByRole("button", { name: "Log out" })).toBeVisible()],
    ["/spot/BTCUSDT", (p) => expect(p.getByTestId("available")).toHaveText(/\d/)],
    ["/margin/BTCUSDT", (p) => expect(p.getByTestId("margin-available")).toHaveText(/\d/)],
    ["/futures/usdt/BTCUSDT", (p) => expect(p.getByRole("region", { name: "Futures order" })).toContainText(/\d/)],
    ["/asset", (p) => expect(p.locator("main")).toContainText("USDT")],
    ["/asset/spot", (p) => expect(p.getByRole("row", { name: /ETH/ }).first()).toBeVisible()],
    ["/asset/margin", (p) => expect(p.locator("main")).toContainText("USDT")],
    ["/asset/futures", (p) => expect(p.locator("main")).toContainText("USDT")],
    ["/record/exchange", (p) => expect(p.locator(".records-list[aria-busy=false]")).toBeVisible()],
    ["/record/margin", (p) => expect(p.locator(".records-list[aria-busy=false]")).toBeVisible()],
    ["/record/mcp", (p) => expect(p.locator(".records-list[aria-busy=false]")).toBeVisible()],
    ["/order/mcp", (p) => expect(p.locator("main")).toBeVisible()],
    ["/transac", (p) => expect(p.locator("main")).toBeVisible()],
    ["/subaccount", (p) => expect(p.getByRole("row", { name: /Precise/ })).toContainText(/12\.3456/)],
    ["/asset/withdraw", (p) => expect(p.locator("main")).toBeVisible()],
  ];
  const settled = (p: Page) => expect(p.locator("[aria-busy=true]")).toHaveCount(0);
  const found: Found[] = [];
  for (const [path, ready] of screens) {
    await page.goto(path);
    await ready(page);
    await settled(page);
    found.push(...(await overPrecise(page, path)));
    const tabs = page.locator("main").getByRole("tab");
    for (let i = 0; i < (await tabs.count()); i++) {
      const tab = tabs.nth(i);
      if ((await tab.getAttribute("aria-selected")) === "true" || !(await tab.isVisible())) continue;
      await tab.click();
      await expect(tab).toHaveAttribute("aria-selected", "true");
      await settled(page);
      found.push(...(await overPrecise(page, `${path} › ${await tab.innerText()}`)));
    }
  }
  // Each over-precise figure once, with the first screen that printed it.
  const once = found.filter((f, i) => found.findIndex((g) => g.text === f.text) === i);
  expect(once).toEqual([]);
});
