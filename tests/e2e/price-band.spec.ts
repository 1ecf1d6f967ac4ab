import type { Page } from "@playwright/test";
import { expect, testFrom } from "./fixtures";
import { newFuturesTrader, registerThroughPage } from "./helpers";

/**
 * The order forms say before sending what the gateway's price band would refuse (docs/decisions/340
 * and 341; protocol/price-protection.ts): a limit price more than 5 % through the reference (spot:
 * the last price, futures: the mark price) shows the allowed bound beside the price field and its
 * button is refused, still reachable and described by the reason; a price inside goes through.
 */
let n = 0;
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });
const plain = (text: string | null) => Number((text ?? "").replace(/[^\d.]/g, ""));
/** The bound a "Price must be at most 99,750.00." names, as a number. */
const boundOf = (text: string | null) => plain(/([\d,]+(?:\.\d+)?)/.exec(text ?? "")?.[1] ?? "");

const spotPanel = (page: Page) => page.getByRole("region", { name: "Place an order" });

const spotTest = testFrom(async (page: Page) => {
  await registerThroughPage(page, `band-${Date.now()}-${n++}@example.com`, "Passw0rd!x");
  await page.goto("/spot/BTCUSDT");
  await expect(page.getByTestId("order-book")).toHaveAttribute("data-live", "true");
  await expect(spotPanel(page).getByTestId("available")).toHaveText("10,000");
});

spotTest("spot: a buy 10 % over the last price shows its bound and is refused; inside the band it is placed", async (page) => {
  const panel = spotPanel(page);
  const price = panel.getByLabel("Price", { exact: true });
  const buy = panel.getByRole("button", { name: "Buy BTC" });
  const last = plain(await page.getByTestId("last-price").textContent());
  expect(last).toBeGreaterThan(0);
  await price.fill((last * 1.1).toFixed(2));
  await panel.getByLabel("Amount", { exact: true }).fill("0.001");
  // Said at once beside the field (the page's number format, the pair's two decimals), before any send.
  const note = panel.locator("#order-price-error");
  await expect(note).toHaveText(/^Price must be at most [\d,]+\.\d{2}\.$/);
  const bound = boundOf(await note.textContent());
  expect(bound).toBeGreaterThan(last * 1.04);
  expect(bound).toBeLessThan(last * 1.06);
  await expect(price).toHaveAttribute("aria-invalid", "true");
  await expect(buy).toHaveAttribute("aria-disabled", "true");
  await expect(buy).toHaveAttribute("aria-describedby", "order-price-error");
  // Reachable by keyboard: Enter on it sends nothing and takes the trader to the price.
  await buy.focus();
  await page.keyboard.press("Enter");
  await expect(price).toBeFocused();
  await expect(toast(page, "Order placed")).toHaveCount(0);

  // Inside the band (1 % under the last price): no note, the order goes through.
  await price.fill((last * 0.99).toFixed(2));
  await expect(note).toHaveCount(0);
  await expect(buy).not.toHaveAttribute("aria-disabled", "true");
  await buy.click();
  await expect(toast(page, "Order placed")).toBeVisible();

  // A market buy says how far it may fill: about 5 % over the last price, the rest cancelled.
  await panel.getByRole("button", { name: "Market", exact: true }).click();
  await expect(panel.getByTestId("order-protection")).toHaveText(/^Fills up to ≈ [\d,]+\.\d{2}; the rest is cancelled\.$/);
  // the simulated market has moved since the first reading: the bound follows the last price now,
  // so it is compared with the readings just before and just after it
  const before = plain(await page.getByTestId("last-price").textContent());
  const protection = boundOf(await panel.getByTestId("order-protection").textContent());
  const after = plain(await page.getByTestId("last-price").textContent());
  expect(protection).toBeGreaterThan(Math.min(before, after) * 1.04);
  expect(protection).toBeLessThan(Math.max(before, after) * 1.06);
});

const futuresForm = (page: Page) => page.getByRole("region", { name: "Futures order" });

const futuresTest = testFrom(async (page: Page) => {
  await newFuturesTrader(page, "/futures/usdt/BTCUSDT", "1000");
  await expect(page.getByTestId("mark-price")).toHaveText(/\d/);
});

futuresTest("futures: a long 10 % over the mark price shows its bound and is refused; inside the band it is placed", async (page) => {
  const form = futuresForm(page);
  await form.getByRole("button", { name: "Limit", exact: true }).click();
  await form.getByTestId("futures-unit").selectOption("coin");
  await form.getByLabel("Size").fill("0.01");
  const mark = plain(await page.getByTestId("mark-price").textContent());
  expect(mark).toBeGreaterThan(0);
  const price = form.getByLabel("Price");
  await price.fill((mark * 1.1).toFixed(1));
  const long = form.getByTestId("submit-long");
  // The long is refused with its bound; a short there rests (a sell may be far above the mark).
  const note = form.getByTestId("futures-band-long");
  await expect(note).toHaveText(/^Open long: Price must be at most [\d,]+(?:\.\d+)?\.$/);
  const bound = boundOf(await note.textContent());
  expect(bound).toBeGreaterThan(mark * 1.04);
  expect(bound).toBeLessThan(mark * 1.06);
  await expect(long).toHaveAttribute("aria-disabled", "true");
  await expect(long).toHaveAttribute("aria-describedby", (await note.getAttribute("id")) ?? "");
  await expect(form.getByTestId("futures-band-short")).toHaveCount(0);
  await expect(form.getByTestId("submit-short")).not.toHaveAttribute("aria-disabled", "true");
  // Still reachable (Playwright does not click an aria-disabled button): Enter on it sends nothing and goes to the price.
  await long.focus();
  await page.keyboard.press("Enter");
  await expect(price).toBeFocused();
  await expect(toast(page, "Order placed")).toHaveCount(0);

  // Inside the band: placed.
  await price.fill((mark * 0.99).toFixed(1));
  await expect(note).toHaveCount(0);
  await long.click();
  await expect(toast(page, "Order placed")).toBeVisible();

  // A market order shows each button's protection price from the mark.
  await form.getByRole("button", { name: "Market", exact: true }).click();
  await expect(form.getByTestId("futures-protection-long")).toHaveText(/^Fills up to ≈ [\d,]+(?:\.\d+)?; the rest is cancelled\.$/);
  await expect(form.getByTestId("futures-protection-short")).toHaveText(/^Fills down to ≈ [\d,]+(?:\.\d+)?; the rest is cancelled\.$/);
});
