import type { Page } from "@playwright/test";
import { expect, testFrom } from "./fixtures";
import { openFuturesOnPage, registerThroughPage } from "./helpers";

/** Trading USDT-M futures through the screen against the real gateway (issue 17 item 12; docs/decisions/705). */
let n = 0;
const newEmail = () => `futures-${Date.now()}-${n++}@example.com`;
const PASSWORD = "Passw0rd!x";

const form = (page: Page) => page.getByRole("region", { name: "Futures order" });
const panels = (page: Page) => page.getByRole("region", { name: "Positions and orders" });
const dialog = (page: Page) => page.getByRole("dialog");
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });
const plain = (text: string | null) => Number((text ?? "").replace(/[^\d.-]/g, ""));

/** Moves `amount` USDT from spot to the futures account through the form's transfer dialog, and waits until it is available. */
async function transfer(page: Page, amount: number) {
  await form(page).getByRole("button", { name: "Transfer" }).click();
  await dialog(page).getByLabel("Amount (USDT)").fill(String(amount));
  await dialog(page).getByRole("button", { name: "Transfer" }).click();
  await expect(toast(page, `Transferred ${amount} USDT`)).toBeVisible();
  await expect.poll(async () => plain(await form(page).getByTestId("futures-available").textContent())).toBeGreaterThanOrEqual(amount);
}

/** Opens 0.01 BTC at market on `side` through the form, confirming the dialog a market order asks for. */
async function openAtMarket(page: Page, side: "long" | "short") {
  await form(page).getByRole("button", { name: "Market", exact: true }).click();
  await form(page).getByLabel("Size").fill("0.01");
  await form(page).getByTestId(`submit-${side}`).click();
  await dialog(page).getByRole("button", { name: "Confirm" }).click();
}

async function trader(page: Page) {
  await registerThroughPage(page, newEmail(), PASSWORD);
  await page.goto("/futures/usdt/BTCUSDT");
  await openFuturesOnPage(page);
  await expect(page.getByTestId("kline-chart")).toHaveAttribute("data-price-lines", /\d/);
  // A new futures account is empty: move USDT over from spot.
  await transfer(page, 1000);
}

/** A test of a new trader with 1000 USDT in futures on the BTCUSDT screen, which must end without a page problem. */
const traderTest = testFrom(trader);

traderTest(
  "a 10x isolated long: its cost and liquidation estimate, the position with its liquidation line, then closed at market",
  async (page) => {
    // Isolated margin, 10x leverage, through their dialogs (keyboard: the dialogs are real <dialog>s).
    await form(page).getByTestId("margin-mode").click();
    await dialog(page)
      .getByLabel(/Isolated/)
      .check();
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Margin mode set to Isolated")).toBeVisible();
    await expect(form(page).getByTestId("margin-mode")).toHaveText("Isolated");
    await form(page).getByTestId("leverage").click();
    await dialog(page).getByTestId("leverage-input").fill("500");
    await expect(dialog(page).getByTestId("leverage-input")).toHaveAttribute("aria-invalid", "true");
    await dialog(page).getByTestId("leverage-input").fill("10");
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Leverage set to 10x")).toBeVisible();
    await expect(form(page).getByTestId("leverage")).toHaveText("10x");

    // A market open of 0.01 BTC: the cost is a tenth of its value plus the fee; liquidation about 10 % below.
    await form(page).getByRole("button", { name: "Market", exact: true }).click();
    await form(page).getByLabel("Size").fill("0.01");
    const last = plain(await page.getByTestId("last-price").textContent());
    await expect.poll(async () => plain(await form(page).getByTestId("futures-cost").textContent())).toBeGreaterThan(0);
    const cost = plain(await form(page).getByTestId("futures-cost").textContent());
    expect(cost).toBeGreaterThan((last * 0.01) / 10);
    expect(cost).toBeLessThan((last * 0.01) / 10 + last * 0.01 * 0.002 + 1);
    const estLiq = plain(await form(page).getByTestId("futures-est-liq").textContent());
    expect(estLiq).toBeGreaterThan(last * 0.85);
    expect(estLiq).toBeLessThan(last * 0.95);
    await form(page).getByTestId("submit-long").click();
    // A market order is confirmed first, with its leverage and liquidation estimate.
    await expect(dialog(page)).toContainText("Open long");
    await expect(dialog(page)).toContainText("10x");
    await dialog(page).getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page, "Order placed")).toBeVisible();

    const row = panels(page).getByTestId("position-BTCUSDT-long");
    await expect(row).toBeVisible();
    await expect(panels(page).getByRole("tab", { name: "Positions (1)" })).toBeVisible();
    await expect(row.getByTestId("position-size")).toHaveText("0.01 BTC");
    const liq = plain(await row.getByTestId("position-liq").textContent());
    expect(liq).toBeGreaterThan(last * 0.85);
    expect(liq).toBeLessThan(last * 0.95);
    await expect(row.getByTestId("position-pnl")).toHaveText(/\d.*%/);
    // The chart draws the entry and the liquidation price.
    await expect(page.getByTestId("liquidation-line")).toHaveCount(1);
    expect(Math.abs(Number(await page.getByTestId("liquidation-line").getAttribute("data-price")) - liq)).toBeLessThan(1);
    await expect(page.getByTestId("entry-line")).toHaveCount(1);
    await expect(page.getByTestId("kline-chart")).toHaveAttribute("data-price-lines", new RegExp(String(Math.floor(liq))));

    // More isolated margin moves the liquidation price away.
    await row.getByRole("button", { name: "Add or remove margin" }).click();
    await dialog(page).getByLabel("Amount (USDT)").fill("20");
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Margin adjusted")).toBeVisible();
    await expect.poll(async () => plain(await row.getByTestId("position-liq").textContent())).toBeLessThan(liq - 100);

    // The position filter preference hides it under "Cross" and shows it again under "All".
    await panels(page).getByLabel("Show").selectOption("crossed");
    await expect(row).toHaveCount(0);
    await panels(page).getByLabel("Show").selectOption("all");
    await expect(row).toBeVisible();

    // Closing needs a closable size: closing more than is held is refused by the form.
    await form(page).getByRole("button", { name: "Close", exact: true }).click();
    await form(page).getByLabel("Size").fill("0.02");
    await form(page).getByTestId("submit-long").click();
    await expect(form(page).getByText("Your available balance is too low for this order.")).toBeVisible();

    // A limit close shows what can be closed, and says beside the size why it cannot be sent.
    await row.getByRole("button", { name: "Limit close" }).click();
    const size = dialog(page).getByLabel("Size");
    await expect(dialog(page)).toContainText("Closable 0.01 BTC");
    await size.fill("0.02");
    await expect(size).toHaveAttribute("aria-invalid", "true");
    await expect(dialog(page)).toContainText("The size is larger than what can be closed of this position.");
    // not a plain number: the input's own reason, not the dialog's
    await size.fill("1e5");
    await expect(dialog(page)).toContainText("Enter a number, for example 0.5.");
    await expect(dialog(page)).not.toContainText("larger than what can be closed");
    await size.fill("0.01");
    await expect(size).not.toHaveAttribute("aria-invalid");
    await dialog(page).getByRole("button", { name: "Cancel" }).click();
    await expect(dialog(page)).toHaveCount(0);

    await row.getByTestId("close-market").click();
    await expect(dialog(page)).toContainText("0.01 BTC");
    await dialog(page).getByRole("button", { name: "Market close" }).click();
    await expect(toast(page, "Position closed")).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId("liquidation-line")).toHaveCount(0);
    // The trade history lists the open and the close.
    await panels(page).getByRole("tab", { name: "Trade history" }).click();
    const fills = panels(page).getByTestId("futures-fills");
    await expect(fills.getByRole("row").filter({ hasText: "Open long" }).first()).toBeVisible();
    await expect(fills.getByRole("row").filter({ hasText: "Close long" }).first()).toBeVisible();
  },
);

traderTest("a limit order rests in open orders and is cancelled; a bad price is refused at its field", async (page) => {
  // The dialogs are reached and left by keyboard: Enter opens, the answer has the focus, Escape cancels.
  await form(page).getByTestId("leverage").focus();
  await page.keyboard.press("Enter");
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole("button", { name: "Save" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
  await form(page).getByRole("button", { name: "Limit", exact: true }).click();
  await form(page).getByLabel("Price").fill("abc");
  // One contract is the contract's `sizeMultiplier` of BTC (0.000001 here): 10000 Cont is 0.01 BTC.
  await form(page).getByLabel("Size").fill("10000");
  await form(page).getByTestId("futures-unit").selectOption("contract");
  await form(page).getByTestId("submit-long").click();
  await expect(form(page).getByText("Enter a value greater than 0.")).toBeVisible();
  const last = plain(await page.getByTestId("last-price").textContent());
  await form(page)
    .getByLabel("Price")
    .fill(String(Math.floor(last * 0.8)));
  // A take-profit below a long's entry is refused at its field; the presets' tip is hidden for good.
  await form(page).getByTestId("futures-tpsl").check();
  await expect(form(page).getByTestId("pre-tpsl-tip")).toBeVisible();
  await form(page).getByTestId("pre-tpsl-tip").getByRole("button").click();
  await expect(form(page).getByTestId("pre-tpsl-tip")).toHaveCount(0);
  await form(page)
    .getByLabel("Take-profit trigger")
    .fill(String(Math.floor(last * 0.7)));
  await form(page).getByTestId("submit-long").click();
  await expect(form(page).getByText("A take-profit must be above the entry for a long and below it for a short.")).toBeVisible();
  await expect(toast(page, "Order placed")).toHaveCount(0);
  await form(page).getByTestId("futures-tpsl").uncheck();
  await form(page).getByTestId("submit-long").click();
  // A limit order shows its price on screen: no confirmation.
  await expect(dialog(page)).toHaveCount(0);
  await expect(toast(page, "Order placed")).toBeVisible();
  await panels(page)
    .getByRole("tab", { name: /Open orders/ })
    .click();
  const open = panels(page).getByTestId("futures-open-orders");
  await expect(open.getByRole("row")).toHaveCount(2);
  await expect(open).toContainText("Open long");
  await open.getByRole("button", { name: "Cancel" }).click();
  await expect(toast(page, "Order cancelled")).toBeVisible();
  await expect(panels(page).getByText("No open orders")).toBeVisible();
  await page.reload();
  await form(page).getByTestId("futures-tpsl").check();
  await expect(form(page).getByLabel("Take-profit trigger")).toBeVisible();
  await expect(form(page).getByTestId("pre-tpsl-tip")).toHaveCount(0);
});

traderTest("in demo trading the screen trades the demo account: its transfer and position are not the live ones", async (page) => {
  await page.getByRole("button", { name: "Demo trading", exact: true }).click();
  await expect(page.getByTestId("demo-banner")).toContainText("Demo trading");
  await expect(page).toHaveURL(/\/futures\/usdt\/BTCUSDT$/);
  // The demo futures account starts empty: the live transfer is not there.
  await expect.poll(async () => plain(await form(page).getByTestId("futures-available").textContent())).toBe(0);
  await transfer(page, 300);
  await openAtMarket(page, "short");
  await expect(panels(page).getByTestId("position-BTCUSDT-short")).toBeVisible();
  // Back to live: the live account has its 1000 USDT and no position.
  await page.getByRole("button", { name: "Demo trading", exact: true }).click();
  await expect(page.getByTestId("demo-banner")).toHaveCount(0);
  await expect.poll(async () => plain(await form(page).getByTestId("futures-available").textContent())).toBeGreaterThanOrEqual(1000);
  await expect(panels(page).getByText("No open positions.")).toBeVisible();
});

traderTest(
  "TP/SL set on the open position shows on it and survives a reload; a trigger order is placed and cancelled in the plan orders",
  async (page) => {
    await openAtMarket(page, "long");
    await expect(toast(page, "Order placed")).toBeVisible();
    const row = panels(page).getByTestId("position-BTCUSDT-long");
    await expect(row).toBeVisible();

    // TP/SL of the whole position, on the mark price: the position shows both, the plan orders list them.
    const entry = plain(await page.getByTestId("last-price").textContent());
    const tp = Math.round(entry * 1.2);
    const sl = Math.round(entry * 0.8);
    await row.getByTestId("position-tpsl").click();
    await dialog(page).getByTestId("tpsl-tp").fill(String(tp));
    await dialog(page).getByTestId("tpsl-sl").fill(String(sl));
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "TP/SL saved")).toBeVisible();
    const digits = async () => (await row.getByTestId("position-tpsl").textContent())?.replace(/,/g, "") ?? "";
    await expect.poll(digits).toContain(String(tp));
    expect(await digits()).toContain(String(sl));
    // They are the gateway's: a reload reads them back with the position.
    await page.reload();
    await expect.poll(digits).toContain(String(tp));

    // A trigger order far above the market, at market when it fires: confirmed, listed, cancelled.
    await panels(page)
      .getByRole("tab", { name: /Plan orders/ })
      .click();
    const plans = panels(page).getByTestId("futures-plans");
    // The plan orders list the position's TP/SL too (orders-plan-pending's profit_loss list, then orders-algo).
    await expect(plans.getByRole("row").filter({ hasText: tp.toLocaleString("en-US") })).toHaveCount(1);
    await expect(plans.getByRole("row").filter({ hasText: sl.toLocaleString("en-US") })).toHaveCount(1);
    await form(page).getByRole("button", { name: "Trigger", exact: true }).click();
    const trigger = Math.round(entry * 1.5);
    await form(page).getByLabel("Trigger price (mark)").fill(String(trigger));
    await form(page).getByLabel("Size").fill("0.01");
    await form(page).getByTestId("submit-long").click();
    await expect(dialog(page)).toContainText(String(trigger));
    await dialog(page).getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page, "Trigger order placed")).toBeVisible();
    const planRow = plans.getByRole("row").filter({ hasText: trigger.toLocaleString("en-US") });
    await expect(planRow).toHaveCount(1);
    await expect(planRow).toContainText("0.01");
    await planRow.getByRole("button", { name: "Cancel" }).click();
    await expect(toast(page, "Order cancelled")).toBeVisible();
    await expect(planRow).toHaveCount(0);
    // cancelling one plan leaves the position's TP/SL
    await panels(page)
      .getByRole("tab", { name: /Positions/ })
      .click();
    await expect.poll(digits).toContain(String(sl));
  },
);
