import { IDENTITY_STORAGE_KEYS } from "../../app/lib/http/device-identity";
import { totpAt } from "../../gateway/accounts/totp";
import { test, expect } from "./fixtures";
import { newAccountOn, registerThroughPage, storedItem } from "./helpers";

test("the security overview links its three pages, each of which works", async ({ page, pageProblems }) => {
  const { ip } = await newAccountOn(page, "pages", "/modifyverification");
  await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Security settings" });

  await nav.getByRole("link", { name: "Anti-phishing code" }).click();
  await expect(page).toHaveURL(/\/subaccount\/setting\/antiphishing$/);
  await expect(page.getByRole("heading", { name: "Anti-phishing code", level: 1 })).toBeVisible();
  await page.getByLabel("Your anti-phishing code").fill("ab");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByLabel("Your anti-phishing code")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Your anti-phishing code").fill("blue_whale");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();

  await nav.getByRole("link", { name: "Devices" }).click();
  await expect(page).toHaveURL(/\/subaccount\/setting\/devices$/);
  await expect(page.getByRole("heading", { name: "Devices", level: 1 })).toBeVisible();
  await expect(page.getByRole("row", { name: /This device/ })).toBeVisible();

  await nav.getByRole("link", { name: "Recent logins" }).click();
  await expect(page).toHaveURL(/\/subaccount\/setting\/history$/);
  await expect(page.getByRole("heading", { name: "Recent logins", level: 1 })).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("row").nth(1)).toContainText(ip);

  // Each page has its own address, in any locale.
  await page.goto("/de/subaccount/setting/devices");
  await expect(page.getByRole("row", { name: /./ }).nth(1)).toBeVisible();
  expect(pageProblems).toEqual([]);
});

test("bind Google Authenticator with a TOTP code, then log in with it; the only e-mail cannot be removed", async ({
  page,
  pageProblems,
}) => {
  const { email } = await newAccountOn(page, "totp", "/modifyverification");

  await page.getByRole("button", { name: "Remove E-mail" }).click();
  await expect(page.getByRole("alert")).toHaveText(/only e-mail or phone on your account/);

  await page.getByRole("button", { name: "Set up Google Authenticator" }).click();
  await page.getByRole("button", { name: "Start setup" }).click();
  await expect(page.getByRole("img", { name: "QR code with your authenticator setup link" })).toBeVisible();
  const secret = (await page.getByTestId("google-secret").textContent()) ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByText(`otpauth://totp/`)).toContainText(`secret=${secret}`);
  await page.getByLabel("Authenticator code").fill(totpAt(secret, Date.now()) === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("That code is not right.")).toBeVisible();
  await page.getByLabel("Authenticator code").fill(totpAt(secret, Date.now()));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("binding-google")).toContainText("On");
  await expect(page.getByRole("button", { name: "Remove Google Authenticator" })).toBeVisible();

  // The next login from this browser asks for the authenticator code.
  await page.getByRole("button", { name: "Log out" }).click();
  await page.getByRole("link", { name: "Log in", exact: true }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("Sup3r-secret");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Authenticator code" })).toBeVisible();
  // The bind spent this step's code (each step is good once); the next step's is within the window.
  await page.getByRole("textbox", { name: "Authenticator code" }).fill(totpAt(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Confirm" }).click();
  await page.waitForURL("/");
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  expect(pageProblems).toEqual([]);
});

test("the browser keeps the logged-in user's id, and clears it with a warning when user info fails", async ({ page, pageProblems }) => {
  const warnings: string[] = [];
  page.on("console", (m) => void (m.type() === "warning" && warnings.push(m.text())));
  const [info] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/v1/user/overview/userinfo")),
    registerThroughPage(page, `info-${Date.now()}@example.com`, "Sup3r-secret"),
  ]);
  const userId = ((await info.json()) as { data: { userInfo: { userId: string } } }).data.userInfo.userId;
  await expect.poll(() => storedItem(page, IDENTITY_STORAGE_KEYS.lastUserId)).toBe(userId);

  // Once per page load: moving between pages in the app does not ask again.
  let asked = 0;
  page.on("request", (r) => void (r.url().endsWith("/v1/user/overview/userinfo") && asked++));
  await page.getByRole("link", { name: "Sub-accounts" }).click();
  await expect(page.getByRole("heading", { name: "Sub-accounts", level: 1 })).toBeVisible();
  expect(asked).toBe(0);

  await page.route("**/v1/user/overview/userinfo", (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({ code: "00004", msg: "Please log in", requestTime: Date.now(), data: null }),
    }),
  );
  await page.reload();
  await expect.poll(() => storedItem(page, IDENTITY_STORAGE_KEYS.lastUserId)).toBeNull();
  expect(warnings.some((w) => w.includes("[user-info] Please log in"))).toBe(true);
  expect(asked).toBe(1);
  expect(pageProblems).toEqual([]);
});
