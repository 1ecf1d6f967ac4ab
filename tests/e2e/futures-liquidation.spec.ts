import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { newFuturesTrader, recordToasts, steerFuturesPrice } from "./helpers";

/**
 * A forced liquidation on a price path (issue 17 item 12; docs/decisions/706 and 316): the test
 * drives the e2e gateway's BTCUSDT mark down with the operator's price control, and the screen
 * shows the warning, then the liquidation, from the private stream's pushes alone.
 */
const form = (page: Page) => page.getByRole("region", { name: "Futures order" });
const panels = (page: Page) => page.getByRole("region", { name: "Positions and orders" });
const dialog = (page: Page) => page.getByRole("dialog");
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").locator(".toast").filter({ hasText: text });
const plain = (text: string | null) => Number((text ?? "").replace(/[^\d.-]/g, ""));
/** BTCUSDT's first risk tier keeps 0.4 % of the notional as maintenance margin. */
const MMR = 0.004;

// Until the gateway serves trigger orders, the screen's read of them answers 404 (see futures-trade.spec.ts).
test.use({ allowConsoleErrors: [/status of 404 \(Not Found\)/] });

// Whatever happens, BTCUSDT follows the spot market again for the tests after this one.
test.afterEach(() => steerFuturesPrice("BTCUSDT", "release", 100));

test("a 100x isolated long is warned about near liquidation, then liquidated, as the mark is driven down", async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(150_000);
  // Every toast the page shows, kept after it is gone (each lasts a few seconds).
  const shown = await recordToasts(page);
  await newFuturesTrader(page, "/futures/usdt/BTCUSDT", "1000");
  await form(page).getByTestId("margin-mode").click();
  await dialog(page)
    .getByLabel(/Isolated/)
    .check();
  await dialog(page).getByRole("button", { name: "Save" }).click();
  await expect(form(page).getByTestId("margin-mode")).toHaveText("Isolated");
  await form(page).getByTestId("leverage").click();
  await dialog(page).getByTestId("leverage-input").fill("100");
  await dialog(page).getByRole("button", { name: "Save" }).click();
  await expect(form(page).getByTestId("leverage")).toHaveText("100x");

  // From here on the screen must not read positions again over REST: the stream says it all.
  let positionReads = 0;
  page.on("request", (r) => {
    if (r.url().includes("/api/v2/mix/position/all-position")) positionReads += 1;
  });

  await form(page).getByRole("button", { name: "Market", exact: true }).click();
  await form(page).getByLabel("Size").fill("0.05");
  await form(page).getByTestId("submit-long").click();
  await dialog(page).getByRole("button", { name: "Confirm" }).click();
  // the fill's toast comes from the `fill` channel (the order's fills of one match as one), its numbers formatted for the page's locale
  await expect(toast(page, /^Filled 0\.05 BTC at \d{1,3}(,\d{3})+\.\d{2}$/)).toBeVisible();
  const row = panels(page).getByTestId("position-BTCUSDT-long");
  await expect(row.getByTestId("position-size")).toHaveText("0.05 BTC");
  const liq = plain(await row.getByTestId("position-liq").textContent());
  const entry = plain(await page.getByTestId("mark-price").textContent());
  expect(liq).toBeGreaterThan(entry * 0.98);
  expect(liq).toBeLessThan(entry);
  // The margin ratio (maintenance / margin + PnL) reaches 80 % here, a tenth of a percent above the liquidation price.
  const warnAt = (liq * (1 - MMR)) / (1 - 1.25 * MMR);
  await expect(row.getByTestId("near-liquidation")).toHaveCount(0);

  // Quickly to just above the warning zone, then slowly through it, so the warning comes first.
  steerFuturesPrice("BTCUSDT", warnAt * 1.002, 1);
  await expect
    .poll(async () => plain(await page.getByTestId("mark-price").textContent()), { timeout: 20_000 })
    .toBeLessThan(warnAt * 1.003);
  await expect(row).toBeVisible();
  steerFuturesPrice("BTCUSDT", liq * 0.99, 0.02);

  await expect(toast(page, "Your BTCUSDT Long position is close to liquidation. Add margin or reduce it.")).toBeVisible({
    timeout: 40_000,
  });
  await expect(row.getByTestId("near-liquidation")).toHaveText("Near liquidation");

  await expect(toast(page, "Your BTCUSDT Long position (0.05) was liquidated.")).toBeVisible({ timeout: 40_000 });
  await expect(row).toHaveCount(0);
  await expect(panels(page).getByRole("tab", { name: "Positions (0)" })).toBeVisible();
  await expect(page.getByTestId("liquidation-line")).toHaveCount(0);
  // the warning was shown once, however many pushes carried it, and the liquidation once
  const texts = await shown();
  expect(texts.filter((t) => t.includes("close to liquidation"))).toHaveLength(1);
  expect(texts.filter((t) => t.includes("was liquidated"))).toHaveLength(1);

  // The history lists it: a liquidation bill of the long, its margin lost.
  await panels(page).getByRole("tab", { name: "Liquidations" }).click();
  const history = panels(page).getByTestId("liquidation-history");
  const bill = history.getByRole("row").filter({ hasText: "BTCUSDT" }).first();
  await expect(bill).toContainText("Long");
  expect(plain(await bill.getByRole("cell").last().textContent())).toBeLessThan(0);
  expect(positionReads).toBe(0);
  expect(pageProblems).toEqual([]);
});
