import { test, expect } from "./fixtures";
import { registerThroughPage } from "./helpers";

// The refused calls below answer 401, which Chromium logs; nothing else may fail.
test.use({ allowConsoleErrors: [/status of 401/] });

test("signed calls are accepted, and a missing signature, a stale time or a tampered body are refused", async ({ page, pageProblems }) => {
  await registerThroughPage(page, `sec-${Date.now()}@example.com`, "Sup3r-secret");
  await page.goto("/subaccount/setting/devices");
  await expect(page.getByRole("heading", { name: "Devices" })).toBeVisible();
  await expect(page.getByText("This device")).toBeVisible();
  await page.goto("/subaccount/setting/antiphishing");

  const save = async () => {
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/v1/user/security/anti-phishing")),
      page.getByRole("button", { name: "Save" }).click(),
    ]);
    return { headers: res.request().headers(), body: (await res.json()) as { code: string }, signError: res.headers()["gw-sign-error"] };
  };
  const field = page.getByLabel("Your anti-phishing code");

  await field.fill("first_code");
  const accepted = await save();
  expect(accepted.body.code).toBe("00000");
  expect(accepted.headers["device-sign-mode"]).toBe("2");
  expect(accepted.headers["device-sign"]).toMatch(/^[A-Za-z0-9+/]+=*$/);
  expect(accepted.headers["device-sign-data-md5"]).toMatch(/^[0-9a-f]{32}$/);
  expect(accepted.headers["device-sign-key"]).toMatch(/^[0-9a-f]{32}$/);
  await expect(page.getByText("Saved.")).toBeVisible();

  const path = "**/v1/user/security/anti-phishing";
  await page.route(path, (route) => {
    const headers = { ...route.request().headers() };
    delete headers["device-sign"];
    return route.continue({ headers });
  });
  await field.fill("second_code");
  const missing = await save();
  expect([missing.body.code, missing.signError]).toEqual(["00020", "missing"]);
  await page.unroute(path);

  await page.route(path, (route) => route.continue({ headers: { ...route.request().headers(), tm: String(Date.now() - 500_000) } }));
  await field.fill("third_code");
  const stale = await save();
  expect([stale.body.code, stale.signError]).toEqual(["00022", "expired"]);
  await page.unroute(path);

  await page.route(path, (route) => route.continue({ postData: (route.request().postData() ?? "").replace("fourth", "evil__") }));
  await field.fill("fourth_code");
  const tampered = await save();
  expect(tampered.body.code).toBe("00023");
  // 00023 ends the session: the page logs out and reloads as a guest.
  await expect(page.getByRole("link", { name: "Log in", exact: true })).toBeVisible();
  expect(pageProblems).toEqual([]);
});
