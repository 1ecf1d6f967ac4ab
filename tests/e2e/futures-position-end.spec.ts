import type { Page } from "@playwright/test";
import { expect, testFrom } from "./fixtures";
import { newFuturesTrader, recordToasts } from "./helpers";

/**
 * Issue 28 items 1–3 (docs/decisions/717): a position is announced as liquidated only when the
 * gateway says it liquidated it; the TP/SL set with the order show on the position and prefill its
 * dialog; editing them replaces them, and the plan orders say which is the TP and which the SL.
 */
const form = (page: Page) => page.getByRole("region", { name: "Futures order" });
const panels = (page: Page) => page.getByRole("region", { name: "Positions and orders" });
const dialog = (page: Page) => page.getByRole("dialog");
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").locator(".toast").filter({ hasText: text });
const plain = (text: string | null) => Number((text ?? "").replace(/[^\d.-]/g, ""));
const grouped = (n: number) => n.toLocaleString("en-US");

/** Opens a 0.05 BTC market long with a take-profit and a stop-loss set in the order form; answers their prices. */
async function openLongWithTpsl(page: Page): Promise<{ tp: number; sl: number }> {
  const last = plain(await page.getByTestId("last-price").textContent());
  const [tp, sl] = [Math.round(last * 1.2), Math.round(last * 0.8)];
  await form(page).getByRole("button", { name: "Market", exact: true }).click();
  await form(page).getByLabel("Size").fill("0.05");
  await form(page).getByTestId("futures-tpsl").check();
  await form(page).getByLabel("Take-profit trigger").fill(String(tp));
  await form(page).getByLabel("Stop-loss trigger").fill(String(sl));
  await form(page).getByTestId("submit-long").click();
  await dialog(page).getByRole("button", { name: "Confirm" }).click();
  await expect(panels(page).getByTestId("position-BTCUSDT-long").getByTestId("position-size")).toHaveText("0.05 BTC");
  return { tp, sl };
}

/** The digits of the position's TP/SL cell (group separators dropped). */
const tpslCell = (page: Page) => async () =>
  ((await panels(page).getByTestId("position-BTCUSDT-long").getByTestId("position-tpsl").textContent()) ?? "").replace(/,/g, "");

const traderTest = testFrom(async (page: Page) => {
  const shown = await recordToasts(page);
  await newFuturesTrader(page, "/futures/usdt/BTCUSDT", "1000");
  await expect(page.getByTestId("kline-chart")).toHaveAttribute("data-price-lines", /\d/);
  return shown;
});

traderTest(
  "a market close after the position's TP/SL were set again is no liquidation: no such toast, none in the Liquidations tab",
  async (page, shown) => {
    const { tp, sl } = await openLongWithTpsl(page);
    // TP/SL again from the position's TP/SL button
    const row = panels(page).getByTestId("position-BTCUSDT-long");
    await row.getByTestId("position-tpsl").click();
    await dialog(page)
      .getByTestId("tpsl-tp")
      .fill(String(tp + 100));
    await dialog(page)
      .getByTestId("tpsl-sl")
      .fill(String(sl - 100));
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "TP/SL saved")).toBeVisible();
    await expect.poll(tpslCell(page)).toContain(String(tp + 100));
    // then Market close
    await row.getByTestId("close-market").click();
    await dialog(page).getByRole("button", { name: "Market close" }).click();
    await expect(row).toHaveCount(0);
    // the close's own fill and answer came: whatever the pushes before them said, they are all shown by now
    await expect.poll(async () => (await shown()).filter((t) => /^Filled 0\.05 BTC at /.test(t)).length).toBe(2);
    await expect.poll(async () => (await shown()).some((t) => t.includes("Position closed"))).toBe(true);
    expect((await shown()).filter((t) => /liquidated/i.test(t))).toEqual([]);
    await panels(page)
      .getByRole("tab", { name: /Liquidations/ })
      .click();
    await expect(panels(page).getByText("No liquidations.")).toBeVisible();
  },
);

traderTest(
  "the TP/SL set with the order show on the position and prefill its dialog; editing replaces them, labelled in the plan orders",
  async (page) => {
    const { tp, sl } = await openLongWithTpsl(page);
    // the position shows the trigger prices, not "Set", and again after a reload
    await expect.poll(tpslCell(page)).toContain(String(tp));
    expect(await tpslCell(page)()).toContain(String(sl));
    await page.reload();
    await expect.poll(tpslCell(page)).toContain(String(tp));
    expect(await tpslCell(page)()).toContain(String(sl));

    // the dialog opens with them
    await panels(page).getByTestId("position-BTCUSDT-long").getByTestId("position-tpsl").click();
    await expect(dialog(page).getByTestId("tpsl-tp")).toHaveValue(new RegExp(`^${tp}(\\.0+)?$`));
    await expect(dialog(page).getByTestId("tpsl-sl")).toHaveValue(new RegExp(`^${sl}(\\.0+)?$`));
    const tp2 = tp + 500;
    await dialog(page).getByTestId("tpsl-tp").fill(String(tp2));
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "TP/SL saved")).toBeVisible();
    await expect.poll(tpslCell(page)).toContain(String(tp2));
    expect(await tpslCell(page)()).toContain(String(sl));

    // one take-profit and one stop-loss wait, each named
    await panels(page)
      .getByRole("tab", { name: /Plan orders/ })
      .click();
    const plans = panels(page).getByTestId("futures-plans");
    await expect(plans.locator("tbody tr")).toHaveCount(2);
    await expect(plans.getByRole("row").filter({ hasText: grouped(tp2) })).toContainText("Take-profit");
    await expect(plans.getByRole("row").filter({ hasText: grouped(sl) })).toContainText("Stop-loss");
    await expect(plans.getByRole("row").filter({ hasText: grouped(tp) })).toHaveCount(0);
    // and so after a reload, read over REST
    await page.reload();
    await panels(page)
      .getByRole("tab", { name: /Plan orders/ })
      .click();
    await expect(plans.locator("tbody tr")).toHaveCount(2);
    await expect(plans.getByRole("row").filter({ hasText: "Take-profit" })).toContainText(grouped(tp2));
  },
);
