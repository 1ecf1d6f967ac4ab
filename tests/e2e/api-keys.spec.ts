import { createHmac } from "node:crypto";
import { totpAt } from "../../gateway/accounts/totp";
import { test, expect } from "./fixtures";
import type { Page } from "@playwright/test";
import { bindGoogleAuthenticator, codeFor, newAccountOn } from "./helpers";

/** A bot: plain HTTP with the Bitget HMAC headers, nothing of the browser's. */
async function assets(apiKey: string, secret: string, passphrase: string, ip?: string): Promise<{ code: string }> {
  const baseURL = test.info().project.use.baseURL;
  const ts = String(Date.now());
  const path = "/api/v2/spot/account/assets";
  const res = await fetch(`${baseURL}${path}`, {
    headers: {
      "ACCESS-KEY": apiKey,
      "ACCESS-TIMESTAMP": ts,
      "ACCESS-PASSPHRASE": passphrase,
      "ACCESS-SIGN": createHmac("sha256", secret)
        .update(ts + "GET" + path)
        .digest("base64"),
      ...(ip ? { "x-forwarded-for": ip } : {}),
    },
  });
  return (await res.json()) as { code: string };
}

/** Sends the api-key code from the form's button and waits for the gateway's answer before reading the inbox. */
async function sendApiKeyCode(page: Page, email: string): Promise<string> {
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/v1/user/public/send-code")),
    page.getByRole("button", { name: "Send code" }).click(),
  ]);
  await expect(page.getByRole("button", { name: /Resend in/ })).toBeVisible();
  return codeFor(email);
}

test("create an API key in the page with the e-mail code, use it from a plain HTTP client, then delete it", async ({
  page,
  pageProblems,
}) => {
  const { email } = await newAccountOn(page, "api", "/account/newapi");
  await page.getByLabel("Label").fill("my bot");
  await page.getByLabel("Passphrase").fill("bot-passphrase");
  await page.getByLabel("Allow trading (reading is always allowed)").check();
  // Creating a key needs the second factor: without a code the form says so and nothing is created.
  await expect(page.getByText("Creating or changing an API key needs a code we send to your e-mail.")).toBeVisible();
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByLabel("Verification code")).toHaveAttribute("aria-invalid", "true");
  const code = await sendApiKeyCode(page, email);
  await page.getByLabel("Verification code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("That code is not right.")).toBeVisible();
  await page.getByLabel("Verification code").fill(code);
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

test("after a password reset the key is suspended, the page says so, and re-confirming with a code brings it back", async ({
  page,
  pageProblems,
}) => {
  const { email } = await newAccountOn(page, "api-held", "/account/newapi", "Old-passw0rd");
  await page.getByLabel("Label").fill("held bot");
  await page.getByLabel("Passphrase").fill("bot-passphrase");
  await page.getByLabel("Verification code").fill(await sendApiKeyCode(page, email));
  await page.getByRole("button", { name: "Create" }).click();
  const apiKey = (await page.getByTestId("api-key").textContent()) ?? "";
  const secret = (await page.getByTestId("api-secret").textContent()) ?? "";
  expect((await assets(apiKey, secret, "bot-passphrase")).code).toBe("00000");

  // The forgotten-password reset ends every session and holds every key.
  await page.getByRole("link", { name: "Done" }).click();
  await page.getByRole("button", { name: "Log out" }).click();
  await page.getByRole("link", { name: "Log in", exact: true }).click();
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/v1/user/public/send-code")),
    page.getByRole("button", { name: "Send code" }).click(),
  ]);
  await page.getByLabel("New password", { exact: true }).fill("New-passw0rd");
  await page.getByLabel("Repeat new password").fill("New-passw0rd");
  await page.getByLabel("Verification code").fill(await codeFor(email));
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();
  expect((await assets(apiKey, secret, "bot-passphrase")).code).not.toBe("00000");

  await page.getByRole("link", { name: "Log in", exact: true }).last().click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("New-passw0rd");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("/");
  await page.goto("/subaccount/setting/api");
  await expect(page.getByText("Your password was reset, so your API keys are suspended. Re-confirm each key you still use.")).toBeVisible();
  const row = page.getByRole("row", { name: /held bot/ });
  await expect(row).toContainText("Suspended");
  await row.getByRole("button", { name: "Re-confirm" }).click();
  const form = page.getByRole("form", { name: "Re-confirm held bot" });
  await expect(form).toBeVisible();
  const code = await sendApiKeyCode(page, email);
  await form.getByLabel("Verification code").fill(code);
  await form.getByRole("button", { name: "Re-confirm" }).click();
  await expect(page.getByText("The API key works again.")).toBeVisible();
  await expect(row).toContainText("Active");
  await expect(form).toHaveCount(0);
  expect((await assets(apiKey, secret, "bot-passphrase")).code).toBe("00000");
  expect(pageProblems).toEqual([]);
});

test("a key that may withdraw needs Google Authenticator and an IP list; the form says so before anything is sent", async ({
  page,
  pageProblems,
}) => {
  const { ip } = await newAccountOn(page, "api-withdraw", "/account/newapi");
  await page.getByLabel("Label").fill("payout bot");
  await page.getByLabel("Passphrase").fill("bot-passphrase");
  await expect(page.getByLabel("Allowed IP addresses (optional)")).toBeVisible();
  await page.getByLabel("Allow withdrawals").check();
  // Without Google Authenticator the form names what is missing, beside the fields, and cannot be sent.
  await expect(page.getByText("Giving a key the withdraw permission needs Google Authenticator, as a withdrawal does.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create" })).toBeDisabled();
  await page.getByRole("link", { name: "Security settings" }).click();
  const secret = await bindGoogleAuthenticator(page);

  await page.goto("/account/newapi");
  await page.getByLabel("Label").fill("payout bot");
  await page.getByLabel("Passphrase").fill("bot-passphrase");
  await page.getByLabel("Allow withdrawals").check();
  const ips = page.getByLabel("Allowed IP addresses (required for withdrawals)");
  await expect(ips).toBeVisible();
  await expect(page.getByText("A key that can withdraw needs at least one IP address")).toBeVisible();
  await page.getByLabel("Authenticator code").fill(totpAt(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Add at least one IP address: a key that can withdraw needs one.")).toBeVisible();
  await expect(ips).toHaveAttribute("aria-invalid", "true");
  await ips.fill(` ${ip} `);
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("heading", { name: "Your new API key" })).toBeVisible();
  const apiKey = (await page.getByTestId("api-key").textContent()) ?? "";
  const secretKey = (await page.getByTestId("api-secret").textContent()) ?? "";
  expect((await assets(apiKey, secretKey, "bot-passphrase", ip)).code).toBe("00000");
  expect((await assets(apiKey, secretKey, "bot-passphrase", "198.51.100.99")).code).toBe("40018");

  await page.getByRole("link", { name: "Done" }).click();
  const row = page.getByRole("row", { name: /payout bot/ });
  await expect(row).toContainText("Read, Withdraw");
  await expect(row).toContainText(ip);
  await expect(row).toContainText("Active");
  expect(pageProblems).toEqual([]);
});
