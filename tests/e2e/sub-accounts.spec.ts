import { test, expect } from "./fixtures";
import { registerThroughPage } from "./helpers";
import { IDENTITY_STORAGE_KEYS } from "../../app/lib/http/device-identity";

test("create a sub-account, switch to it and back, and move USDT between main and sub", async ({ page, pageProblems }) => {
  const email = `subs-${Date.now()}@example.com`;
  await registerThroughPage(page, email, "Sup3r-secret");
  const masked = `${email.slice(0, 2)}****@example.com`;

  await page.getByRole("link", { name: "Sub-accounts" }).click();
  await expect(page.getByRole("heading", { name: "Sub-accounts", level: 1 })).toBeVisible();
  await expect(page.getByText("You have no sub-accounts yet.")).toBeVisible();

  // The nickname rule is checked beside the field before anything is sent.
  await page.getByLabel("Nickname").fill("x");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Use 2 to 20 letters, digits, _ or -, with spaces only between them.")).toBeVisible();
  await page.getByLabel("Nickname").fill("Desk 1");
  await page.getByRole("button", { name: "Create" }).click();
  const row = page.getByRole("row", { name: /Desk 1/ });
  await expect(row).toContainText("Active");
  await expect(row.getByRole("cell", { name: "0", exact: true })).toBeVisible();
  await expect(page.getByText("Main account: 10,000 USDT available")).toBeVisible();

  // Main → sub: the amount is checked against the balance first, then moved on the ledger.
  await page.getByLabel("Amount").fill("20000");
  await page.getByRole("button", { name: "Transfer", exact: true }).click();
  await expect(page.getByText("Not enough balance for this amount.")).toBeVisible();
  await page.getByLabel("Amount").fill("150.25");
  await page.getByRole("button", { name: "Transfer", exact: true }).click();
  await expect(page.getByText("Transferred 150.25 USDT.")).toBeVisible();
  await expect(row.getByRole("cell", { name: "150.25", exact: true })).toBeVisible();
  await expect(page.getByText("Main account: 9,849.75 USDT available")).toBeVisible();

  // Sub → main.
  await page.getByLabel("From", { exact: true }).selectOption({ index: 1 });
  await page.getByLabel("To", { exact: true }).selectOption({ index: 0 });
  await expect(page.getByText("Available: 150.25 USDT")).toBeVisible();
  await page.getByLabel("Amount").fill("50");
  await page.getByRole("button", { name: "Transfer", exact: true }).click();
  await expect(row.getByRole("cell", { name: "100.25", exact: true })).toBeVisible();
  await expect(page.getByText("Main account: 9,899.75 USDT available")).toBeVisible();

  // Into the sub-account: a new session, the header names it; then back through the header's switcher.
  await page.getByRole("button", { name: "Switch to Desk 1" }).click();
  await expect(page.getByRole("link", { name: "Desk 1: Security" })).toBeVisible();
  await expect(page.getByText("You are in a sub-account.")).toBeVisible();
  await page.getByRole("button", { name: "Switch account" }).click();
  await expect(page.getByRole("link", { name: "Manage sub-accounts" })).toBeVisible();
  await page.getByRole("button", { name: /Main account/ }).click();
  await expect(page.getByRole("link", { name: `${masked}: Security` })).toBeVisible();
  await expect(page.getByRole("row", { name: /Desk 1/ }).getByRole("cell", { name: "100.25", exact: true })).toBeVisible();

  // A frozen sub-account cannot be switched to.
  await page.getByRole("button", { name: "Freeze Desk 1" }).click();
  await expect(page.getByRole("row", { name: /Desk 1/ })).toContainText("Frozen");
  await expect(page.getByRole("button", { name: "Switch to Desk 1" })).toBeDisabled();
  expect(pageProblems).toEqual([]);
});

test("a device proven by the main account stays proven after visiting a sub-account", async ({ page, pageProblems }) => {
  const email = `subdev-${Date.now()}@example.com`;
  await registerThroughPage(page, email, "Sup3r-secret");
  await page.getByRole("link", { name: "Sub-accounts" }).click();
  await page.getByLabel("Nickname").fill("Bot desk");
  await page.getByRole("button", { name: "Create" }).click();
  await page.getByRole("button", { name: "Switch to Bot desk" }).click();
  await expect(page.getByText("You are in a sub-account.")).toBeVisible();
  const ids = await page.evaluate(
    (k) => [localStorage.getItem(k.lastUserId), localStorage.getItem(k.lastLoginUserId)],
    IDENTITY_STORAGE_KEYS,
  );
  expect(ids[0]).not.toBe(ids[1]);

  // Log out while in the sub, then log in to the main account from this same browser: no new-device step.
  await page.getByRole("button", { name: "Log out" }).click();
  await page.getByRole("link", { name: "Log in", exact: true }).first().waitFor();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Sup3r-secret");
  await page.getByRole("main").getByRole("button", { name: "Log in" }).click();
  await page.getByRole("button", { name: "Log out" }).waitFor();
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toHaveCount(0);
  expect(pageProblems).toEqual([]);
});
