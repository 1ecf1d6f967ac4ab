/**
 * The README's picture of the pro layout (docs/decisions/720): a new trader on /spot/BTCUSDT at
 * 1440×900 with a resting limit order, saved to docs/images/pro-layout.png. Not a test.
 *
 *   npm run build && node --import tsx scripts/pro-layout-screenshot.ts
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchChromium } from "../bench/browser-page.ts";
import { ROOT, startWeb, tempDataDir } from "../tests/setup/processes.ts";
import { newestCode } from "../tests/setup/outbox.ts";

const data = tempDataDir("mix-shot-");
const web = await startWeb({ DATA_DIR: data.dir, REQUEST_LOG: "off" });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const email = `trader-${Date.now()}@example.com`;
  const password = "Passw0rd!x";
  await page.goto(`${web.url}/register`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByText("We sent a 6-digit code to your e-mail.").waitFor();
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Repeat password").fill(password);
  let code: string | undefined;
  while (!(code = newestCode(data.dir, email))) await new Promise((r) => setTimeout(r, 100));
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.getByRole("button", { name: "Log out" }).waitFor();

  await page.goto(`${web.url}/spot/BTCUSDT`);
  await page.getByTestId("order-book").and(page.locator('[data-live="true"]')).waitFor();
  // A buy a little under the market, so the orders panel has a row.
  const form = page.getByRole("region", { name: "Place an order" });
  const price = form.getByLabel("Price", { exact: true });
  await price.fill(String(Math.floor(Number(await price.inputValue()) * 0.99)));
  await form.getByLabel("Amount", { exact: true }).fill("0.05");
  await form.getByRole("button", { name: "Buy BTC" }).click();
  await page.getByTestId("open-orders").getByRole("row").nth(1).waitFor();
  await page.getByTestId("kline-chart").locator("canvas").first().waitFor();
  // The chart's one-time tip about its order lines is read and closed, as a trader would.
  await page.getByRole("button", { name: "Got it" }).click();
  // Toasts fade; the picture is of the layout.
  await page
    .getByRole("status")
    .filter({ hasText: "Order placed" })
    .waitFor({ state: "detached", timeout: 15_000 })
    .catch(() => {});
  await page.mouse.move(0, 0);
  mkdirSync(join(ROOT, "docs/images"), { recursive: true });
  await page.screenshot({ path: join(ROOT, "docs/images/pro-layout.png") });
  console.info("docs/images/pro-layout.png");
} finally {
  await browser.close();
  await web.stop();
  data.remove();
}
