import { test, expect } from "./fixtures";
import { codeFor } from "./helpers";

const email = `e2e-${Date.now()}@example.com`;
const password = "Sup3r-secret";

test("register with the e-mail code, log out, and log in from a new browser with the device step", async ({
  page,
  browser,
  pageProblems,
}) => {
  await page.goto("/register");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("We sent a 6-digit code to your e-mail.")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Repeat password").fill(password);
  await page.getByLabel("Verification code").fill(await codeFor(email));
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.waitForURL("/");
  // Server-rendered as logged in: no guest links in the first HTML.
  const html = await (await page.request.get("/")).text();
  expect(html).toContain("al****@".replace("al", email.slice(0, 2)));
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();

  // The key pair lives in IndexedDB and its private half cannot be exported by any script.
  const keyCheck = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((res, rej) => {
      const r = indexedDB.open("mix-web", 1);
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const names = await new Promise<string[]>((res) => {
      const r = db.transaction("local_cache").objectStore("local_cache").getAllKeys();
      r.onsuccess = () => res(r.result.map(String));
    });
    const session = names.find((n) => n.startsWith("session:"))!;
    const pair = await new Promise<{ privateKey: CryptoKey }>((res) => {
      const r = db.transaction("local_cache").objectStore("local_cache").get(session);
      r.onsuccess = () => res(r.result);
    });
    let exported = "no";
    try {
      await crypto.subtle.exportKey("pkcs8", pair.privateKey);
      exported = "yes";
    } catch {
      exported = "refused";
    }
    return { names, extractable: pair.privateKey.extractable, exported };
  });
  expect(keyCheck.names.some((n) => n.startsWith("user:"))).toBe(true);
  expect(keyCheck.extractable).toBe(false);
  expect(keyCheck.exported).toBe("refused");

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("link", { name: "Log in", exact: true })).toBeVisible();

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto("/login");
  await other.getByLabel("E-mail").fill(email);
  await other.getByLabel("Password").fill(password);
  await other.getByRole("button", { name: "Log in" }).click();
  await expect(other.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  await other.getByLabel("E-mail code").fill(await codeFor(email));
  await other.getByRole("button", { name: "Confirm" }).click();
  await other.waitForURL("/");
  await expect(other.getByRole("button", { name: "Log out" })).toBeVisible();
  await fresh.close();
  expect(pageProblems).toEqual([]);
});

test("form errors sit beside their fields and the password is never echoed", async ({ page, pageProblems }) => {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByRole("button", { name: "Log in" }).click();
  const field = page.getByLabel("E-mail");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter a valid e-mail address.")).toBeVisible();
  await expect(page.getByText("Enter your password.")).toBeVisible();
  await page.getByLabel("E-mail").fill("nobody@example.com");
  await page.getByLabel("Password").fill("Wrong-pass1");
  const [login] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/v1/user/login")),
    page.getByRole("button", { name: "Log in" }).click(),
  ]);
  await expect(page.getByRole("alert")).toHaveText("Incorrect account or password.");
  // The password travels only inside bodyCiphertext, and nothing comes back with it.
  const sent = login.request().postData() ?? "";
  expect(sent).toContain("bodyCiphertext");
  expect(sent).not.toContain("Wrong-pass1");
  expect(sent).not.toContain("nobody@example.com");
  expect(await login.text()).not.toContain("Wrong-pass1");
  expect(pageProblems).toEqual([]);
});

test("the e-mail and mobile tabs are the house's ARIA tabs: one tab stop, arrows, Home and End", async ({ page, pageProblems }) => {
  await page.goto("/register");
  const tabs = page.getByRole("tablist", { name: "Sign in with" });
  const email = tabs.getByRole("tab", { name: "E-mail" });
  const mobile = tabs.getByRole("tab", { name: "Mobile" });
  await expect(email).toHaveAttribute("aria-selected", "true");
  await expect(mobile).toHaveAttribute("tabindex", "-1");
  await email.focus();
  await page.keyboard.press("End");
  await expect(mobile).toBeFocused();
  await expect(mobile).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Country code")).toBeVisible();
  await page.keyboard.press("Home");
  await expect(email).toBeFocused();
  await expect(page.getByLabel("E-mail", { exact: true })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(mobile).toHaveAttribute("aria-selected", "true");
  expect(pageProblems).toEqual([]);
});

test("the page's initial JavaScript carries no node-forge", async ({ page, pageProblems }) => {
  const scripts: string[] = [];
  page.on("response", async (r) => {
    if (r.url().endsWith(".js")) scripts.push(await r.text());
  });
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  // A string only node-forge's own ASN.1 code carries.
  for (const s of scripts) expect(s).not.toContain("Too few bytes to parse DER");
  expect(pageProblems).toEqual([]);
});
