import type { Page } from "@playwright/test";
import { priceCommand } from "../setup/price-control";
import { test, expect } from "./fixtures";
import { recordToasts, registerThroughPage } from "./helpers";

/**
 * A margin liquidation on a price path (issue 18; docs/decisions/707, 320 and 316's addendum): the
 * test pins the e2e gateway's BTCUSDT spot price and glides it down with the operator's command
 * (`--market spot`); the house makers trade there, and the screen shows the margin call, then the
 * close-out, from what the gateway answers.
 */
const box = (page: Page) => page.getByTestId("margin-account");
const form = (page: Page) => page.getByRole("region", { name: "Margin order" }).last();
const dialog = (page: Page) => page.getByRole("dialog");
const plain = (text: string | null) => Number((text ?? "").replace(/[^\d.-]/g, ""));
const dataDir = () => process.env.E2E_DATA_DIR as string;

function steerSpot(args: string[]): void {
  const r = priceCommand(dataDir(), ["--market", "spot", "--symbol", "BTCUSDT", ...args, "--wait", "10"]);
  if (r.code !== 0) throw new Error(`futures:price --market spot failed (${r.code}): ${r.stderr}`);
}

// Whatever happens, BTCUSDT follows its own market again for the tests after this one.
test.afterEach(() => steerSpot(["--release"]));

test("a leveraged cross long gets its margin call, then is liquidated, as BTC is driven down", async ({ page, pageProblems }) => {
  test.setTimeout(180_000);
  // Every toast the page shows, kept after it is gone (each lasts a few seconds).
  const shown = await recordToasts(page);

  await registerThroughPage(page, `margin-liq-${Date.now()}@example.com`, "Passw0rd!x");
  await page.goto("/margin/BTCUSDT");
  await expect(page.getByTestId("kline-chart")).toBeVisible();
  await box(page).getByRole("button", { name: "Transfer in", exact: true }).click();
  await dialog(page).getByLabel("Amount").fill("1000");
  await dialog(page).getByRole("button", { name: "Transfer in", exact: true }).click();
  await expect.poll(async () => plain(await box(page).getByTestId("margin-available").textContent())).toBe(1000);

  // 2500 USDT of BTC on 1000 of one's own: 1500 borrowed, a risk rate near 1.67.
  await form(page).getByLabel("Loan mode").selectOption("autoLoan");
  await form(page).getByRole("button", { name: "Market", exact: true }).click();
  await form(page).getByLabel("Total").fill("2500");
  await form(page).getByRole("button", { name: "Buy BTC" }).click();
  await dialog(page).getByRole("button", { name: "Confirm" }).click();
  const gauge = box(page).getByRole("meter", { name: "Risk rate" });
  await expect(gauge).toHaveAttribute("aria-valuetext", /Medium risk/);
  const last = plain(await page.getByTestId("last-price").textContent());

  // Down about 40 % at 1.5 % a second: the call comes below 1.3, liquidation below 1.1.
  steerSpot(["--price", (last * 0.6).toFixed(2), "--rate", "1.5"]);
  await expect.poll(async () => (await shown()).some((t) => /Margin call: your risk rate is \d/.test(t)), { timeout: 60_000 }).toBe(true);
  await expect.poll(async () => plain(await box(page).getByTestId("margin-borrowed").textContent()), { timeout: 90_000 }).toBe(0);
  await expect(gauge).toHaveAttribute("aria-valuetext", /No debt/);
  // The close-out's sale is said as a liquidation, and the records list it.
  await expect
    .poll(async () => (await shown()).some((t) => /^Liquidation: Sell .* BTC at .* closed out your margin debt\.$/.test(t)))
    .toBe(true);
  await page.goto("/record/margin");
  await page.getByRole("tab", { name: "Liquidations" }).click();
  const rate = page.getByTestId("records-liquidation").getByTestId("record-liqRiskRatio").first();
  await expect(rate).toHaveText(/%$/);
  expect(plain(await rate.textContent())).toBeLessThan(110);
  expect(pageProblems).toEqual([]);
});
