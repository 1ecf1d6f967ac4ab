import { test, expect } from "./fixtures";
import { codeFor, registerThroughPage } from "./helpers";

test("reset a forgotten password with the e-mail code, then log in with the new one", async ({ page, pageProblems }) => {
  const email = `forget-${Date.now()}@example.com`;
  await registerThroughPage(page, email, "Old-passw0rd");
  await page.getByRole("button", { name: "Log out" }).click();
  await page.getByRole("link", { name: "Log in", exact: true }).click();
  // The embedded gateway offers no third-party, QR or FIDO login, so the page offers none.
  await expect(page.getByRole("navigation", { name: "Other ways to log in" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Continue with/ })).toHaveCount(0);

  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("If this e-mail belongs to an account, we sent it a 6-digit code.")).toBeVisible();
  const code = await codeFor(email);

  await page.getByLabel("New password", { exact: true }).fill("New-passw0rd");
  await page.getByLabel("Repeat new password").fill("Other-passw0rd");
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("The passwords do not match.")).toBeVisible();
  await expect(page.getByLabel("Repeat new password")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Repeat new password").fill("New-passw0rd");
  await page.getByLabel("Verification code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("That code is not right.")).toBeVisible();

  await page.getByLabel("Verification code").fill(code);
  const [reset] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/v1/user/public/reset-password")),
    page.getByRole("button", { name: "Reset password" }).click(),
  ]);
  await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();
  // Sealed like a login: neither the password nor the address travels in clear.
  const sent = reset.request().postData() ?? "";
  expect(sent).toContain("bodyCiphertext");
  expect(sent).not.toContain("New-passw0rd");
  expect(sent).not.toContain(email);

  await page.getByRole("link", { name: "Log in", exact: true }).last().click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("Old-passw0rd");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Incorrect account or password.");
  await page.getByLabel("Password").fill("New-passw0rd");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("/");
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  expect(pageProblems).toEqual([]);
});
