import { createHmac } from "node:crypto";
import { test, expect } from "./fixtures";
import { registerThroughPage } from "./helpers";

/** A bot: plain HTTP with the Bitget HMAC headers, nothing of the browser's. */
async function assets(apiKey: string, secret: string, passphrase: string): Promise<{ code: string }> {
  const baseURL = test.info().project.use.baseURL;
  const ts = String(Date.now());
  const path = "/api/v2/spot/account/assets";
  const res = await fetch(`${baseURL}${path}`, {
    headers: {
      "ACCESS-KEY": apiKey, "ACCESS-TIMESTAMP": ts, "ACCESS-PASSPHRASE": passphrase,
      "ACCESS-SIGN": createHmac("sha256", secret).update(ts + "GET" + path).digest("base64"),
    },
  });
  return (await res.json()) as { code: string };
}

test("create an API key in the page, use it from a plain HTTP client, then delete it", async ({ page, pageProblems }) => {
  await registerThroughPage(page, `api-${Date.now()}@example.com`, "Sup3r-secret");
  await page.goto("/account/newapi");
  await page.getByLabel("Label").fill("my bot");
  await page.getByLabel("Passphrase").fill("bot-passphrase");
  await page.getByLabel("Allow trading (reading is always allowed)").check();
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("heading", { name: "Your new API key" })).toBeVisible();
  const apiKey = (await page.getByTestId("api-key").textContent()) ?? "";
  const secret = (await page.getByTestId("api-secret").textContent()) ?? "";
  expect(apiKey).toMatch(/^bg_[0-9a-f]{32}$/);
  expect((await assets(apiKey, secret, "bot-passphrase")).code).toBe("00000");
  expect((await assets(apiKey, secret, "wrong-passphrase")).code).not.toBe("00000");

  await page.getByRole("link", { name: "Done" }).click();
  const row = page.getByRole("row", { name: /my bot/ });
  await expect(row).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
  await row.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("You have no API keys yet.")).toBeVisible();
  expect((await assets(apiKey, secret, "bot-passphrase")).code).not.toBe("00000");
  expect(pageProblems).toEqual([]);
});
